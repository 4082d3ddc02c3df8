package io.tactus.server.control;

import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.server.TransportProxy;

/**
 * The control socket's transport requests, answered through the server's {@link TransportProxy}: what
 * {@code tactus transport} and a process client's {@link io.tactus.api.Transport} ask. A bad frame or tempo
 * is the proxy's one sentence.
 */
final class TransportAnswers {

    private TransportAnswers() {
    }

    static Reply report(TransportProxy transport) {
        TransportPosition p = new TransportPosition();
        TransportState state = transport.query(p);
        return new Reply.TransportReport(state.name(), p.frame(), p.frameRate(), p.bbtValid(), p.bar(), p.beat(),
                p.tick(), p.barStartTick(), p.beatsPerBar(), p.beatType(), p.ticksPerBeat(), p.beatsPerMinute());
    }

    static void apply(TransportProxy transport, Request.TransportRequest request) {
        switch (request.action()) {
            case "start" -> transport.start();
            case "stop" -> transport.stop();
            case "locate" -> transport.locate(request.frame());
            case "tempo" -> transport.tempo(request.beatsPerMinute());
            default -> throw new IllegalStateException("TransportRequest checked its action: " + request.action());
        }
    }
}
