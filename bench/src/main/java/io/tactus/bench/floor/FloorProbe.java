package io.tactus.bench.floor;

import io.tactus.rt.MonotonicSleep;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.RealtimeThreadFactory;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.rt.SchedulingSettings;
import io.tactus.rt.StringConstants;
import org.HdrHistogram.Histogram;

import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;

/**
 * The machine's floor: a bare thread at the engine's policy and priority that does nothing but sleep to
 * each period's absolute start and note how late it woke, as cyclictest does. Whatever lateness this
 * thread sees, the host and the kernel gave it, so a report can hold the engine's late wake-ups against
 * it instead of trusting a steal counter that counts in 10 ms ticks. Periods missed during a stall are
 * skipped (cyclictest's rule and the engine's resynchronisation), so one stall is one late wake-up.
 *
 * <p>The probe thread is realtime, allocation-free once started: the histogram is sized before it runs.
 */
public final class FloorProbe {

    /** A wake-up later than this counts as late, as the report's Delay Count (>1000 usecs) does. */
    public static final long LATE_NANOS = 1_000_000;

    private static final long HIGHEST_TRACKABLE_NANOS = 10_000_000_000L;
    private static final int WARMUP_PERIODS = 1500;
    /**
     * The loop's rehearsal before the warm-up: this many iterations to deadlines 10 us apart, most of them already
     * past, a few hundred milliseconds in all. About 4000 periods into a fresh JVM's first window the JIT used to swap
     * the loop's compiled code, and the swap allocated some 4 KiB on the probe thread once, inside the counted periods
     * (docs/measurements/2026-12-07-morning.md); the rehearsal gets the loop there first.
     */
    private static final int REHEARSAL_ITERATIONS = 20_000;
    private static final long REHEARSAL_PERIOD_NANOS = 10_000;

    private final SchedulingSettings scheduling;
    private final long periodNanos;
    private final FloorWait wait;

    public FloorProbe(SchedulingSettings scheduling, long periodNanos, FloorWait wait) {
        this.scheduling = Objects.requireNonNull(scheduling, "scheduling");
        if (periodNanos <= 0) {
            throw new IllegalArgumentException("the floor's period must be positive, not " + periodNanos + " ns");
        }
        this.periodNanos = periodNanos;
        this.wait = Objects.requireNonNull(wait, "wait");
    }

    /** Runs one window of {@code seconds} on a new thread and returns what it saw; blocks until it ends. */
    public FloorWindow measure(double seconds) throws InterruptedException {
        if (!(seconds > 0)) {
            throw new IllegalArgumentException("a floor window needs a positive length, not " + seconds + " s");
        }
        long periods = Math.max(1, Math.round(seconds * 1e9 / periodNanos));
        Histogram lateness = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        long[] counts = new long[3]; // {late wake-ups, periods skipped, bytes allocated}
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-floor", scheduling, RealtimeScheduler.system());
        Thread thread = factory.newThread(() -> sleepToPeriods(periods, lateness, counts));
        thread.start();
        SchedulingOutcome outcome = factory.awaitOutcome(5_000);
        thread.join();
        return new FloorWindow(seconds, periods, counts[0], counts[1], lateness,
                outcome == null ? scheduling.describe() : outcome.describe(), wait, counts[2]);
    }

    /**
     * The probe's loop, after its rehearsal ({@value #REHEARSAL_ITERATIONS} iterations) and {@value #WARMUP_PERIODS}
     * periods that are not counted: the first calls load classes, bind libc and compile the loop, which a cold thread
     * pays once and the floor must not report.
     * The thread's allocation is read around the counted periods. Realtime, allocation-free once warm.
     */
    private void sleepToPeriods(long periods, Histogram lateness, long[] counts) {
        Histogram discarded = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.getCurrentThreadAllocatedBytes(); // its first call may allocate; -1 when the JVM does not count
        sleepToPeriods(System.nanoTime(), REHEARSAL_PERIOD_NANOS, REHEARSAL_ITERATIONS, discarded, new long[3]);
        sleepToPeriods(System.nanoTime() + periodNanos, periodNanos, WARMUP_PERIODS, discarded, new long[3]);
        // What the JIT would resolve on this thread when it compiles the loop, inside the counted periods (docs/realtime.md).
        StringConstants.resolveInitialised();
        long before = threads.getCurrentThreadAllocatedBytes();
        sleepToPeriods(System.nanoTime() + periodNanos, periodNanos, periods, lateness, counts);
        long after = threads.getCurrentThreadAllocatedBytes();
        counts[2] = before < 0 || after < 0 ? -1 : after - before;
    }

    private void sleepToPeriods(long first, long period, long periods, Histogram lateness, long[] counts) {
        long next = first;
        for (long i = 0; i < periods; i++) {
            if (wait == FloorWait.NANOSLEEP) {
                MonotonicSleep.sleepUntil(next);
            } else {
                long left = next - System.nanoTime();
                if (left > 0) {
                    LockSupport.parkNanos(left);
                }
            }
            long now = System.nanoTime();
            long late = Math.max(0, now - next);
            lateness.recordValue(Math.min(late, HIGHEST_TRACKABLE_NANOS));
            if (late > LATE_NANOS) {
                counts[0]++;
            }
            next += period;
            while (next <= now) { // periods slept through are not run late one after another
                next += period;
                counts[1]++;
            }
        }
    }
}
