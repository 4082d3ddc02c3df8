package io.tactus.server.control;

import io.tactus.ipc.Request;
import io.tactus.rt.PeerCredentials;
import io.tactus.rt.ThreadTasks;

import java.io.IOException;
import java.nio.channels.SocketChannel;

/**
 * Who is behind a connection, from the kernel rather than from its Hello: the peer's pid as SO_PEERCRED
 * recorded it at connect(), and the process thread Hello names, kept only when it is a thread of that pid.
 * The server later demotes that thread when it evicts the client, so a tid taken on trust would let a
 * client take any thread of the user's (the server's engine among them) off the realtime class.
 *
 * @param pid     the peer's process id, from the kernel
 * @param tid     the process thread Hello named, or 0 when it named none
 * @param refusal null when Hello may be admitted, else the one sentence the peer is refused with
 */
record ClientIdentity(long pid, int tid, String refusal) {

    static ClientIdentity of(SocketChannel channel, Request.Hello hello) {
        long pid;
        try {
            pid = PeerCredentials.peerPid(channel);
        } catch (IOException e) {
            return new ClientIdentity(-1, 0, "connection refused: the peer's process id cannot be read from the"
                    + " kernel (" + e.getMessage() + ")");
        }
        int tid = hello.processThreadTid();
        if (tid <= 0) {
            return new ClientIdentity(pid, 0, null); // a client without a process thread of its own to name
        }
        if (!ThreadTasks.isThreadOf(pid, tid)) {
            return new ClientIdentity(pid, tid, "client '" + hello.clientName() + "' refused: thread " + tid
                    + " is not a thread of its process " + pid + "; Hello must name the client's own process thread");
        }
        return new ClientIdentity(pid, tid, null);
    }
}
