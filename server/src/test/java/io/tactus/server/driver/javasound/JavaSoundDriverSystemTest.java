package io.tactus.server.driver.javasound;

import io.tactus.server.driver.Periods;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static io.tactus.server.driver.javasound.JavaSoundFixtures.RATE;
import static io.tactus.testing.Poll.within;
import static io.tactus.server.driver.javasound.JavaSoundFixtures.device;
import static io.tactus.testing.Poll.sleep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real server on the javasound driver and the virtual device. Periods of 4096 frames (85 ms) and 8
 * of them in the line give the writer 600 ms of margin: this VM is shared (load averages of 8 to 10 on
 * 2 cores while other builds run) and its threads can wait hundreds of milliseconds for a CPU, so a
 * smaller margin would make the clean run count xruns that are the host's.
 */
class JavaSoundDriverSystemTest {

    private static final int NFRAMES = 4096;
    private static final int PERIODS = 8;
    private static final AtomicInteger NEXT = new AtomicInteger();

    private static TactusServer start(JavaSoundDriver driver) {
        return TactusServer.start(ServerSettings.defaults()
                .withName("jsdrv-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet())
                .withEngine(EngineSettings.of(RATE, NFRAMES).withWarmupCycles(20))
                .withDriver(driver)
                .withScheduling(SchedulingSettings.other(0)));
    }

    @Test
    void shouldPlayInStepWithTheClockAndDeliverTheDevicesCaptureWithoutXruns() {
        JavaSoundDriver driver = new JavaSoundDriver(device(PERIODS));
        Recorder recorder;
        AtomicLong overran = new AtomicLong();
        TactusServer server = start(driver);
        server.addCycleListener(r -> overran.addAndGet(r.overran ? 1 : 0));
        try {
            recorder = new Recorder(server, 3 * RATE);
            VirtualSourceLine line = VirtualDeviceProvider.DEVICE.source();
            assertTrue(within(10_000, () -> line.isRunning()), "the first period started the line");
            sleep(500);
            long t1 = System.nanoTime();
            long played1 = line.getLongFramePosition();
            long written1 = driver.framesWritten();
            sleep(3_000);
            long elapsed = System.nanoTime() - t1;
            long played = line.getLongFramePosition() - played1;
            long written = driver.framesWritten() - written1;
            double expected = elapsed * (double) RATE / 1e9;
            System.out.printf("javasound pacing: %.0f frames due in %.3f s; device played %d (%+.2f %%), driver wrote %d (%+.2f %%)%n",
                    expected, elapsed / 1e9, played, 100 * (played - expected) / expected, written,
                    100 * (written - expected) / expected);
            // Generous: the device's clock is exact; what it plays falls short only if it ran dry.
            assertTrue(Math.abs(played - expected) < 0.05 * expected, "played " + played + " of " + expected);
            assertTrue(line.nonSilentFrames() > RATE, "capture looped back to playback reached the device: " + line.nonSilentFrames());
            MetricsSnapshot m = server.metrics();
            System.out.printf("engine: %d cycles, %d late, %d skipped, delay max %.0f us, cycle max %.0f us; driver %d/%d/%d/%d%n",
                    m.cycles(), m.xruns(), m.skippedPeriods(), m.delayMaxMicros(), m.cycleMaxMicros(),
                    driver.playbackUnderruns(), driver.playbackOverruns(), driver.captureUnderruns(), driver.captureOverruns());
            // The host may stop this VM for longer than the line's margin; the engine is then late too, and the
            // device's xruns and the frames the driver fell behind by are the host's. Only then are they not judged;
            // the checks after close still run.
            if (overran.get() == 0) {
                assertTrue(Math.abs(written - expected) < 0.05 * expected + 2 * NFRAMES,
                        "wrote " + written + " of " + expected);
                assertEquals(0, driver.xruns(), "device xruns in a clean run: underruns " + driver.playbackUnderruns()
                        + ", overruns " + driver.playbackOverruns() + ", capture " + driver.captureUnderruns() + "/"
                        + driver.captureOverruns());
            } else {
                System.out.printf("the engine itself overran %d time(s) (a host stall): device xruns and frames "
                        + "written not judged%n", overran.get());
            }
        } finally {
            server.close();
        }
        long cycles = server.cyclesRun();
        assertFalse(VirtualDeviceProvider.DEVICE.source().isOpen(), "the server's close closed the line");
        // Every period the engine wrote reached the device, but for those still queued at close.
        long periodsPlayed = (driver.framesWritten() - (PERIODS - 1) * NFRAMES) / NFRAMES; // the last may be cut at close
        System.out.printf("javasound periods: %d cycles run, %d periods played%n", cycles, periodsPlayed);
        assertTrue(cycles - periodsPlayed >= 0 && cycles - periodsPlayed <= PERIODS + 2,
                cycles + " cycles, " + periodsPlayed + " periods written");
        recorder.assertContinuousTone();
    }

    @Test
    void shouldCountAnUnderrunOfTheDeviceAsXrunOfTheCycleThatSawIt() throws InterruptedException {
        JavaSoundDriver driver = new JavaSoundDriver(device(PERIODS));
        try (TactusServer server = start(driver)) {
            AtomicLong recorded = new AtomicLong();
            server.addCycleListener(r -> {
                if (r.driverXruns > 0 && r.xrun) {
                    recorded.addAndGet(r.driverXruns);
                }
            });
            VirtualSourceLine line = VirtualDeviceProvider.DEVICE.source();
            assertTrue(within(10_000, () -> line.isRunning()), "the first period started the line");
            sleep(300);
            server.restartMetrics();
            assertEquals(0, driver.xruns(), "none before the stall");

            line.runAhead(Long.MAX_VALUE); // the device plays all it has at once: it runs dry
            assertTrue(within(2_000, () -> driver.playbackUnderruns() >= 1), "the writer saw the device run dry");
            sleep(300);

            MetricsSnapshot m = server.stopMetrics(5, TimeUnit.SECONDS);
            assertTrue(within(2_000, () -> recorded.get() == driver.xruns()),
                    "every driver xrun marked a cycle as xrun: " + recorded.get() + " of " + driver.xruns());
            System.out.printf("javasound induced underrun: %d underrun(s), %d driver xrun(s), XRUN Count %d%n",
                    driver.playbackUnderruns(), driver.xruns(), m.xruns());
            assertEquals(1, driver.playbackUnderruns(), "one episode");
            assertTrue(m.xruns() >= 1, "the underrun reached XRUN Count");
            assertTrue(within(2_000, () -> server.watchdog().events().stream()
                            .anyMatch(e -> e.client().equals("(device)"))),
                    "the watchdog blames the device, not a client: " + server.watchdog().events());
        }
    }

    /** Capture to playback, keeping the first seconds of capture in a preallocated array. */
    private static final class Recorder {
        private final Port[] in = new Port[2];
        private final Port[] out = new Port[2];
        private final float[][] kept;
        private int at;

        Recorder(TactusServer server, int frames) {
            kept = new float[2][frames];
            TactusClient client = server.openClient("recorder");
            for (int ch = 0; ch < 2; ch++) {
                in[ch] = client.registerPort("in_" + (ch + 1), PortType.AUDIO, PortFlag.INPUT);
                out[ch] = client.registerPort("out_" + (ch + 1), PortType.AUDIO, PortFlag.OUTPUT);
            }
            client.setProcessCallback(this::process);
            client.activate();
            for (int ch = 1; ch <= 2; ch++) {
                client.connect("system:capture_" + ch, "recorder:in_" + ch);
                client.connect("recorder:out_" + ch, "system:playback_" + ch);
            }
        }

        private void process(int nframes) {
            for (int ch = 0; ch < 2; ch++) {
                FloatBuffer from = in[ch].getFloatBuffer();
                out[ch].getFloatBuffer().put(0, from, 0, nframes);
                int n = Math.min(nframes, kept[ch].length - at);
                from.get(0, kept[ch], at, n);
            }
            at = Math.min(kept[0].length, at + nframes);
        }

        /** After the silence of priming, every frame is the device's next one: none lost, none repeated. */
        void assertContinuousTone() {
            int first = 0;
            while (first < at && (kept[0][first] == 0f || kept[1][first] == 0f)) {
                first++; // priming, and the graph before both channels were connected
            }
            assertTrue(at - first > RATE / 2, "half a second of capture at least: " + (at - first) + " frames");
            long origin = Math.round(kept[0][first] * 256) + 128; // the device frame, mod 256, of the first one
            for (int i = first; i < at; i++) {
                long frame = origin + i - first;
                assertEquals(VirtualTargetLine.tone(frame, 0), kept[0][i], "frame " + i + " of channel 1");
                assertEquals(VirtualTargetLine.tone(frame, 1), kept[1][i], "frame " + i + " of channel 2");
            }
        }
    }
}
