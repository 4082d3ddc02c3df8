package io.tactus.bench.floor;

import io.tactus.rt.SchedulingSettings;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FloorProbeTest {

    private static final long PERIOD = 1_333_333;

    @Test
    void shouldSleepToEveryPeriodOfTheWindowAndRecordEachWakeUp() throws InterruptedException {
        FloorWindow w = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP).measure(0.3);
        assertEquals(225, w.periods(), "0.3 s of 1333 us periods");
        assertEquals(w.periods(), w.lateness().getTotalCount(), "one lateness sample per period slept to");
        assertTrue(w.late() <= w.periods(), "late " + w.late() + " of " + w.periods());
        assertTrue(w.maxNanos() >= w.percentileNanos(99.9), "the maximum bounds the percentile");
    }

    @Test
    void shouldMeasureWithTheJvmsParkToo() throws InterruptedException {
        FloorWindow w = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.PARK).measure(0.1);
        assertEquals(75, w.lateness().getTotalCount());
        assertEquals(FloorWait.PARK, w.mechanism());
    }

    @Test
    void shouldAddTwoWindowsAsIfMeasuredInOne() throws InterruptedException {
        FloorProbe probe = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP);
        FloorWindow a = probe.measure(0.1);
        FloorWindow b = probe.measure(0.2);
        FloorWindow both = a.plus(b);
        assertEquals(a.periods() + b.periods(), both.periods());
        assertEquals(a.late() + b.late(), both.late());
        assertEquals(a.lateness().getTotalCount() + b.lateness().getTotalCount(), both.lateness().getTotalCount());
        assertEquals(Math.max(a.maxNanos(), b.maxNanos()), both.maxNanos());
        assertEquals(a.seconds() + b.seconds(), both.seconds(), 1e-12);
        assertEquals(0.3, both.seconds(), 1e-6, "a window is as long as the periods it counted");
    }

    /**
     * The least of three windows, as MonotonicSleepTest does: a window in which the JIT swaps the loop's
     * compiled code (it compiles it only after some 15 000 periods, long after the probe's warm-up) can see a
     * few hundred bytes once; a loop that allocated per period would show in every window.
     */
    @Test
    void shouldAllocateNothingOnTheFloorThreadAfterItsWarmUp() throws InterruptedException {
        FloorProbe probe = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP);
        long least = Long.MAX_VALUE;
        StringBuilder windows = new StringBuilder();
        for (int window = 0; window < 3; window++) {
            FloorWindow w = probe.measure(0.5);
            assertEquals(375, w.lateness().getTotalCount(), "the window ran its periods");
            assertTrue(w.allocatedBytes() >= 0, "the JVM counts the thread's allocation");
            least = Math.min(least, w.allocatedBytes());
            windows.append(' ').append(w.allocatedBytes());
        }
        assertEquals(0, least, "bytes the floor thread allocated in its counted periods, per window:" + windows);
    }

    @Test
    void shouldRunBesideTheCallerUntilStoppedAndCountOnlyThePeriodsAfterItsWarmUp() throws InterruptedException {
        FloorProbe probe = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP);
        FloorProbe.Running running = probe.start();
        Thread.sleep(4_000); // the rehearsal (some 0.2 s) and the warm-up (1500 periods, 2 s), then counted periods
        FloorWindow w = running.stop();
        assertTrue(w.periods() > 0 && w.periods() < 4_000_000_000L / PERIOD, "counted periods: " + w.periods());
        assertEquals(w.periods(), w.lateness().getTotalCount(), "one lateness sample per counted period");
        assertEquals(w.periods() * PERIOD / 1e9, w.seconds(), 1e-9, "the window's length is its periods'");
    }

    @Test
    void shouldCountNothingWhenStoppedInItsWarmUp() throws InterruptedException {
        FloorProbe.Running running = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP).start();
        FloorWindow w = running.stop();
        assertEquals(0, w.periods());
        assertEquals(0, w.lateness().getTotalCount());
        assertEquals(0, w.seconds());
    }

    @Test
    void shouldRefuseAWindowOfNoLengthAndAPeriodOfNone() {
        FloorProbe probe = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP);
        assertEquals("a floor window needs a positive length, not 0.0 s",
                assertThrows(IllegalArgumentException.class, () -> probe.measure(0)).getMessage());
        assertThrows(IllegalArgumentException.class,
                () -> new FloorProbe(SchedulingSettings.other(0), 0, FloorWait.NANOSLEEP));
    }

    /**
     * About 4000 periods into a fresh JVM's first window the JIT swapped the loop's compiled code, and the swap
     * allocated 4320 bytes on the probe thread once (every 10 s window under load counted them). The probe now runs
     * its loop at full speed before the warm-up, so the swap happens there. A fresh JVM: in this one, other tests
     * have run the loop already.
     */
    @Test
    void shouldAllocateNothingInAFreshJvmsWindowLongerThanTheJitsSwapOfTheLoop() throws Exception {
        String out = io.tactus.testing.FreshJvm.run(SixSecondWindow.class, 60).trim();
        assertEquals("4500 periods, 0 bytes", out.substring(out.lastIndexOf('\n') + 1), out);
    }

    /** One 6 s window of the probe in a JVM of its own. */
    public static final class SixSecondWindow {
        public static void main(String[] args) throws InterruptedException {
            FloorWindow w = new FloorProbe(SchedulingSettings.other(0), PERIOD, FloorWait.NANOSLEEP).measure(6);
            System.out.println(w.lateness().getTotalCount() + " periods, " + w.allocatedBytes() + " bytes");
        }
    }
}
