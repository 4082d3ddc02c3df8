package io.tactus.server.graph;

import io.tactus.api.GraphEvent;

/**
 * Hears, for one client, every change of the {@link Graph} that client is told of, in the order the graph made
 * them: the graph calls it under its own lock, so it must only queue the event (and number it), never block or
 * call back into the graph. Both transports have one per client: in-process, a bounded queue on the server's
 * callback notifier; in another process, the client's connection, whose outbox is bounded.
 */
@FunctionalInterface
public interface GraphListener {

    void graphChanged(GraphEvent event);
}
