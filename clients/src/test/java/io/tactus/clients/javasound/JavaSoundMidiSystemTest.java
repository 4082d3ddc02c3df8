package io.tactus.clients.javasound;

import io.tactus.api.FrameClock;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.rt.StringConstants;
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

import javax.sound.midi.MidiDevice;
import javax.sound.midi.MidiDeviceReceiver;
import javax.sound.midi.MidiMessage;
import javax.sound.midi.MidiSystem;
import javax.sound.midi.Receiver;
import javax.sound.midi.ShortMessage;
import javax.sound.midi.SysexMessage;
import javax.sound.midi.Transmitter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLongArray;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Tactus MIDI devices as a program gets them through {@code MidiSystem}, against a real in-process server on
 * the dummy driver: notes sent ahead land at the frame of their timestamp in a recorder client, notes for now at
 * the start of a period, and a sequencer client's events reach a program's receiver, every one. Time bounds are
 * generous for a loaded host; counts are exact.
 */
class JavaSoundMidiSystemTest {

    private static final String SERVER = "javasound-midi-" + ProcessHandle.current().pid();
    private static final String[] KEYS = {"javax.sound.midi.Receiver", "javax.sound.midi.Transmitter", "tactus.server",
            "tactus.midi.name", "tactus.midi.connect"};
    private static final int TIMED = 40;
    private static final int NOW = 20;
    /** The recorder keeps up to this many events. */
    private static final int MAX = 4096;

    private static TactusServer server;

    private final List<AutoCloseable> opened = new CopyOnWriteArrayList<>();

    @BeforeAll
    static void startServer() {
        server = TactusServer.start(ServerSettings.defaults().withName(SERVER)
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE)));
        System.setProperty("tactus.server", SERVER);
        System.setProperty("tactus.midi.name", "jsmidi");
    }

    @AfterAll
    static void stopServer() {
        for (String key : KEYS) {
            System.clearProperty(key);
        }
        server.close();
    }

    @AfterEach
    void closeAll() throws Exception {
        for (AutoCloseable c : opened) {
            c.close();
        }
        opened.clear();
        System.clearProperty("javax.sound.midi.Receiver");
        System.clearProperty("javax.sound.midi.Transmitter");
        System.clearProperty("tactus.midi.connect");
    }

    /**
     * A client with {@code midi_in} that stores each event's frame time, offset and bytes, and for each key the frame
     * that {@code expectedMicros[key]} falls on by the same cycle's clock (-1 for a note sent for now).
     */
    private final class Recorder {
        final long[] frames = new long[MAX];
        final int[] offsets = new int[MAX];
        final int[] status = new int[MAX];
        final int[] keys = new int[MAX];
        final long[] expected = new long[MAX];
        final AtomicLongArray expectedMicros = new AtomicLongArray(128);
        final AtomicInteger count = new AtomicInteger();
        final int nframes;

        Recorder(String name) throws Exception {
            TactusClient client = server.openClient(name);
            opened.add(client);
            Port in = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            FrameClock clock = client.clock();
            nframes = client.bufferSize();
            client.setProcessCallback(n -> {
                MidiBuffer buffer = in.getMidiBuffer();
                int c = count.get();
                for (int e = 0; e < buffer.eventCount() && c < MAX; e++, c++) {
                    offsets[c] = buffer.frame(e);
                    frames[c] = clock.lastFrameTime() + offsets[c];
                    status[c] = buffer.get(e, 0);
                    keys[c] = buffer.size(e) > 1 ? buffer.get(e, 1) : -1;
                    long micros = keys[c] >= 0 ? expectedMicros.get(keys[c]) : -1;
                    expected[c] = micros < 0 ? -1 : clock.timeToFrames(micros);
                }
                count.lazySet(c);
            });
            client.activate();
        }
    }

    private Receiver receiverInto(String port) throws Exception {
        System.setProperty("javax.sound.midi.Receiver", "#Tactus");
        System.setProperty("tactus.midi.connect", port);
        Receiver receiver = MidiSystem.getReceiver();
        opened.add(receiver);
        return receiver;
    }

    @Test
    void shouldPlayEachTimedNoteAtTheFrameOfItsTimestampAndEachNoteForNowAtTheStartOfAPeriod() throws Exception {
        Recorder rec = new Recorder("rec");
        Receiver receiver = receiverInto("rec:midi_in");
        MidiDevice device = ((MidiDeviceReceiver) receiver).getMidiDevice();
        assertEquals("Tactus", device.getDeviceInfo().getName());
        long now = device.getMicrosecondPosition();
        assertTrue(now > 0, "an open device keeps the server's time: " + now);

        long start = now + 100_000; // far enough ahead that a slow loop here cannot make the first one late
        for (int i = 0; i < TIMED; i++) {
            long at = start + i * 2_345L; // offsets that drift through the period
            rec.expectedMicros.set(i, at);
            receiver.send(new ShortMessage(ShortMessage.NOTE_ON, 0, i, 100), at);
        }
        assertTrue(within(10_000, () -> rec.count.get() >= TIMED), "the timed notes arrived: " + rec.count.get());
        for (int j = 0; j < NOW; j++) {
            rec.expectedMicros.set(TIMED + j, -1);
            receiver.send(new ShortMessage(ShortMessage.NOTE_ON, 1, TIMED + j, 100), -1);
            int wanted = TIMED + j + 1;
            assertTrue(within(10_000, () -> rec.count.get() >= wanted), "note for now " + j + " arrived");
        }
        int n = rec.count.get();
        assertEquals(TIMED + NOW, n, "every note once, none besides");
        int distinctOffsets = (int) Arrays.stream(rec.offsets, 0, TIMED).distinct().count();
        int late = 0;
        for (int i = 0; i < TIMED; i++) {
            assertEquals(i, rec.keys[i], "in the order sent");
            long periodStart = rec.frames[i] - rec.offsets[i];
            if (rec.offsets[i] == 0 && rec.expected[i] < periodStart) {
                // The cycle before put its time after its own period, this one before: a late driver wake-up moves
                // the clock's estimate by more than a period, and the note then starts the period it is due in.
                late++;
                continue;
            }
            assertEquals(rec.expected[i], rec.frames[i], 1, "note " + i + " at the frame of its timestamp");
        }
        for (int j = TIMED; j < n; j++) {
            assertEquals(j, rec.keys[j]);
            assertEquals(0, rec.offsets[j], "a note for now starts its period");
        }
        System.out.printf("%d timed notes at their frame, %d at the start of the period after a clock jump (%d distinct"
                + " offsets in periods of %d), %d for now at 0%n", TIMED - late, late, distinctOffsets, rec.nframes, NOW);
        assertTrue(late <= TIMED / 4, "most notes at their exact frame; " + late + " of " + TIMED + " late");
        assertTrue(distinctOffsets > 5, "the control: timed notes are not all at the start of a period");
        assertTrue(rec.frames[TIMED - 1] - rec.frames[0] > 48_000L * 39 * 2_345 / 1_000_000 / 2,
                "the control: the notes are spread over their 91 ms, not played at once");
    }

    @Test
    void shouldPlayEveryNoteOfSeveralSendingThreadsInTheOrderEachSentThem() throws Exception {
        Recorder rec = new Recorder("rec-threads");
        Receiver receiver = receiverInto("rec-threads:midi_in");
        int threads = 4;
        int each = 500; // 2000 notes: more than a period's buffer holds, so the ring carries them over
        List<Thread> senders = new ArrayList<>();
        List<Throwable> failures = new CopyOnWriteArrayList<>();
        for (int t = 0; t < threads; t++) {
            int channel = t;
            Thread sender = new Thread(() -> {
                try {
                    for (int i = 0; i < each; i++) {
                        receiver.send(new ShortMessage(ShortMessage.NOTE_ON, channel, i % 128, 1 + i / 128), -1);
                    }
                } catch (Throwable e) {
                    failures.add(e);
                }
            });
            senders.add(sender);
            sender.start();
        }
        for (Thread sender : senders) {
            sender.join(30_000);
        }
        assertEquals(List.of(), failures);
        assertTrue(within(10_000, () -> rec.count.get() >= threads * each), "every note arrived: " + rec.count.get());
        assertFalse(within(200, () -> rec.count.get() > threads * each), "and nothing else");
        int[] next = new int[threads];
        for (int e = 0; e < threads * each; e++) {
            int channel = rec.status[e] & 0x0F;
            int i = next[channel]++;
            assertEquals(i % 128, rec.keys[e], "thread " + channel + "'s note " + i + " in its place");
        }
        assertArrayEquals(new int[] {each, each, each, each}, next);
    }

    @Test
    void shouldOpenTheDeviceForTheDefaultReceiversAndCloseItWithTheLastOfThem() throws Exception {
        System.setProperty("javax.sound.midi.Receiver", "#Tactus");
        Receiver first = MidiSystem.getReceiver();
        opened.add(first);
        Receiver second = MidiSystem.getReceiver();
        opened.add(second);
        MidiDevice device = ((MidiDeviceReceiver) first).getMidiDevice();
        assertTrue(device.isOpen(), "MidiSystem.getReceiver() opens the device, as the JDK's devices do");
        try (TactusClient probe = server.openClient("probe-ends")) {
            assertTrue(probe.getPorts().contains("jsmidi:midi_out"), "one client for both: " + probe.getPorts());
            first.close();
            assertTrue(device.isOpen(), "the second receiver still plays");
            assertThrows(IllegalStateException.class, () -> first.send(new ShortMessage(ShortMessage.NOTE_ON, 0, 60, 1), -1));
            second.close();
            assertFalse(device.isOpen(), "the last receiver closed the device");
            assertTrue(within(5_000, () -> !probe.getPorts().contains("jsmidi:midi_out")), "and the client left");
        }
    }

    @Test
    void shouldRefuseMalformedMessagesWithOneSentenceAndLoseNothingElse() throws Exception {
        Recorder rec = new Recorder("rec-bad");
        Receiver receiver = receiverInto("rec-bad:midi_in");
        MidiMessage noStatus = new MidiMessage(new byte[] {0x3C, 0x64}) {
            @Override
            public Object clone() {
                return this;
            }
        };
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> receiver.send(noStatus, -1));
        assertEquals("a MIDI message starts with a status byte (0x80 to 0xFF), not 0x3C; Tactus ports carry no running"
                + " status", e.getMessage());
        SysexMessage unended = new SysexMessage(new byte[] {(byte) 0xF0, 0x7D, 0x01}, 3);
        e = assertThrows(IllegalArgumentException.class, () -> receiver.send(unended, -1));
        assertEquals("a SysEx message ends with 0xF7; this one of 3 bytes ends with 0x01", e.getMessage());

        receiver.send(new ShortMessage(ShortMessage.NOTE_ON, 0, 60, 90), -1);
        receiver.send(new SysexMessage(new byte[] {(byte) 0xF0, 0x7D, 0x01, (byte) 0xF7}, 4), -1);
        receiver.send(new ShortMessage(ShortMessage.NOTE_OFF, 0, 60, 0), -1);
        assertTrue(within(10_000, () -> rec.count.get() >= 3), "the good messages arrived: " + rec.count.get());
        assertFalse(within(200, () -> rec.count.get() > 3), "and nothing else");
        assertArrayEquals(new int[] {0x90, 0xF0, 0x80}, Arrays.copyOf(rec.status, 3), "the three good ones, in order");
    }

    @Test
    void shouldDeliverEveryEventASequencerClientWritesToTheProgramsReceiver() throws Exception {
        int wanted = 200;
        int every = 96;
        TactusClient sequencer = server.openClient("seq");
        opened.add(sequencer);
        Port out = sequencer.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
        FrameClock clock = sequencer.clock();
        AtomicBoolean go = new AtomicBoolean();
        AtomicInteger sent = new AtomicInteger();
        long[] sentFrames = new long[wanted + 1];
        sequencer.setProcessCallback(nframes -> {
            if (!go.get()) {
                return;
            }
            MidiBuffer buffer = out.getMidiBuffer();
            long first = clock.lastFrameTime();
            int s = sent.get();
            for (int f = 0; f < nframes && s <= wanted; f++) {
                if ((first + f) % every == 0) {
                    sentFrames[s] = first + f;
                    if (s < wanted) {
                        buffer.write(f, 0x90, s % 128, 1 + s / 128);
                    } else {
                        buffer.write(f, SYSEX, 0, SYSEX.length);
                    }
                    s++;
                }
            }
            sent.lazySet(s);
        });
        sequencer.activate();

        System.setProperty("javax.sound.midi.Transmitter", "#Tactus");
        System.setProperty("tactus.midi.connect", "seq:midi_out");
        Transmitter transmitter = MidiSystem.getTransmitter();
        opened.add(transmitter);
        List<MidiMessage> messages = new CopyOnWriteArrayList<>();
        List<Long> stamps = new CopyOnWriteArrayList<>();
        transmitter.setReceiver(new Receiver() {
            @Override
            public void send(MidiMessage message, long timeStamp) {
                messages.add(message);
                stamps.add(timeStamp);
            }

            @Override
            public void close() {
            }
        });
        go.set(true);
        assertTrue(within(30_000, () -> messages.size() >= wanted + 1), "every event arrived: " + messages.size());
        assertFalse(within(200, () -> messages.size() > wanted + 1), "and nothing else");
        List<Long> deltas = new ArrayList<>();
        for (int i = 0; i < wanted; i++) {
            ShortMessage note = assertInstanceOf(ShortMessage.class, messages.get(i));
            assertEquals(ShortMessage.NOTE_ON, note.getCommand());
            assertEquals(i % 128, note.getData1(), "in the order written");
            assertEquals(1 + i / 128, note.getData2());
            long at = clock.framesToTime(sentFrames[i]);
            deltas.add(Math.abs(stamps.get(i) - at));
        }
        SysexMessage sysex = assertInstanceOf(SysexMessage.class, messages.get(wanted));
        assertArrayEquals(SYSEX, sysex.getMessage());
        long worst = deltas.stream().mapToLong(Long::longValue).max().orElseThrow();
        System.out.printf("%d notes and a SysEx delivered; timestamps within %d us of their frames' time%n", wanted, worst);
        assertTrue(worst < 50_000, "each timestamp is its frame's time on the server clock, not off by " + worst + " us");
        long span = stamps.get(wanted - 1) - stamps.get(0);
        long expectedSpan = (sentFrames[wanted - 1] - sentFrames[0]) * 1_000_000L / sequencer.sampleRate();
        assertEquals(expectedSpan, span, expectedSpan / 10, "the control: the stamps are the frames', not delivery times");
    }

    private static final byte[] SYSEX = {(byte) 0xF0, 0x7D, 0x10, 0x20, (byte) 0xF7};

    @Test
    void shouldAllocateNothingOnTheEngineThreadWhileNotesPlayInAndOut() throws Exception {
        new Recorder("rec-rt");
        Receiver receiver = receiverInto("rec-rt:midi_in");
        MidiDevice device = ((MidiDeviceReceiver) receiver).getMidiDevice();
        System.setProperty("javax.sound.midi.Transmitter", "#Tactus");
        System.setProperty("tactus.midi.connect", "jsmidi:midi_out");
        Transmitter transmitter = MidiSystem.getTransmitter();
        opened.add(transmitter);
        AtomicInteger heard = new AtomicInteger();
        transmitter.setReceiver(new Receiver() {
            @Override
            public void send(MidiMessage message, long timeStamp) {
                heard.incrementAndGet();
            }

            @Override
            public void close() {
            }
        });
        ShortMessage on = new ShortMessage(ShortMessage.NOTE_ON, 0, 60, 100);
        ShortMessage off = new ShortMessage(ShortMessage.NOTE_OFF, 0, 60, 0);
        playFor(receiver, device, on, off, 1_500); // warm-up: the callbacks' paths compiled
        StringConstants.resolveInitialised();
        long[] allocated = new long[3];
        long cycles = 0;
        for (int w = 0; w < allocated.length; w++) {
            server.restartMetrics();
            playFor(receiver, device, on, off, 300);
            MetricsSnapshot window = server.stopMetrics(5, TimeUnit.SECONDS);
            allocated[w] = window.rtAllocatedBytes();
            cycles += window.cycles();
        }
        System.out.printf("RT allocated bytes while notes went in and out: %s over %d cycles; %d events heard%n",
                Arrays.toString(allocated), cycles, heard.get());
        assertTrue(cycles > 100, "the engine ran: " + cycles);
        assertTrue(heard.get() > 100, "the traffic flowed through both devices: " + heard.get());
        assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes allocated on the engine thread per window"
                + " of 0.3 s: " + Arrays.toString(allocated));
    }

    /** Notes every millisecond or so, half of them for now, half 5 ms ahead, for {@code millis}. */
    private static void playFor(Receiver receiver, MidiDevice device, ShortMessage on, ShortMessage off, long millis)
            throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(millis);
        while (System.nanoTime() < end) {
            receiver.send(on, -1);
            receiver.send(off, device.getMicrosecondPosition() + 5_000);
            Thread.sleep(1);
        }
    }
}
