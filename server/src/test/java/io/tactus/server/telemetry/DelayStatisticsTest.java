package io.tactus.server.telemetry;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class DelayStatisticsTest {

    private static CycleRecord cycle(long delayNanos, long lateNanos, boolean xrun) {
        CycleRecord r = new CycleRecord(1);
        r.idealStart = 1_000_000;
        r.wakeup = r.idealStart + delayNanos;
        r.deadline = r.idealStart + 1_333_333;
        r.end = r.deadline + lateNanos;
        r.xrun = xrun;
        return r;
    }

    @Test
    void shouldKeepTheLargestDelayUntilResetAndTheLastXrunsLateness() {
        DelayStatistics stats = new DelayStatistics();
        stats.onCycle(cycle(40_000, -500_000, false));
        stats.onCycle(cycle(900_000, 250_000, true));
        stats.onCycle(cycle(10_000, 120_000, true));
        stats.onCycle(cycle(20_000, -600_000, false));
        assertEquals(900.0, stats.maxDelayedMicros());
        assertEquals(120.0, stats.xrunDelayedMicros(), "the most recent xrun's, not the largest");

        stats.resetMaxDelay();
        assertEquals(0.0, stats.maxDelayedMicros());
        stats.onCycle(cycle(30_000, -500_000, false));
        assertEquals(30.0, stats.maxDelayedMicros());
        assertEquals(120.0, stats.xrunDelayedMicros(), "a reset leaves the xrun's delay");
    }
}
