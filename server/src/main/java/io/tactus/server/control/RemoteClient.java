package io.tactus.server.control;

import io.tactus.server.graph.ClientNode;

import java.nio.file.Path;

/**
 * What the server knows of one out-of-process client: its node in the graph, its process and the thread
 * that runs its process callback (the watchdog demotes that thread when it evicts the client), its
 * shared segment and the engine-side half of its cycle. Owned by the connection's {@link ControlAdapter}.
 *
 * @param node             the client in the server's graph
 * @param pid              the client's process id, from the kernel (SO_PEERCRED)
 * @param processThreadTid the Linux thread id of the client's process thread, as Hello named it: a thread of
 *                         {@code pid}, or 0 when it named none
 * @param segmentPath      its shared-memory segment, {@code /dev/shm/tactus-<server>-<clientId>}
 * @param process          the engine-side handshake, with its timeout count
 */
public record RemoteClient(ClientNode node, long pid, int processThreadTid, Path segmentPath, RemoteProcess process) {

    public String name() {
        return node.name();
    }

    /** The id in Welcome and in the segment's name; unique for the server's lifetime. */
    public int clientId() {
        return node.id();
    }

    /** Cycles in which the client did not answer in time (or was still busy), so its outputs were silence. */
    public long timeouts() {
        return process.timeouts();
    }
}
