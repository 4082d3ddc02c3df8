package io.tactus.rt;

import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Makes threads that switch themselves to their scheduling settings as their first action, before the
 * task runs (after a prelude, when one is given). Scheduling calls act on the calling thread, so this is
 * the only way that needs no tid passing and cannot race the task; the price is that the creator learns
 * the outcome only after the thread has started, hence {@link #awaitOutcome(long)}. Threads are
 * non-daemon and named {@code threadName}, then {@code threadName-2}, {@code threadName-3}, ...
 */
public final class RealtimeThreadFactory implements ThreadFactory {

    private final String threadName;
    private final SchedulingSettings settings;
    private final RealtimeScheduler scheduler;
    private final AtomicInteger created = new AtomicInteger();
    private volatile PendingOutcome latestCreated;
    private volatile SchedulingOutcome lastOutcome;

    public RealtimeThreadFactory(String threadName, SchedulingSettings settings, RealtimeScheduler scheduler) {
        this.threadName = Objects.requireNonNull(threadName, "threadName");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
    }

    @Override
    public Thread newThread(Runnable task) {
        return newThread(() -> { }, task);
    }

    /**
     * As {@link #newThread(Runnable)}, with {@code prelude} run on the new thread first, before the settings are
     * applied: work that must not hold a realtime CPU, such as a warm-up that runs flat out. The outcome comes
     * after it.
     */
    public Thread newThread(Runnable prelude, Runnable task) {
        Objects.requireNonNull(prelude, "prelude");
        Objects.requireNonNull(task, "task");
        int n = created.incrementAndGet();
        PendingOutcome pending = new PendingOutcome();
        Thread thread = new Thread(() -> {
            try {
                prelude.run();
                SchedulingOutcome outcome = scheduler.applyToCurrentThread(settings);
                pending.outcome = outcome;
                lastOutcome = outcome;
            } finally {
                pending.applied.countDown();
            }
            task.run();
        }, n == 1 ? threadName : threadName + "-" + n);
        thread.setDaemon(false);
        latestCreated = pending;
        return thread;
    }

    /** Outcome of the most recently started thread, null before one has applied its settings. */
    public SchedulingOutcome lastOutcome() {
        return lastOutcome;
    }

    /**
     * Blocks until the most recently created thread has applied its settings (at most timeoutMillis) and
     * returns its outcome; null on timeout or when no thread has been created.
     */
    public SchedulingOutcome awaitOutcome(long timeoutMillis) throws InterruptedException {
        PendingOutcome pending = latestCreated;
        if (pending == null || !pending.applied.await(timeoutMillis, TimeUnit.MILLISECONDS)) {
            return null;
        }
        return pending.outcome;
    }

    private static final class PendingOutcome {
        final CountDownLatch applied = new CountDownLatch(1);
        volatile SchedulingOutcome outcome;
    }
}
