package io.tactus.server;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.ClientTransport;
import io.tactus.server.graph.ClientNode;

/**
 * The in-process transport, registered under the server's name so {@link io.tactus.api.Tactus#open} finds
 * it: a client whose process callback runs on the engine thread, with no copy and no wake-up between them.
 */
final class InProcessTransport implements ClientTransport {

    private final TactusServer server;

    InProcessTransport(TactusServer server) {
        this.server = server;
    }

    @Override
    public TactusClient open(String name, ClientOptions options) {
        if (server.isClosed()) {
            throw new TactusException("server '" + server.name() + "' has stopped");
        }
        // Joined and listening in one step under the graph's lock: every change after its joining is told to it.
        synchronized (server.graph()) {
            ClientNode node = server.graph().addClient(name, options.priority(), options.useExactName());
            server.joined(node);
            return new InProcessClient(server, server.controller(), node);
        }
    }
}
