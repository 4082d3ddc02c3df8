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
        try (Running running = start(Math.max(1, Math.round(seconds * 1e9 / periodNanos)))) {
            return running.await();
        }
    }

    /**
     * Starts a window that runs beside whatever the caller measures until {@link Running#stop()}: the floor in the
     * same seconds as the run it is held against. Its first few seconds are the warm-up, not counted.
     */
    public Running start() {
        return start(Long.MAX_VALUE);
    }

    private Running start(long periods) {
        Running running = new Running(periods);
        running.thread.start();
        return running;
    }

    /** A floor window being measured on its own realtime thread. Closing it stops the thread and waits for it. */
    public final class Running implements AutoCloseable {
        private final Histogram lateness = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        private final long[] counts = new long[4]; // {late wake-ups, periods skipped, bytes allocated, periods counted}
        private final RealtimeThreadFactory factory =
                new RealtimeThreadFactory("tactus-floor", scheduling, RealtimeScheduler.system());
        private final Thread thread;
        private volatile boolean stopped;

        private Running(long periods) {
            thread = factory.newThread(() -> sleepToPeriods(periods, lateness, counts, this));
        }

        /** Ends the window at the next period and returns what it saw. */
        public FloorWindow stop() throws InterruptedException {
            stopped = true;
            return await();
        }

        private FloorWindow await() throws InterruptedException {
            SchedulingOutcome outcome = factory.awaitOutcome(5_000);
            thread.join();
            long periods = counts[3];
            return new FloorWindow(periods * (double) periodNanos / 1e9, periods, counts[0], counts[1], lateness,
                    outcome == null ? scheduling.describe() : outcome.describe(), wait, counts[2]);
        }

        @Override
        public void close() throws InterruptedException {
            stopped = true;
            thread.join();
        }
    }

    /**
     * The probe's loop, after its rehearsal ({@value #REHEARSAL_ITERATIONS} iterations) and {@value #WARMUP_PERIODS}
     * periods that are not counted: the first calls load classes, bind libc and compile the loop, which a cold thread
     * pays once and the floor must not report.
     * The thread's allocation is read around the counted periods. Realtime, allocation-free once warm.
     */
    private void sleepToPeriods(long periods, Histogram lateness, long[] counts, Running running) {
        Histogram discarded = new Histogram(HIGHEST_TRACKABLE_NANOS, 3);
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        threads.getCurrentThreadAllocatedBytes(); // its first call may allocate; -1 when the JVM does not count
        sleepToPeriods(System.nanoTime(), REHEARSAL_PERIOD_NANOS, REHEARSAL_ITERATIONS, discarded, new long[4], running);
        sleepToPeriods(System.nanoTime() + periodNanos, periodNanos, WARMUP_PERIODS, discarded, new long[4], running);
        // What the JIT would resolve on this thread when it compiles the loop, inside the counted periods (docs/realtime.md).
        StringConstants.resolveInitialised();
        long before = threads.getCurrentThreadAllocatedBytes();
        sleepToPeriods(System.nanoTime() + periodNanos, periodNanos, periods, lateness, counts, running);
        long after = threads.getCurrentThreadAllocatedBytes();
        counts[2] = before < 0 || after < 0 ? -1 : after - before;
    }

    private void sleepToPeriods(long first, long period, long periods, Histogram lateness, long[] counts,
                                Running running) {
        long next = first;
        for (long i = 0; i < periods && !running.stopped; i++) {
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
            counts[3]++;
            next += period;
            while (next <= now) { // periods slept through are not run late one after another
                next += period;
                counts[1]++;
            }
        }
    }
}
