package io.tactus.bench.compare;

import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.Degradation;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.SchedulingSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The comparison's header says what both servers ran, the CPU wake-up latency each held included; each round and the
 * closing table show both windows' xruns in their seconds without steal, beside the ratio of their rates.
 */
class ComparisonFormatterTest {

    private static final StressSettings STRESS = new StressSettings(20, 4, 64, 48_000, 60, 2, SchedulingSettings.fifo(70),
            16, true, 0, LoadKind.NONE, 0, Degradation.defaults(), ClientMode.JACK_ASYNC);

    @Test
    void shouldSayThatOnlyTactusHoldsItsRequestByDefault() {
        assertEquals("tactus compare jackd: 2 rounds of 60 s windows (JACK2, then Tactus), 20 native jack_test3 clients"
                + " x 4 ports, --work 16, chained, 64 frames at 48000 Hz, SCHED_FIFO 70, jackd asynchronous (its default),"
                + " Tactus asynchronous, load none; idle CPUs poll (PM QoS 0 usecs) for Tactus, idle CPUs as the system"
                + " sets them for JACK2\n",
                ComparisonFormatter.header(new CompareSettings(STRESS, 2, false, false, Path.of("/tmp/x"))));
    }

    @Test
    void shouldSayWhenJackdsWindowsHoldTheSameRequest() {
        CompareSettings both = new CompareSettings(STRESS, 1, true, true, Path.of("/tmp/x"), 0, true);
        assertEquals(0, both.jackdCpuLatencyMicros());
        assertEquals("tactus compare jackd: 1 round of 60 s windows (JACK2, then Tactus), 20 native jack_test3 clients"
                + " x 4 ports, --work 16, chained, 64 frames at 48000 Hz, SCHED_FIFO 70, jackd synchronous (-S),"
                + " Tactus synchronous, load stress-ng --cpu 2; idle CPUs poll (PM QoS 0 usecs) for Tactus, idle CPUs poll"
                + " (PM QoS 0 usecs) for JACK2\n", ComparisonFormatter.header(both));
        assertEquals(-1, new CompareSettings(STRESS, 1, true, true, Path.of("/tmp/x"), 0, false).jackdCpuLatencyMicros());
    }

    @Test
    void shouldSayWhenTactussWindowsRunJavaProcessClients() {
        StressSettings java = new StressSettings(20, 4, 64, 48_000, 60, 2, SchedulingSettings.fifo(70), 16, true, 0,
                LoadKind.NONE, 0, Degradation.defaults(), ClientMode.PROCESS);
        assertTrue(ComparisonFormatter.header(new CompareSettings(java, 2, true, true, Path.of("/tmp/x"))).contains(
                "20 jack_test3 clients (native on JACK2, Java process clients on Tactus, their figures the engine's)"
                        + " x 4 ports"));
    }

    @Test
    void shouldTakeTheEnginesFiguresWhereNoClientMeasured() {
        WindowFigures tactus = new WindowFigures("Tactus", 20, 20, List.of(), 12, StealFreeSeconds.UNKNOWN,
                new EngineFigures(47.0, 660.8, 2431, 45_000, 60.0), "/tmp/t");
        assertEquals(47.0, tactus.dspLoadAvg());
        assertEquals(660.8, tactus.dspLoadMax());
        assertEquals(2431, tactus.delayMaxMicros());
        assertEquals(45_000, tactus.cycles());
        assertEquals(60.0, tactus.seconds());
        assertEquals(0, tactus.xrunCallbacks());
        assertTrue(Double.isNaN(tactus.processMaxMicros()));
        String round = ComparisonFormatter.round(1, 1, tactus, tactus);
        assertTrue(round.contains("XRUN Callbacks (client) . . . :          n/a           n/a             -\n"), round);
    }

    @Test
    void shouldCompareTheXrunRatesOfTheSecondsWithoutSteal() {
        WindowFigures jack = window("JACK2", 300, new StealFreeSeconds(40, 60, 100));
        WindowFigures tactus = window("Tactus", 90, new StealFreeSeconds(50, 60, 25));
        String round = ComparisonFormatter.round(1, 1, jack, tactus);
        assertTrue(round.contains("Seconds without Steal . . . . :     40 of 60      50 of 60\n"), round);
        // 25 in 50 s against 100 in 40 s: a fifth of JACK2's rate, where the whole windows' counts give 0.300.
        assertTrue(round.contains("XRUNs in Them (per s) . . . . :          100            25         0.200\n"), round);
        assertTrue(round.contains("XRUN Callbacks (client) . . . :          300            90         0.300\n"), round);
        String table = ComparisonFormatter.table(List.<WindowFigures[]>of(new WindowFigures[] {jack, tactus}));
        assertTrue(table.contains("    1          300          90   0.300       100/40       25/50   0.200"), table);
    }

    @Test
    void shouldSayWhenAWindowsSecondsWereNotSampled() {
        WindowFigures jack = window("JACK2", 3, null);
        WindowFigures tactus = window("Tactus", 0, new StealFreeSeconds(0, 60, 0));
        String table = ComparisonFormatter.table(List.<WindowFigures[]>of(new WindowFigures[] {jack, tactus}));
        assertTrue(table.contains("    1            3           0   0.000          n/a         0/0       -"), table);
    }

    private static WindowFigures window(String system, long xruns, StealFreeSeconds quiet) {
        Jt3Summary first = new Jt3Summary("jack_test3_1", 60.0, 45_000, xruns, 1400, 300, 40.0, 60.0, 2000);
        return new WindowFigures(system, 20, 20, List.of(first), xruns, quiet, null, "/tmp/" + system);
    }
}
