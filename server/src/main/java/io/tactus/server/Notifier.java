package io.tactus.server;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Runs client callbacks (shutdown, xrun, graph order) on one normal thread, in order, so that no
 * callback runs on the realtime thread, under the graph's lock, or on the telemetry consumer. A callback
 * that throws is reported once per client and callback kind and does not stop the others.
 */
final class Notifier implements AutoCloseable {

    private final ExecutorService executor = Executors.newSingleThreadExecutor(task -> {
        Thread thread = new Thread(task, "tactus-notify");
        thread.setDaemon(true);
        return thread;
    });

    void post(String what, Runnable callback) {
        try {
            executor.execute(() -> {
                try {
                    callback.run();
                } catch (RuntimeException e) {
                    System.err.println("tactus: " + what + " callback threw " + e);
                }
            });
        } catch (RejectedExecutionException closed) {
            // The server is gone; nobody is left to tell.
        }
    }

    /** Runs what is queued, then stops. */
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
