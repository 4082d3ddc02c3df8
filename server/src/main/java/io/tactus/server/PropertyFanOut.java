package io.tactus.server;

import io.tactus.api.PropertyChange;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import io.tactus.server.graph.Metadata;

/**
 * Tells every client of a metadata change, as JACK tells all of them, whoever made it: each client's property
 * change callback is queued on the server's notifier (for a client in its own process, the callback sends it a
 * notification), in the order the changes were made, for they are told under the graph's lock.
 */
final class PropertyFanOut implements Metadata.Listener {

    private final Graph graph;
    private final CallbackNotifier notifier;

    PropertyFanOut(Graph graph, CallbackNotifier notifier) {
        this.graph = graph;
        this.notifier = notifier;
    }

    @Override
    public void changed(long subject, String key, PropertyChange change) {
        for (String name : graph.clientNames()) {
            ClientNode client = graph.clientOrNull(name);
            if (client != null && client.propertyChangeCallback() != null) {
                notifier.post("property change", () -> client.propertyChangeCallback().propertyChanged(subject, key, change));
            }
        }
    }
}
