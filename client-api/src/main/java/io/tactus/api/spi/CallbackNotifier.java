package io.tactus.ipc.client;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * Runs a remote client's callbacks (shutdown, xrun, graph order) on one normal daemon thread, in the order
 * the server sent them, so none runs on the process thread or holds up the socket reader; a callback
 * that blocks delays only the callbacks behind it. One that throws is reported on standard error and does
 * not stop the others.
 */
final class CallbackNotifier {

    private final ExecutorService executor;

    CallbackNotifier(String clientName) {
        this.executor = Executors.newSingleThreadExecutor(task -> {
            Thread thread = new Thread(task, "tactus-notify-" + clientName);
            thread.setDaemon(true);
            return thread;
        });
    }

    void post(String what, Runnable callback) {
        try {
            executor.execute(() -> {
                try {
                    callback.run();
                } catch (RuntimeException e) {
                    System.err.println("tactus: the " + what + " callback threw " + e);
                }
            });
        } catch (RejectedExecutionException closed) {
            // The client is closed; nobody is listening any more.
        }
    }

    /** Runs what is already queued, then lets the thread end; does not wait, so a callback may call it. */
    void shutdown() {
        executor.shutdown();
    }
}
