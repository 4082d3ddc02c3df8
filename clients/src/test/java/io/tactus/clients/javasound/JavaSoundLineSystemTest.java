package io.tactus.clients.javasound;

import io.tactus.api.TactusClient;
import io.tactus.clients.Tones;
import io.tactus.clients.SineClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.LineEvent;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The {@code DataLine} contract of the Tactus lines, through {@code AudioSystem} as a program gets them, against
 * a real in-process server on the dummy driver (48 kHz, 64 frames). Time bounds are generous: the host steals the
 * CPU in bursts; exact counts are asserted where the contract gives them.
 */
class JavaSoundLineSystemTest {

    private static final String SERVER = "javasound-lines-" + ProcessHandle.current().pid();
    private static final AudioFormat CD = new AudioFormat(44_100, 16, 2, true, false);
    private static final int FRAME = 4;
    private static final String[] KEYS = {"javax.sound.sampled.SourceDataLine", "javax.sound.sampled.TargetDataLine",
            "tactus.server", "tactus.javasound.name", "tactus.javasound.connect"};

    private static TactusServer server;

    private final List<AutoCloseable> opened = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startServer() {
        server = TactusServer.start(ServerSettings.defaults().withName(SERVER)
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE)));
        System.setProperty("javax.sound.sampled.SourceDataLine", "#Tactus");
        System.setProperty("javax.sound.sampled.TargetDataLine", "#Tactus");
        System.setProperty("tactus.server", SERVER);
        System.setProperty("tactus.javasound.name", "jsline");
    }

    @AfterAll
    static void stopServer() {
        for (String key : KEYS) {
            System.clearProperty(key);
        }
        server.close();
    }

    @AfterEach
    void closeLines() throws Exception {
        for (AutoCloseable c : opened) {
            c.close();
        }
        System.clearProperty("tactus.javasound.connect");
    }

    private SourceDataLine playback(int bufferMillis) throws Exception {
        SourceDataLine line = AudioSystem.getSourceDataLine(CD);
        opened.add(line);
        line.open(CD, 44_100 * FRAME * bufferMillis / 1000);
        return line;
    }

    @Test
    void shouldBlockAWriteLargerThanTheBufferForAboutAsLongAsTheAudioLasts() throws Exception {
        SourceDataLine line = playback(100);
        line.start();
        byte[] oneSecond = tone(44_100, 440);
        long start = System.nanoTime();
        int written = line.write(oneSecond, 0, oneSecond.length);
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("a 1 s write into a 100 ms buffer returned after %.3f s%n", seconds);
        assertEquals(oneSecond.length, written);
        assertTrue(seconds > 0.7 && seconds < 3.0, "about 0.9 s (the audio less what the buffer holds), not " + seconds);
        assertTrue(line.isActive(), "a line that is playing is active");
    }

    @Test
    void shouldReportAvailableFallingWhenWrittenAndRecoveringAsItPlays() throws Exception {
        SourceDataLine line = playback(100);
        int buffer = line.getBufferSize();
        assertEquals(17_640, buffer, "the requested 100 ms");
        assertEquals(buffer, line.available(), "an empty line can take its whole buffer");
        byte[] half = new byte[buffer / 2];
        assertEquals(half.length, line.write(half, 0, half.length), "what is available is written without blocking");
        int after = line.available();
        assertEquals(buffer - half.length, after, 4 * FRAME,
                "available fell by what was written (within the frames the resampler holds back): " + after);
        line.start();
        assertTrue(within(3_000, () -> line.available() == buffer), "the buffer plays out and available recovers");
    }

    @Test
    void shouldReturnFromDrainOnlyWhenEverythingWrittenHasPlayed() throws Exception {
        SourceDataLine line = playback(500);
        byte[] audio = tone(44_100 * 3 / 10, 440); // 300 ms
        assertEquals(audio.length, line.write(audio, 0, audio.length));
        line.start();
        long start = System.nanoTime();
        line.drain();
        double seconds = (System.nanoTime() - start) / 1e9;
        System.out.printf("drain of 300 ms of audio returned after %.3f s%n", seconds);
        assertTrue(seconds > 0.25 && seconds < 3.0, "drain waits for the 300 ms to play, took " + seconds);
        assertEquals(audio.length / FRAME, line.getLongFramePosition(), "after drain the position is every frame written");
        assertEquals(line.getBufferSize(), line.available());
        assertEquals(300_000, line.getMicrosecondPosition(), 30);
    }

    @Test
    void shouldEmptyTheBufferOnFlushAndReleaseABlockedWrite() throws Exception {
        SourceDataLine line = playback(100);
        byte[] twice = new byte[line.getBufferSize() * 2];
        CompletableFuture<Integer> blocked = CompletableFuture.supplyAsync(() -> line.write(twice, 0, twice.length));
        assertTrue(within(3_000, () -> line.available() < FRAME * 4), "the stopped line fills up");
        Thread.sleep(100);
        assertFalse(blocked.isDone(), "a write to a full, stopped line blocks");
        line.flush();
        int written = blocked.get(3, TimeUnit.SECONDS);
        assertTrue(written > 0 && written < twice.length, "flush releases the write with what it wrote: " + written);
        assertEquals(line.getBufferSize(), line.available(), "flush empties the buffer");
        assertEquals(0, line.getLongFramePosition(), "nothing flushed was played");
    }

    @Test
    void shouldAdvanceThePositionAtTheLineRateOnlyWhileRunningAndSendEveryEvent() throws Exception {
        SourceDataLine line = AudioSystem.getSourceDataLine(CD);
        opened.add(line);
        List<LineEvent.Type> events = new CopyOnWriteArrayList<>();
        line.addLineListener(e -> events.add(e.getType()));
        line.open(CD, 44_100 * FRAME / 5);
        byte[] chunk = tone(4_410, 440);
        CompletableFuture<Void> feeder = CompletableFuture.runAsync(() -> {
            while (line.isOpen()) {
                line.write(chunk, 0, chunk.length);
            }
        });
        line.start();
        Thread.sleep(200);
        long from = line.getLongFramePosition();
        long t0 = System.nanoTime();
        Thread.sleep(1_000);
        long frames = line.getLongFramePosition() - from;
        double rate = frames / ((System.nanoTime() - t0) / 1e9);
        System.out.printf("position advanced at %.0f frames/s (line rate 44100)%n", rate);
        assertTrue(rate > 30_000 && rate < 60_000, "about 44100 frames per second, not " + rate);

        line.stop();
        assertFalse(line.isRunning());
        Thread.sleep(50);
        long stopped = line.getLongFramePosition();
        Thread.sleep(300);
        assertEquals(stopped, line.getLongFramePosition(), "a stopped line's position stands still");
        line.start();
        assertTrue(within(3_000, () -> line.getLongFramePosition() > stopped), "and moves on after start");
        line.close();
        feeder.get(3, TimeUnit.SECONDS);
        assertEquals(List.of(LineEvent.Type.OPEN, LineEvent.Type.START, LineEvent.Type.STOP, LineEvent.Type.START,
                LineEvent.Type.STOP, LineEvent.Type.CLOSE), events);
    }

    @Test
    void shouldShowEachLineAsAConnectedClientAndRemoveItOnClose() throws Exception {
        SourceDataLine first = playback(100);
        SourceDataLine second = AudioSystem.getSourceDataLine(new AudioFormat(22_050, 8, 1, false, false));
        opened.add(second);
        second.open();
        try (TactusClient probe = server.openClient("probe-" + System.nanoTime())) {
            List<String> ports = probe.getPorts();
            assertTrue(ports.containsAll(List.of("jsline:out_1", "jsline:out_2", "jsline-2:out_1")),
                    "two lines, two clients, the second named uniquely: " + ports);
            assertEquals(List.of("system:playback_1"), probe.getConnections("jsline:out_1"));
            assertEquals(List.of("system:playback_2"), probe.getConnections("jsline:out_2"));
            assertEquals(List.of("system:playback_1", "system:playback_2"), probe.getConnections("jsline-2:out_1"),
                    "mono plays on both speakers");
            first.close();
            second.close();
            assertTrue(probe.getPorts().stream().noneMatch(p -> p.startsWith("jsline")), "closed lines leave the graph");
        }
    }

    @Test
    void shouldCaptureWhatTheGraphFeedsAtTheLineRate() throws Exception {
        System.setProperty("tactus.javasound.connect", "false");
        AudioFormat mono = new AudioFormat(44_100, 16, 1, true, true);
        TargetDataLine line = AudioSystem.getTargetDataLine(mono);
        opened.add(line);
        line.open(mono);
        try (TactusClient sine = server.openClient("capture-sine")) {
            new SineClient(sine, 1_000, 0.5f);
            sine.activate();
            sine.connect("capture-sine:out", "jsline:in_1");
            line.start();
            byte[] bytes = new byte[44_100]; // 0.5 s
            assertEquals(bytes.length, line.read(bytes, 0, bytes.length), "read blocks until all of it is there");
            float[] samples = new float[bytes.length / 2];
            ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN);
            for (int i = 0; i < samples.length; i++) {
                samples[i] = in.getShort() / 32_768f;
            }
            double hz = Tones.frequency(samples, 4_410, samples.length, 44_100);
            System.out.printf("captured 1 kHz at 48 kHz, read at 44.1 kHz: %.2f Hz%n", hz);
            assertEquals(1_000, hz, 1.0);
            line.stop();
        }
    }

    @Test
    void shouldAllocateNothingOnTheRealtimeThreadWhilePlayingAndCapturing() throws Exception {
        SourceDataLine out = playback(200);
        TargetDataLine in = AudioSystem.getTargetDataLine(CD);
        opened.add(in);
        in.open(CD);
        out.start();
        in.start();
        byte[] chunk = tone(4_410, 440);
        byte[] sink = new byte[chunk.length];
        for (int i = 0; i < 10; i++) { // warm-up: one second through both lines
            out.write(chunk, 0, chunk.length);
            in.read(sink, 0, sink.length);
        }
        // Three windows of 0.3 s: a late JIT transition can land in one; an engine that allocated shows in all.
        long[] allocated = new long[3];
        long cycles = 0;
        for (int w = 0; w < allocated.length; w++) {
            server.restartMetrics();
            for (int i = 0; i < 3; i++) {
                out.write(chunk, 0, chunk.length);
                in.read(sink, 0, sink.length);
            }
            MetricsSnapshot window = server.stopMetrics(5, TimeUnit.SECONDS);
            allocated[w] = window.rtAllocatedBytes();
            cycles += window.cycles();
        }
        System.out.printf("RT allocated bytes while two Java Sound lines ran: %s over %d cycles%n",
                java.util.Arrays.toString(allocated), cycles);
        assertTrue(cycles > 100, "the engine ran: " + cycles);
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated on the engine "
                + "thread per window of 0.3 s: " + java.util.Arrays.toString(allocated));
    }

    @Test
    void shouldStopAndReleaseTheWriterWhenTheServerGoesAway() throws Exception {
        String name = SERVER + "-gone";
        TactusServer doomed = TactusServer.start(ServerSettings.defaults().withName(name)
                .withDriver(new DummyDriver(2, 2)).withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE)));
        System.setProperty("tactus.server", name);
        SourceDataLine line;
        try {
            line = playback(100);
        } finally {
            System.setProperty("tactus.server", SERVER);
        }
        List<LineEvent.Type> events = new CopyOnWriteArrayList<>();
        line.addLineListener(e -> events.add(e.getType()));
        line.start();
        byte[] tenSeconds = tone(441_000, 440);
        CompletableFuture<Integer> writing = CompletableFuture.supplyAsync(() -> line.write(tenSeconds, 0, tenSeconds.length));
        Thread.sleep(300);
        doomed.close();
        int written = writing.get(3, TimeUnit.SECONDS);
        assertTrue(written > 0 && written < tenSeconds.length, "the write returns what it wrote: " + written);
        assertFalse(line.isRunning(), "the line stopped");
        assertEquals(List.of(LineEvent.Type.START, LineEvent.Type.STOP), events, "the line says it stopped");
        byte[] tenth = tone(4_410, 440);
        long start = System.nanoTime();
        assertEquals(tenth.length, line.write(tenth, 0, tenth.length), "later writes are taken and dropped...");
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds > 0.05 && seconds < 2, "...at the pace of the audio, not spinning: " + seconds);
    }

    static byte[] tone(int frames, double hz) {
        ByteBuffer bytes = ByteBuffer.allocate(frames * FRAME).order(ByteOrder.LITTLE_ENDIAN);
        for (int f = 0; f < frames; f++) {
            short s = (short) Math.round(0.4 * 32_767 * Math.sin(2 * Math.PI * hz * f / 44_100));
            bytes.putShort(s).putShort(s);
        }
        return bytes.array();
    }
}
