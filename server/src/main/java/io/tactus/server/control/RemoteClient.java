package io.tactus.server.control;

import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.SharedGraph;

/**
 * What the server knows of one out-of-process client: its node in the graph, its process and the thread
 * that runs its process callback (the watchdog demotes that thread when it evicts the client), and its
 * activation record in the server's shared graph. Owned by the connection's {@link ControlAdapter}.
 *
 * @param node             the client in the server's graph
 * @param pid              the client's process id, from the kernel (SO_PEERCRED)
 * @param processThreadTid the Linux thread id of the client's process thread, as Hello named it: a thread of
 *                         {@code pid}, or 0 when it named none
 * @param record           its activation record in {@code graph}
 * @param graph            the server's shared graph, which counts the engine's timeouts per record
 */
public record RemoteClient(ClientNode node, long pid, int processThreadTid, int record, SharedGraph graph) {

    public String name() {
        return node.name();
    }

    /** The id in Welcome; unique for the server's lifetime. */
    public int clientId() {
        return node.id();
    }

    /** Cycles in which the client did not answer in time (or was still busy), so its outputs were silence. */
    public long timeouts() {
        return graph.timeouts(record);
    }
}
