package io.tactus.bench.report;

import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.WatchdogOutcome;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.WatchdogEvent.Action;
import io.tactus.server.watchdog.WatchdogEvent;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SummaryFormatterTest {

    private static final StressSettings SETTINGS = new StressSettings(20, 4, 64, 48_000, 300, 2, SchedulingSettings.fifo(70),
            0, false, 200, io.tactus.bench.load.LoadKind.NONE, 0);
    private static final MetricsSnapshot METRICS = MetricsSnapshot.builder().cycles(225_000).delayMaxMicros(290.4)
            .delayP999Micros(38.2).delayP99Micros(20.0).delayMeanMicros(5.0).cycleMaxMicros(960.2)
            .cycleP999Micros(500.0).cycleMeanMicros(457.3).clientWorkMeanMicros(440.0)
            .clientWorkInCycleMeanMicros(440.0).dspLoadMean(34.3).dspLoadMax(71.9).jackDspLoadMean(41.25)
            .jackDspLoadMax(80.5).clientsAtEnd(20).clientsMax(20).secondsMeasured(300.0).build();
    private static final CpuUsage CPU = new CpuUsage(29.8, 0.0, 8.7, 3.2, 0.7, 0.04, 1.25, 1707.64, 11914.9);

    @Test
    void shouldCountTheSecondsWithoutStealWithTheirXrunsAndTimeouts() {
        List<io.tactus.server.telemetry.SecondStats> seconds = List.of(
                new io.tactus.server.telemetry.SecondStats(0, 750, 5, 9, 100, 1, 3, 20),
                new io.tactus.server.telemetry.SecondStats(1, 750, 5, 9, 100, 40, 900, 20),
                new io.tactus.server.telemetry.SecondStats(2, 750, 5, 9, 100, 0, 1, 20),
                new io.tactus.server.telemetry.SecondStats(3, 750, 5, 9, 100, 7, 7, 20)); // its steal is not known
        MetricsSnapshot m = MetricsSnapshot.builder().cycles(3000).xruns(48).timeouts(911).delayMaxMicros(290.4)
                .delayP999Micros(38.2).delayP99Micros(20.0).delayMeanMicros(5.0).cycleMaxMicros(960.2)
                .cycleP999Micros(500.0).cycleMeanMicros(457.3).clientWorkMeanMicros(440.0)
                .clientWorkInCycleMeanMicros(440.0).dspLoadMean(34.3).dspLoadMax(71.9)
                .clientsAtEnd(20).clientsMax(20).secondsMeasured(4.0).perSecond(seconds).build();
        StressResult result = new StressResult(SETTINGS, m, CPU, "SCHED_FIFO 70", 0, 0, "none", List.of(0.0, 2.5, 0.0),
                -1, -1);
        assertEquals(new StressResult.QuietSeconds(2, 3, 1, 4), result.quietSeconds());
        assertTrue(SummaryFormatter.format(result).contains(
                "Seconds without Steal . . . . :     2 of 3, with 1 xruns and 4 timeouts\n"), SummaryFormatter.format(result));
    }

    @Test
    void shouldTakeOffOnlyTheClientWorkInsideTheCycleAsTheEnginesOverhead() {
        assertEquals((457.3 - 440.0) / 20, SummaryFormatter.overheadPerClient(METRICS), 1e-9);
        MetricsSnapshot async = MetricsSnapshot.builder().cycles(225_000).delayMaxMicros(290.4).delayP999Micros(38.2)
                .delayP99Micros(20.0).delayMeanMicros(5.0).cycleMaxMicros(960.2)
                .cycleP999Micros(500.0).cycleMeanMicros(100.0).clientWorkMeanMicros(440.0)
                .dspLoadMean(7.5).dspLoadMax(71.9).clientsAtEnd(20).clientsMax(20)
                .secondsMeasured(300.0).build();
        assertEquals(5.0, SummaryFormatter.overheadPerClient(async), 1e-9,
                "asynchronous clients worked in the period before: the whole cycle is the engine's");
    }

    @Test
    void shouldGiveTheProcessClientsWakeUpsWithTheirMeanP999AndMaximum() {
        MetricsSnapshot m = MetricsSnapshot.builder().clientWaitsOver1000us(3).clientWaitMeanMicros(12.34)
                .clientWaitP999Micros(87.4).clientWaitMaxMicros(10764.2).build();
        assertEquals("    3 (triggered to running; mean 12.3, p99.9 87, maximum 10764 usecs)",
                SummaryFormatter.clientWakeups(m));
    }

    @Test
    void shouldPrintTheJackTest3BlockLabelForLabelThenTactusLines() {
        String expected = """
                *********************************************
                Total seconds ran . . . . . . :   300
                Number of clients . . . . . . :    20
                Ports per client  . . . . . . :     4
                Frames per buffer . . . . . . :    64
                *********************************************
                Timeout Count . . . . . . . . :     0
                XRUN Count  . . . . . . . . . :     0
                Delay Count (>spare time) . . :     0
                Delay Count (>1000 usecs) . . :     0
                Delay Maximum . . . . . . . . :   290   usecs
                Cycle Maximum . . . . . . . . :   960   usecs
                Average DSP Load. . . . . . . :    34.3 %
                Average CPU System Load . . . :     8.7 %
                Average CPU User Load . . . . :    29.8 %
                Average CPU Nice Load . . . . :     0.0 %
                Average CPU I/O Wait Load . . :     3.2 %
                Average CPU IRQ Load  . . . . :     0.7 %
                Average CPU Soft-IRQ Load . . :     0.0 %
                Average Interrupt Rate  . . . :  1707.6 /sec
                Average Context-Switch Rate . : 11914.9 /sec
                *********************************************
                Sample Rate . . . . . . . . . : 48000 Hz
                Scheduling Policy . . . . . . : SCHED_FIFO 70
                Client Mode . . . . . . . . . : inproc
                Watchdog Policy . . . . . . . : evict (budget 50 % of the period, 3 strikes in 10000 ms, back-off 1000 ms, grace 2000 ms)
                Work per Client . . . . . . . : 0 filter stages, unconnected
                Spin before Period  . . . . . : 200 usecs
                Background Load . . . . . . . : none
                Maximum DSP Load  . . . . . . :    71.9 %
                DSP Load as JACK2 Counts  . . :    41.3 % mean, 80.5 % max (jack_cpu_load)
                Delay p99.9 . . . . . . . . . :    38   usecs
                Cycle Mean  . . . . . . . . . :  457.30 usecs
                Client Work Mean  . . . . . . :  440.00 usecs
                Engine Overhead/Client  . . . :    0.87 usecs
                Periods Skipped . . . . . . . :     0
                Clients Evicted . . . . . . . :     0
                Clients Alive at End  . . . . :    20
                Clients Muted at End  . . . . :     0
                Innocent Clients Evicted  . . :     0
                Watchdog Actions  . . . . . . :     0
                Telemetry Dropped . . . . . . :     0
                RT Allocated Bytes  . . . . . :     0
                Average CPU Steal Load  . . . :     1.3 %
                Warm-up Excluded  . . . . . . : 2 s
                *********************************************
                """;
        assertEquals(expected, SummaryFormatter.format(new StressResult(SETTINGS, METRICS, CPU, "SCHED_FIFO 70", 0, 0)));
    }

    private static WatchdogEvent event(long cycle, Action action, String client, double began) {
        return new WatchdogEvent(cycle * 1_333_333, cycle, "evict", action, client, "why", Map.of(WatchdogEvent.BEGAN, began));
    }

    @Test
    void shouldListWhomTheXrunsAndTimeoutsWereBlamedOnAfterTheBlock() {
        StressResult result = new StressResult(SETTINGS, METRICS, CPU, "SCHED_FIFO 70", 0, 0, "none", List.of(), -1, -1,
                new WatchdogOutcome("evict", List.of(
                        event(5, Action.TIMEOUT, "jt3_1", 0.0),
                        event(5, Action.TIMEOUT, "jt3_2", 0.0),
                        event(6, Action.TIMEOUT, "jt3_1", 1.0),
                        event(7, Action.XRUN, "(host)", 1.0)),
                        0, List.of(), 0, List.of(), List.of(), "unchanged"));

        String text = SummaryFormatter.format(result);

        String[] lines = text.split("\n");
        assertEquals("XRUNs blamed on (the client(s) that consumed the cycle; \"(host)\" when none did): (host) 1",
                lines[lines.length - 2]);
        assertEquals("Timeouts by client (2 of 3 had not begun their cycle): jt3_1 2, jt3_2 1",
                lines[lines.length - 1]);
    }

    @Test
    void shouldLayOutLeadersAsJackTest3Did() {
        assertEquals("Timeout Count . . . . . . . . ", SummaryFormatter.leader("Timeout Count"));
        assertEquals("XRUN Count  . . . . . . . . . ", SummaryFormatter.leader("XRUN Count"));
        assertEquals("Ports per client  . . . . . . ", SummaryFormatter.leader("Ports per client"));
        assertEquals("Total seconds ran . . . . . . ", SummaryFormatter.leader("Total seconds ran"));
        assertEquals("Average Context-Switch Rate . ", SummaryFormatter.leader("Average Context-Switch Rate"));
    }
}
