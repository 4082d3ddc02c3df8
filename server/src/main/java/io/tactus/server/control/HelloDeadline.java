package io.tactus.server.control;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection that has not said Hello in time, so a peer that connects and says nothing holds its
 * two threads for {@value #HELLO_MILLIS} ms, not for as long as it likes. One timer thread per control
 * socket serves every connection; what it runs at the deadline is only a frame queued and a socket closed.
 */
final class HelloDeadline implements AutoCloseable {

    /** How long a new connection may take to say Hello. */
    static final long HELLO_MILLIS = 2_000;

    private final ScheduledExecutorService timer;

    HelloDeadline(String serverName) {
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "tactus-control-" + serverName + "-hello");
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Runs {@code expire} after {@link #HELLO_MILLIS} unless the returned future is cancelled first. */
    ScheduledFuture<?> watch(Runnable expire) {
        return timer.schedule(expire, HELLO_MILLIS, TimeUnit.MILLISECONDS);
    }

    @Override
    public void close() {
        timer.shutdownNow();
    }
}
