package io.tactus.server.control;

import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One connection's work, run in the order it was handed in and never two at once, on threads shared by every
 * connection: a connection's requests change its client's state one after another, as one reader thread
 * used to, while the number of threads stays fixed whatever the number of connections. A connection with a
 * long queue gives its thread up after {@link #BATCH} tasks, so it cannot starve the others. Trade-off: a
 * request that waits for the engine (a graph change, up to 2 s when it is stalled) holds one of the few
 * shared threads for that long.
 */
final class SerialInbox {

    private static final int BATCH = 16;

    private final Executor workers;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    /** Runs when the count of pending tasks falls below the limit, from the worker that ran the task. */
    private final Runnable belowLimit;
    private final int limit;

    SerialInbox(Executor workers, int limit, Runnable belowLimit) {
        this.workers = workers;
        this.limit = limit;
        this.belowLimit = belowLimit;
    }

    /** Queues {@code task} behind this connection's others; from any thread. */
    void execute(Runnable task) {
        pending.incrementAndGet();
        tasks.add(task);
        schedule();
    }

    /** Tasks handed in and not yet finished. */
    int pending() {
        return pending.get();
    }

    boolean isFull() {
        return pending.get() >= limit;
    }

    private void schedule() {
        if (scheduled.compareAndSet(false, true)) {
            try {
                workers.execute(this::drain);
            } catch (RejectedExecutionException stopped) {
                // the control socket has stopped: nothing more will run
            }
        }
    }

    private void drain() {
        try {
            Runnable task;
            for (int i = 0; i < BATCH && (task = tasks.poll()) != null; i++) {
                try {
                    task.run();
                } finally {
                    if (pending.decrementAndGet() == limit - 1) {
                        belowLimit.run();
                    }
                }
            }
        } finally {
            scheduled.set(false);
            if (!tasks.isEmpty()) {
                schedule();
            }
        }
    }
}
