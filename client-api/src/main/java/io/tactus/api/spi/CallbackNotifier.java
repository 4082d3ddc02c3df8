package io.tactus.api.spi;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;

/**
 * Runs client callbacks (shutdown, xrun, graph order, graph notifications) on one normal daemon thread, in the
 * order they were posted, so none runs on a realtime thread, under the graph's lock, on the telemetry consumer or on a
 * socket reader; a callback that blocks delays only the callbacks behind it. One that throws is reported
 * on standard error and does not stop the others. Both transports use it: the server for in-process
 * clients, a client in its own process for the notifications its server sends.
 */
public final class CallbackNotifier implements AutoCloseable {

    private final ExecutorService executor;

    /** @param threadName the name of the callbacks' thread */
    public CallbackNotifier(String threadName) {
        this(task -> {
            Thread thread = new Thread(task, threadName);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** @param threads makes the callbacks' one thread (the server's watchdog actions run on a realtime one) */
    public CallbackNotifier(ThreadFactory threads) {
        this.executor = Executors.newSingleThreadExecutor(threads);
    }

    /** Queues {@code callback}; {@code what} names it in the report if it throws. Dropped once shut down. */
    public void post(String what, Runnable callback) {
        try {
            executor.execute(() -> {
                try {
                    callback.run();
                } catch (RuntimeException e) {
                    System.err.println("tactus: the " + what + " callback threw " + e);
                }
            });
        } catch (RejectedExecutionException closed) {
            // Shut down: nobody is listening any more.
        }
    }

    /** Runs what is already queued, then lets the thread end; does not wait, so a callback may call it. */
    public void shutdown() {
        executor.shutdown();
    }

    /** As {@link #shutdown}, then waits up to 2 s for the queued callbacks to run. */
    @Override
    public void close() {
        executor.shutdown();
        try {
            executor.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
