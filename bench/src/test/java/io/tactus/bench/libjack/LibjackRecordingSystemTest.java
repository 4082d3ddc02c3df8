package io.tactus.bench.libjack;

import io.tactus.api.TactusClient;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.driver.wav.WavFiles;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static io.tactus.bench.libjack.LibjackServers.PERIOD;
import static io.tactus.bench.libjack.LibjackServers.RATE;
import static io.tactus.bench.libjack.LibjackServers.assumeInstalled;
import static io.tactus.bench.libjack.LibjackServers.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jackd2's programs that make or keep sound, unmodified through Tactus's libjack against a real server:
 * jack_metro's clicks recorded by the wav driver at its bpm's spacing, to the frame, and the WAV file jack_rec
 * writes holding the project's test client's ramp sample for sample. Skipped, saying so, without jackd2.
 */
class LibjackRecordingSystemTest {

    private static final String NAME = "libjack-recording-" + ProcessHandle.current().pid();

    @Test
    void shouldRecordJackMetrosClicksAtItsBpmsSpacingToTheFrame(@TempDir Path dir) throws Exception {
        assumeInstalled("jack_metro");
        String name = NAME + "-metro";
        Path wav = dir.resolve("metro.wav");
        TactusServer server = TactusServer.start(settings(name, LibjackServers.recordingTo(wav), PolicyKind.NONE));
        try (ControlServer control = ControlServer.start(server);
             TactusClient probe = server.openClient("probe");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            RampRecorder heard = new RampRecorder(probe); // here only its count of periods that were not silent
            probe.activate();
            clients.start("jack_metro", "--bpm", "600", "--duration", "20");
            assertTrue(Poll.within(30_000, () -> server.graph().clientOrNull("metro") != null
                    && server.graph().clientOrNull("metro").isActive()), "jack_metro joined and activated");
            probe.connect("metro:600_bpm", "system:playback_1");
            probe.connect("metro:600_bpm", "probe:in");
            // A click of 20 ms is 15 periods: 30 clicks, 3 seconds.
            assertTrue(Poll.within(60_000, () -> heard.periods() >= 450), "30 clicks: " + heard.periods());
        } finally {
            server.close(); // writes the file
        }
        float[] left = WavFiles.readAll(wav)[0];
        List<Recordings.Sound> clicks = Recordings.sounds(left, 1_000);
        clicks = clicks.subList(1, clicks.size() - 1); // the first may have begun before the connection, the last is cut
        // A click is 4800 frames after the one before and sounds for 959 (960 frames of tone whose first sample, sin 0,
        // is 0), to the frame. A period in which jack_metro was not run (late on a shared machine) delays what follows
        // by that period, so a click may come or last whole periods longer, never any other amount; most are exact.
        int spacing = 60 * RATE / 600;
        int exact = 0;
        List<String> off = new java.util.ArrayList<>();
        for (int i = 1; i < clicks.size(); i++) {
            int after = clicks.get(i).first() - clicks.get(i - 1).first();
            int longer = clicks.get(i).length() - 959;
            assertTrue(after >= spacing && (after - spacing) % PERIOD == 0 && longer >= 0 && longer % PERIOD == 0,
                    "click " + i + " " + after + " frames after the one before and " + clicks.get(i).length() + " long");
            boolean onTime = after == spacing && longer == 0;
            exact += onTime ? 1 : 0;
            if (!onTime) {
                off.add(after + "/" + clicks.get(i).length());
            }
        }
        System.out.printf("jack_metro at 600 bpm on Tactus: %d clicks, %d exactly %d frames after the one before and"
                        + " 959 frames long, %.1f Hz%n", clicks.size(), exact, spacing,
                Recordings.frequency(left, clicks.get(0).first(), clicks.get(0).last(), RATE));
        assertTrue(clicks.size() >= 25, "the clicks were recorded: " + clicks.size());
        assertTrue(exact >= (clicks.size() - 1) / 2, "most clicks on their beat and whole: " + exact
                + "; the others' spacing/length: " + off);
        assertEquals(880, Recordings.frequency(left, clicks.get(0).first(), clicks.get(0).last(), RATE), 880 * 0.02);
    }

    @Test
    void shouldWriteWhatItRecordedToAWavFileWithJackRec(@TempDir Path dir) throws Exception {
        assumeInstalled("jack_rec");
        String name = NAME + "-rec";
        Path wav = dir.resolve("rec.wav");
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2), PolicyKind.NONE));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(), "--name", "tc");
            assertTrue(tc.awaitLine("ready tc", 30).isPresent(), tc.output());
            NativeClients.Started rec = clients.run("jack_rec", "-f", wav.toString(), "-d", "1", "-B", "262144",
                    "tc:out"); // a ring of 5 s, so that its disk thread, slow on a shared machine, loses nothing
            assertEquals(0, rec.process().exitValue(), rec.output());
            assertEquals(List.of("disk thread finished"), rec.lines());
        }
        assertEquals(RATE, (int) WavFiles.formatOf(wav).getSampleRate());
        float[][] recorded = WavFiles.readAll(wav);
        assertEquals(1, recorded.length, "one port, one channel");
        assertEquals(RATE, recorded[0].length, "one second");
        // The ramp (k mod 4096 / 4096) runs through every period the file holds, each sample within a quarter step of
        // the one after its predecessor (libsndfile scales floats by 32767 into 16 bits, so the file holds the ramp a
        // little rounded); a period the server read as silence (the test client late, or before the connection) is
        // left out.
        float step = 1f / 4096f;
        float previous = Float.NaN;
        int periods = 0;
        int silent = 0;
        int wrong = 0;
        for (int start = 0; start < RATE; start += PERIOD) {
            boolean quiet = true;
            for (int i = start; i < start + PERIOD && quiet; i++) {
                quiet = recorded[0][i] == 0f;
            }
            if (quiet) {
                silent++;
                continue;
            }
            previous = Float.NaN; // checked within each period: a period the test client was late for is not heard
            for (int i = start; i < start + PERIOD; i++) {
                float expected = previous + step > 1f - step / 2 ? 0f : previous + step;
                wrong += !Float.isNaN(previous) && Math.abs(recorded[0][i] - expected) > step / 4 ? 1 : 0;
                previous = recorded[0][i];
            }
            periods++;
        }
        System.out.printf("jack_rec on Tactus: %d periods of the ramp, %d silent, %d samples out of place%n",
                periods, silent, wrong);
        assertEquals(0, wrong, "every sample jack_rec wrote follows its predecessor");
        assertTrue(silent < RATE / PERIOD / 20, "at most one period in 20 silent: " + silent);
    }
}
