package io.tactus.server.telemetry;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * jack_cpu_load as JACK2 counts it: the worst cycle of each 32 over the period, capped at 95 %, averaged half and half
 * with the figure before; an asynchronous graph's cycle ends with the last client that ran in its period.
 */
class JackCpuLoadTest {

    private static final long PERIOD = 1_000_000;

    @Test
    void shouldFollowTheWorstCycleOfEach32HalfAndHalf() {
        JackCpuLoad load = new JackCpuLoad();
        long t = 0;
        for (int i = 0; i < 31; i++) {
            load.cycle(sync(t, 300_000), false);
            t += PERIOD;
        }
        assertEquals(0, load.percent(), "no figure before the 32nd cycle");
        load.cycle(sync(t, 400_000), false); // the worst of the first 32: 40 %
        t += PERIOD;
        assertEquals(20.0, load.percent(), 1e-9);
        for (int i = 0; i < 32; i++) {
            load.cycle(sync(t, i == 7 ? 800_000 : 100_000), false); // the worst of the next 32: 80 %
            t += PERIOD;
        }
        assertEquals(50.0, load.percent(), 1e-9);
        assertEquals(35.0, load.meanPercent(), 1e-9);
        assertEquals(50.0, load.maxPercent(), 1e-9);
    }

    @Test
    void shouldCapAnOverrunAt95Percent() {
        JackCpuLoad load = new JackCpuLoad();
        for (int i = 0; i < 32; i++) {
            load.cycle(sync(i * PERIOD, i == 3 ? 3 * PERIOD : 100_000), false);
        }
        assertEquals(47.5, load.percent(), 1e-9);
    }

    @Test
    void shouldEndAnAsynchronousCycleWithTheLastClientOfItsPeriod() {
        JackCpuLoad load = new JackCpuLoad();
        // Each record: the engine's own 20 usecs; its clients, of the cycle before, ran 100 to 700 usecs into that
        // cycle's period; one client of this cycle's own (started after its wake-up) is not the previous graph's.
        for (int i = 0; i <= 32; i++) {
            long wakeup = i * PERIOD;
            CycleRecord r = sync(wakeup, 20_000);
            r.clientCount = 2;
            r.clientStarts[0] = wakeup - PERIOD + 100_000;
            r.clientNanos[0] = 600_000;
            r.clientStarts[1] = wakeup + 5_000;
            r.clientNanos[1] = 10_000;
            load.cycle(r, true);
        }
        assertEquals(35.0, load.percent(), 1e-9, "the graph's 700 usecs, not the engine's 20");
    }

    @Test
    void shouldCountTheEnginesOwnCycleWhereNoClientRanInAnAsynchronousPeriod() {
        JackCpuLoad load = new JackCpuLoad();
        for (int i = 0; i <= 32; i++) {
            load.cycle(sync(i * PERIOD, 50_000), true);
        }
        assertEquals(2.5, load.percent(), 1e-9);
    }

    @Test
    void shouldNotCountFreewheelingCycles() {
        JackCpuLoad load = new JackCpuLoad();
        for (int i = 0; i < 64; i++) {
            CycleRecord r = sync(i * PERIOD, 900_000);
            r.freewheel = true;
            load.cycle(r, false);
        }
        assertEquals(0, load.percent());
    }

    private static CycleRecord sync(long wakeup, long length) {
        CycleRecord r = new CycleRecord(4);
        r.periodNanos = PERIOD;
        r.wakeup = wakeup;
        r.end = wakeup + length;
        return r;
    }
}
