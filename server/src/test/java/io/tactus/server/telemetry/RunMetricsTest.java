package io.tactus.server.telemetry;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Each metric from synthetic cycles with a known answer. Period 1000 us to keep the arithmetic plain. */
class RunMetricsTest {

    private static final long P = 1_000_000;
    private RunMetrics metrics = new RunMetrics(P);
    private long k;
    /** Each client's wait from its trigger to its start in the next {@link #cycle}s, in microseconds. */
    private long[] waitsUs = {0, 0};

    /** A cycle with the given delay and cycle time, in microseconds. */
    private CycleRecord cycle(long delayUs, long cycleUs, boolean afterOverrun) {
        CycleRecord r = new CycleRecord(4);
        r.cycle = k;
        r.idealStart = k * P;
        r.wakeup = r.idealStart + delayUs * 1000;
        r.end = r.wakeup + cycleUs * 1000;
        r.deadline = r.idealStart + P;
        r.xrun = r.end > r.deadline;
        r.afterOverrun = afterOverrun;
        r.clientCount = 2;
        r.clientNanos[0] = cycleUs * 300;
        r.clientNanos[1] = cycleUs * 200;
        r.clientStarts[0] = r.wakeup;
        r.clientStarts[1] = r.wakeup + r.clientNanos[0];
        r.clientWaits[0] = waitsUs[0] * 1000;
        r.clientWaits[1] = waitsUs[1] * 1000;
        r.timeoutClient = CycleRecord.NONE;
        r.failedClient = CycleRecord.NONE;
        r.rtAllocatedBytes = 0;
        k++;
        metrics.onCycle(r);
        return r;
    }

    @Test
    void shouldCountOnlyTheClientWorkInsideTheCycle() {
        CycleRecord r = cycle(10, 100, false); // client 0 worked 30 us from the wakeup, client 1 20 us after it
        assertEquals(50_000, r.clientWorkInCycle());
        r.clientStarts[0] = r.wakeup - 1_000_000; // an asynchronous client: it worked in the previous period
        assertEquals(20_000, r.clientWorkInCycle());
        r.clientStarts[1] = r.end - 5_000; // still working when the cycle ended: the part inside counts
        assertEquals(5_000, r.clientWorkInCycle());
        r.clientStarts[1] = 0; // did not run
        r.clientNanos[1] = 0;
        assertEquals(0, r.clientWorkInCycle());
    }

    @Test
    void shouldComputeDelayAndCycleMaximaAndMeanLoad() {
        cycle(10, 100, false);
        cycle(30, 300, false);
        cycle(20, 200, false);
        MetricsSnapshot m = metrics.snapshot();
        assertEquals(3, m.cycles());
        assertEquals(30, m.delayMaxMicros(), 0.05);
        assertEquals(300, m.cycleMaxMicros(), 0.5);
        assertEquals(20.0, m.dspLoadMean(), 1e-9);
        assertEquals(30.0, m.dspLoadMax(), 1e-9);
        assertEquals(100, m.clientWorkMeanMicros(), 1e-9, "half of each cycle was the clients' own work");
        assertEquals(0, m.xruns());
    }

    @Test
    void shouldCountDelaysOverTheSpareTimeOfThePrevious32Cycles() {
        cycle(0, 700, false);          // spare time afterwards: 1000 - 700 = 300 us
        cycle(250, 100, false);        // 250 < 300: not counted
        cycle(350, 100, false);        // 350 > 300: counted
        for (int i = 0; i < 32; i++) {
            cycle(0, 100, false);      // the 700 us cycle leaves the window; spare becomes 900 us
        }
        cycle(850, 100, false);        // 850 < 900: not counted
        cycle(950, 10, false);         // 950 > 900: counted
        assertEquals(2, metrics.snapshot().delayOverSpare());
    }

    @Test
    void shouldCountDelaysOver1000Microseconds() {
        cycle(999, 1, false);
        cycle(1000, 1, false);
        cycle(1001, 1, false);
        cycle(5000, 1, false);
        assertEquals(2, metrics.snapshot().delayOver1000us());
    }

    @Test
    void shouldNotChargeTheDelayOfACycleThatFollowsAnOverrun() {
        CycleRecord overrun = cycle(0, 1500, false);
        assertEquals(true, overrun.xrun);
        cycle(900, 50, true);          // late because its predecessor overran: not charged
        MetricsSnapshot m = metrics.snapshot();
        assertEquals(1, m.xruns());
        assertEquals(0, m.delayOverSpare(), "900 us exceeds the spare time left by a 1500 us cycle, but is not charged");
        assertEquals(0, m.delayMaxMicros(), 0.001);
        assertEquals(1500, m.cycleMaxMicros(), 1.0);
    }

    @Test
    void shouldCountXrunsTimeoutsAndSkippedPeriods() {
        cycle(900, 200, false); // woke so late that the output misses the deadline
        CycleRecord withTimeout = new CycleRecord(4);
        withTimeout.cycle = k++;
        withTimeout.idealStart = withTimeout.cycle * P;
        withTimeout.wakeup = withTimeout.idealStart;
        withTimeout.end = withTimeout.idealStart + 3 * P;
        withTimeout.deadline = withTimeout.idealStart + P;
        withTimeout.xrun = true;
        withTimeout.skippedPeriods = 2;
        withTimeout.clientCount = 3;
        withTimeout.clientStarts[0] = withTimeout.wakeup;
        withTimeout.clientNanos[0] = P / 10;
        withTimeout.clientStarts[1] = withTimeout.wakeup + P / 10;
        withTimeout.clientNanos[1] = 2 * P; // still running when the deadline passed
        withTimeout.clientTimedOut[2] = true; // an out-of-process client that did not answer in time
        withTimeout.failedClient = CycleRecord.NONE;
        withTimeout.rtAllocatedBytes = -1;
        withTimeout.findTimeoutClient();
        metrics.onCycle(withTimeout);
        MetricsSnapshot m = metrics.snapshot();
        assertEquals(1, withTimeout.timeoutClient, "the client spanning the deadline is the one to blame");
        assertEquals(2, m.xruns());
        assertEquals(2, m.timeouts(), "(client, cycle) pairs, not cycles");
        assertEquals(2, m.perSecond().get(0).timeouts());
        assertEquals(2, m.skippedPeriods());
        assertEquals(0, m.rtAllocatedBytes(), "the last measured value is kept when a record has none");
    }

    @Test
    void shouldCountOnlyTheMeasurementWindow() {
        cycle(5000, 2000, false);
        metrics.restartAt(k);
        cycle(10, 100, false);
        cycle(10, 100, false);
        metrics.stopAt(k);
        cycle(9000, 9000, false);
        MetricsSnapshot m = metrics.snapshot();
        assertEquals(2, m.cycles());
        assertEquals(0, m.xruns());
        assertEquals(10, m.delayMaxMicros(), 0.05);
        assertEquals(0.002, m.secondsMeasured(), 1e-9);
    }

    @Test
    void shouldSummariseTheClientsWaitsFromTriggerToStart() {
        waitsUs = new long[] {2, 6};
        cycle(10, 100, false);
        cycle(10, 100, false);
        waitsUs = new long[] {2000, 0};
        cycle(10, 100, false);
        MetricsSnapshot m = metrics.snapshot();
        assertEquals(1, m.clientWaitsOver1000us());
        assertEquals((2 + 6 + 2 + 6 + 2000 + 0) / 6.0, m.clientWaitMeanMicros(), 0.5, "over every call that began");
        assertEquals(2000, m.clientWaitMaxMicros(), 2);
    }

    @Test
    void shouldKeepOnlyTheLastSecondsOfALongRunButCountAllOfIt() {
        metrics = new RunMetrics(P, 3);
        for (int i = 0; i < 10_000; i++) { // ten seconds, one late cycle in each of the first and last
            cycle(5, i == 500 || i == 9_500 ? 1500 : 100, false);
        }
        MetricsSnapshot m = metrics.snapshot();
        assertEquals(2, m.xruns(), "the totals cover the whole window");
        assertEquals(10_000, m.cycles());
        var series = m.perSecond();
        assertEquals(4, series.size(), "the last 3 whole seconds and the one still open");
        assertEquals(java.util.List.of(6, 7, 8, 9), series.stream().map(SecondStats::second).toList());
        assertEquals(1, series.get(3).xruns());
    }

    @Test
    void shouldKeepAPerSecondSeries() {
        for (int i = 0; i < 2500; i++) {
            cycle(i == 1200 ? 700 : 5, i < 1000 ? 100 : 300, false);
        }
        var series = metrics.snapshot().perSecond();
        assertEquals(3, series.size());
        assertEquals(1000, series.get(0).cycles());
        assertEquals(10.0, series.get(0).dspLoadMean(), 1e-9);
        assertEquals(30.0, series.get(1).dspLoadMax(), 1e-9);
        assertEquals(700, series.get(1).delayMaxMicros(), 0.5);
        assertEquals(500, series.get(2).cycles());
        assertEquals(2, series.get(2).clientsAlive());
    }

    @Test
    void shouldReportOnlyWhatTheEngineAllocatedInsideTheWindow() {
        for (long allocated : new long[] {-1, 0, 496, 496}) { // before the window: the JIT meeting new clients
            CycleRecord r = new CycleRecord(4);
            r.cycle = k++;
            r.rtAllocatedBytes = allocated;
            r.timeoutClient = CycleRecord.NONE;
            metrics.onCycle(r);
        }
        metrics.restartAt(k);
        for (long allocated : new long[] {496, 496, 496}) {
            CycleRecord r = new CycleRecord(4);
            r.cycle = k++;
            r.rtAllocatedBytes = allocated;
            r.timeoutClient = CycleRecord.NONE;
            metrics.onCycle(r);
        }
        assertEquals(0, metrics.snapshot().rtAllocatedBytes(), "nothing allocated inside the window");
        CycleRecord r = new CycleRecord(4);
        r.cycle = k++;
        r.rtAllocatedBytes = 560;
        r.timeoutClient = CycleRecord.NONE;
        metrics.onCycle(r);
        assertEquals(64, metrics.snapshot().rtAllocatedBytes(), "64 bytes allocated inside the window");
    }
}
