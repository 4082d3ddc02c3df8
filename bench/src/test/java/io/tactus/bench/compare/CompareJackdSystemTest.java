package io.tactus.bench.compare;

import io.tactus.bench.cli.NativeLibrary;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.Degradation;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.SchedulingSettings;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code tactus compare jackd}, one round of 2 s windows with three chained native clients: a real jackd, then
 * the in-process Tactus server; both summaries printed, with ratios computed from the two windows' own figures.
 * Skipped, saying so, when jackd is not installed.
 */
class CompareJackdSystemTest {

    @TempDir
    Path raw;

    @Test
    void shouldPrintBothServersSummariesAndTheirRatiosWhenOneRoundRuns() throws Exception {
        Assumptions.assumeTrue(installed("jackd") && installed("jack_connect"),
                "jackd is not installed (apt-get install jackd2); skipped");
        boolean root = "root".equals(System.getProperty("user.name"));
        StressSettings stress = new StressSettings(3, 2, 64, 48_000, 2, 1,
                root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0), 4, true, 200, LoadKind.NONE, 0,
                Degradation.defaults(), ClientMode.JACK);
        ByteArrayOutputStream printed = new ByteArrayOutputStream();

        List<WindowFigures[]> rounds = new Comparison(new CompareSettings(stress, 1, false, false, raw),
                NativeLibrary.locate().jt3(), new PrintStream(printed, true, StandardCharsets.UTF_8), System.err).run();

        assertEquals(1, rounds.size());
        WindowFigures jack = rounds.get(0)[0];
        WindowFigures tactus = rounds.get(0)[1];
        assertEquals("JACK2", jack.system());
        assertEquals(3, jack.clientsJoined());
        assertEquals(3, tactus.clientsJoined());
        assertEquals(3, jack.summaries().size(), "every client on jackd printed its summary");
        assertEquals(3, tactus.summaries().size(), "every client on Tactus printed its summary");
        assertTrue(jack.cycles() > 750 && tactus.cycles() > 750, "both windows ran about 2 s of cycles: "
                + jack.cycles() + " on JACK2, " + tactus.cycles() + " on Tactus");
        assertTrue(jack.dspLoadAvg() > 0 && tactus.dspLoadAvg() > 0, "the first client measured both servers' load");
        assertEquals(2, jack.stealFree().of(), "each of JACK2's measured seconds was sampled for steal");
        assertTrue(jack.stealFree().xruns() <= jack.serverXruns(), "the quiet seconds' xruns are some of jackd's: "
                + jack.stealFree() + " of " + jack.serverXruns());
        assertEquals(2, tactus.stealFree().of(), "each of Tactus's measured seconds was sampled for steal");
        String out = printed.toString(StandardCharsets.UTF_8);
        assertTrue(out.contains("Round 1 of 1"), out);
        assertTrue(out.contains(String.format(java.util.Locale.ROOT, "XRUN Count (server's own) . . : %12d  %12d  %12s",
                jack.serverXruns(), tactus.serverXruns(), ComparisonFormatter.ratio(jack.serverXruns(),
                        tactus.serverXruns()))), out);
        assertTrue(out.contains("Average DSP Load  . . . . . . : " + String.format(java.util.Locale.ROOT,
                "%12s  %12s  %12s", String.format(java.util.Locale.ROOT, "%.1f %%", jack.dspLoadAvg()),
                String.format(java.util.Locale.ROOT, "%.1f %%", tactus.dspLoadAvg()),
                ComparisonFormatter.ratio(jack.dspLoadAvg(), tactus.dspLoadAvg()))), out);
        assertTrue(Files.isRegularFile(raw.resolve("round-1-jack2").resolve("jackd.log")));
        assertTrue(Files.isRegularFile(raw.resolve("round-1-tactus").resolve("report.txt")));
    }

    private static boolean installed(String program) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            if (Files.isExecutable(Path.of(dir, program))) {
                return true;
            }
        }
        return false;
    }
}
