package io.tactus.server.control;

import io.tactus.ipc.Request;
import io.tactus.server.GraphController;
import io.tactus.server.TransportProxy;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.SharedGraph;
import io.tactus.server.transport.ProcessSync;
import io.tactus.server.transport.ProcessTimebase;

/**
 * The control socket's sync and timebase requests of a client in its own process: they register on the
 * client's node the engine-side stand-ins that read its answers from its record ({@link ProcessSync},
 * {@link ProcessTimebase}), so the next plan carries them as it carries an in-process client's callbacks, and
 * the graph's rules (one master, conditional refusal, forgotten when the client goes) hold for both.
 */
final class TransportCallbacks {

    private TransportCallbacks() {
    }

    /** True when {@code request} was one of these, carried out; a refusal is the graph's one sentence. */
    static boolean apply(Request request, ClientNode node, GraphController controller, TransportProxy transport,
                         SharedGraph shared) {
        if (request instanceof Request.SetSyncCallback r) {
            ProcessSync sync = r.on() ? new ProcessSync(shared.activation(), node.record()) : null;
            controller.changeVoid(graph -> node.setSyncCallback(sync));
        } else if (request instanceof Request.SetSyncTimeout r) {
            transport.syncTimeout(r.micros());
        } else if (request instanceof Request.SetTimebase r) {
            ProcessTimebase master = new ProcessTimebase(shared.segment(), node.record());
            controller.changeVoid(graph -> graph.setTimebaseMaster(node, r.conditional(), master));
        } else if (request instanceof Request.ReleaseTimebase) {
            controller.changeVoid(graph -> graph.releaseTimebase(node));
        } else {
            return false;
        }
        return true;
    }
}
