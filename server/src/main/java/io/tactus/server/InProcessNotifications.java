package io.tactus.server;

import io.tactus.api.GraphEvent;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.api.spi.GraphEventDispatcher;
import io.tactus.server.graph.GraphListener;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * An in-process client's graph notifications: numbered here, under the graph's lock, in the order the graph made
 * the changes, and run on the server's callback notifier. At most {@link #CAPACITY} wait at once per client, so a
 * client whose callback blocks cannot make the server's queue grow without bound: beyond that they are dropped
 * and counted, and the client sees the gap in the sequence numbers.
 */
final class InProcessNotifications implements GraphListener {

    /** Notifications waiting for one client's callbacks beyond which more are dropped. */
    static final int CAPACITY = 1024;

    private final CallbackNotifier notifier;
    private final GraphEventDispatcher dispatcher;
    private final AtomicInteger waiting = new AtomicInteger();
    private final AtomicLong dropped = new AtomicLong();
    /** Under the graph's lock, which every call holds. */
    private long sequence;

    InProcessNotifications(CallbackNotifier notifier, GraphEventDispatcher dispatcher) {
        this.notifier = notifier;
        this.dispatcher = dispatcher;
    }

    @Override
    public void graphChanged(GraphEvent event) {
        GraphEvent numbered = event.withSequence(++sequence);
        if (waiting.get() >= CAPACITY) {
            dropped.incrementAndGet();
            return;
        }
        waiting.incrementAndGet();
        notifier.post("graph notification", () -> {
            waiting.decrementAndGet();
            dispatcher.deliver(numbered);
        });
    }

    /** Notifications dropped because the client's callbacks had fallen {@link #CAPACITY} behind. */
    long dropped() {
        return dropped.get();
    }
}
