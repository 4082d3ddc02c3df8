package io.tactus.server.control;

import io.tactus.api.ClientPriority;
import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.PortFlag;
import io.tactus.api.TactusException;
import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.ProtocolException;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.rt.ThreadTasks;
import io.tactus.server.GraphController;
import io.tactus.server.TactusServer;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import io.tactus.server.watchdog.ClientView;
import io.tactus.server.graph.PortNode;
import io.tactus.server.telemetry.MetricsSnapshot;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection of the control socket: carries out each request on the server's graph exactly as an
 * in-process client's call would (through the {@link GraphController}, so the engine switches plans), and
 * answers. It has no thread of its own: its {@link PeerChannel} hands it the connection's frames one at a
 * time on the control socket's shared workers, and writes what it sends, replies and notifications in order,
 * from the selector thread, so a client that stops reading holds up only its own connection. A peer that
 * breaks the protocol gets one {@link Reply.Error} and is disconnected; a peer that goes away is removed
 * from the graph, its record and port slots freed.
 */
final class ControlAdapter implements PeerChannel.Handler {

    private final ControlServer owner;
    private final TactusServer server;
    private final GraphController controller;
    private final PeerChannel peer;
    private final AtomicBoolean ending = new AtomicBoolean();
    /** Set once the connection's Error is sent: it hears nothing more, and then it ends. */
    private volatile boolean failed;
    private final AtomicLong droppedNotifications = new AtomicLong();

    /** Set once Welcome is sent. */
    private volatile RemoteClient client;
    // Touched only by this connection's work, one task at a time: its live ports, in registration order, and their slots.
    private final List<PortNode> ports = new ArrayList<>();

    ControlAdapter(ControlServer owner, TactusServer server, PeerChannel peer) {
        this.owner = owner;
        this.server = server;
        this.controller = server.controller();
        this.peer = peer;
    }

    /** The first frame must be Hello (and the peer allowed in); every later one is a request, until Goodbye. */
    @Override
    public void onFrame(ControlFrame frame) {
        if (ending.get() || peer.isClosed()) {
            return; // leaving, or cut off: what the peer still sent is not answered
        }
        try {
            boolean goOn = client == null ? greet(frame) : handle(frame);
            if (!goOn) {
                leave(null);
            }
        } catch (RuntimeException e) {
            fail(0, "the server failed to handle a request: " + e);
            leave(null);
        }
    }

    /** Garbage in the first frame is answered with the peer's refusal, if it is refused at all. */
    @Override
    public void onFault(String sentence) {
        if (ending.get()) {
            return;
        }
        String refusal = client == null ? owner.peerRefusal(peer.socket()) : null;
        fail(0, refusal != null ? refusal : sentence);
        leave(null);
    }

    @Override
    public void onEnd() {
        leave(null);
    }

    @Override
    public void onHelloTimeout() {
        if (ending.get()) {
            return;
        }
        fail(0, "no Hello within " + ControlSelector.HELLO_MILLIS + " ms of connecting; the connection is closed");
        leave(null);
    }

    /** The peer did not read what it was sent and its socket is closed: said once in the server's log, then it leaves. */
    @Override
    public void onCut(String sentence) {
        if (ending.get()) {
            return;
        }
        RemoteClient c = client;
        System.err.println("tactus: " + (c == null ? "a connection that said no Hello" : "client '" + c.name() + "'")
                + " " + sentence + "; it is disconnected");
        leave(null);
    }

    /** Hello, from a peer that may connect and names a thread of its own: Welcome, or Error and false. */
    private boolean greet(ControlFrame first) {
        String refusal = owner.peerRefusal(peer.socket());
        if (refusal != null) {
            fail(first.requestId(), refusal);
            return false;
        }
        if (!(first.message() instanceof Request.Hello hello)) {
            fail(first.requestId(), "the first message on a connection must be Hello, not "
                    + first.message().type().label());
            return false;
        }
        ClientIdentity identity = ClientIdentity.of(peer.socket(), hello);
        if (identity.refusal() != null) {
            fail(first.requestId(), identity.refusal());
            return false;
        }
        return welcome(first.requestId(), hello, identity);
    }

    /** Admits the client: a node in the graph with its record, its callbacks; answers Welcome, or Error and false. */
    private boolean welcome(int requestId, Request.Hello hello, ClientIdentity identity) {
        ClientNode node = null;
        try {
            if (server.isClosed()) {
                throw new TactusException("server '" + server.name() + "' is stopping");
            }
            ClientPriority priority = ClientPriority.parse(hello.priority());
            node = controller.graph().addRemoteClient(hello.clientName(), priority, hello.exactName());
            RemoteClient admitted = new RemoteClient(node, identity.pid(), identity.tid(), node.record(),
                    owner.sharedGraph());
            node.setProcessThreadTid(identity.tid());
            node.setProcessId(identity.pid());
            node.setShutdownCallback(this::leave);
            node.setXrunCallback(late -> tell(new Notification.Xrun(late)));
            node.setGraphOrderCallback(() -> tell(new Notification.GraphOrder()));
            server.joined(node);
            node.setBufferSizeCallback(nframes -> tell(new Notification.BufferSizeChanged(nframes)));
            node.setFreewheelCallback(on -> tell(new Notification.FreewheelChanged(on)));
            node.setPropertyChangeCallback((subject, key, change) ->
                    tell(new Notification.PropertyChanged(subject, key == null ? "" : key, change)));
            client = admitted;
            owner.register(admitted);
            Reply.Welcome welcome = new Reply.Welcome(node.id(), server.sampleRate(), server.bufferSize(),
                    owner.sharedGraph().segment().path().toString(), node.record(), ProcessHandle.current().pid(),
                    owner.processPriority(), node.name(), node.uuid());
            // Under the graph's lock, which every announcement holds: no notification comes before Welcome, and
            // every change after it is told.
            synchronized (controller.graph()) {
                send(requestId, welcome);
                AtomicLong sequence = new AtomicLong();
                node.setGraphListener(event -> tell(Notification.GraphChange.of(event.withSequence(sequence.incrementAndGet()))));
            }
            return true;
        } catch (RuntimeException e) {
            if (client != null) {
                throw e; // admitted: leave() undoes it all
            }
            if (node != null && !node.isClosed()) {
                controller.graph().removeClient(node); // inactive and portless: in no plan yet
            }
            fail(requestId, e instanceof TactusException ? e.getMessage() : "the server could not admit client '"
                    + hello.clientName() + "': " + e);
            return false;
        }
    }

    /** One request after Welcome; false ends the connection. */
    private boolean handle(ControlFrame frame) {
        int id = frame.requestId();
        if (!(frame.message() instanceof Request request)) {
            fail(id, "a client may not send " + frame.message().type().label() + ", which only the server sends");
            return false;
        }
        if (request instanceof Request.Hello) {
            fail(id, "this connection already said Hello; a connection carries one client");
            return false;
        }
        if (request instanceof Request.Goodbye) {
            removeFromGraph();
            send(id, new Reply.Ok(request.type()));
            return false;
        }
        Reply reply;
        try {
            reply = answer(request);
        } catch (TactusException e) {
            reply = new Reply.Error(e.getMessage());
        }
        send(id, reply);
        return true;
    }

    private Reply answer(Request request) {
        ClientNode node = client.node();
        Reply ok = new Reply.Ok(request.type());
        if (request instanceof Request.RegisterPort r) {
            return registerPort(node, r);
        } else if (request instanceof Request.UnregisterPort r) {
            unregisterPort(r.shortName());
        } else if (request instanceof Request.Activate) {
            controller.changeVoid(graph -> graph.setActive(node, true));
        } else if (request instanceof Request.Deactivate) {
            controller.changeVoid(graph -> graph.setActive(node, false));
        } else if (request instanceof Request.Connect r) {
            controller.changeVoid(graph -> graph.connect(r.source(), r.destination()));
        } else if (request instanceof Request.Disconnect r) {
            controller.changeVoid(graph -> graph.disconnect(r.source(), r.destination()));
        } else if (request instanceof Request.ListPorts r) {
            return listPorts(r.withConnections());
        } else if (request instanceof Request.Status) {
            return status();
        } else if (request instanceof Request.Top) {
            return top();
        } else if (request instanceof Request.TransportQuery) {
            return TransportAnswers.report(server.transport());
        } else if (request instanceof Request.TransportRequest r) {
            TransportAnswers.apply(server.transport(), r);
        } else if (request instanceof Request.SetBufferSize r) { // issue 20
            server.setBufferSize(r.nframes());
        } else if (request instanceof Request.SetFreewheel r) { // issue 20
            server.setFreewheel(r.on());
        } else if (request instanceof Request.SetLatencyRange r) {
            controller.graph().setLatencyRange(node, node.name() + ":" + r.shortName(), mode(r.playback()),
                    new LatencyRange(r.min(), r.max()));
        } else if (request instanceof Request.GetLatencyRange r) {
            LatencyRange range = controller.graph().latencyRange(r.port(), mode(r.playback()));
            return new Reply.LatencyReport(range.min(), range.max());
        } else if (request instanceof Request.RecomputeLatencies) {
            controller.graph().recomputeLatencies();
        } else if (request instanceof Request.ListLatencies) {
            return listLatencies();
        } else if (PortMetadataAnswers.handles(request)) {
            return PortMetadataAnswers.answer(server, node, ports, request);
        } else if (TransportCallbacks.apply(request, node, controller, server.transport(), owner.sharedGraph())) {
            return ok;
        } else if (request instanceof Request.LoadInternalClient r) { // internal clients (issue 21)
            return owner.internalClients().load(r);
        } else if (request instanceof Request.InternalClientHandle r) {
            return owner.internalClients().handle(r.clientName());
        } else if (request instanceof Request.UnloadInternalClient r) {
            return owner.internalClients().unload(r.handle());
        } else if (request instanceof Request.InternalClientName r) {
            return owner.internalClients().name(r.handle());
        } else {
            throw new TactusException("the server cannot handle " + request.type().label() + " yet");
        }
        return ok;
    }

    private static LatencyMode mode(boolean playback) {
        return playback ? LatencyMode.PLAYBACK : LatencyMode.CAPTURE;
    }

    /** {@code lsp -l}: every port's two ranges, one consistent picture. */
    private Reply listLatencies() {
        Graph graph = controller.graph();
        List<Reply.PortLatency> lines = new ArrayList<>();
        synchronized (graph) {
            for (String name : graph.portNames()) {
                LatencyRange capture = graph.latencyRange(name, LatencyMode.CAPTURE);
                LatencyRange playback = graph.latencyRange(name, LatencyMode.PLAYBACK);
                PortNode port = graph.port(name);
                LatencyRange facing = port.isInput() ? playback : capture;
                int latency = port.isPhysical() ? (facing.min() + facing.max()) / 2 : 0; // JACK2's JackPort does the same
                lines.add(new Reply.PortLatency(name, latency, capture.min(), capture.max(), playback.min(), playback.max()));
            }
        }
        return new Reply.LatencyList(lines);
    }

    /** The port joins the graph with a slot of the shared graph, which the reply names. */
    private Reply registerPort(ClientNode node, Request.RegisterPort r) {
        if (ports.size() >= ControlServer.MAX_PORTS) {
            throw new TactusException("client '" + node.name() + "' already has " + ControlServer.MAX_PORTS
                    + " ports, the most a client in its own process can have");
        }
        int flags = (r.flags() & ~(PortFlag.INPUT.bit() | PortFlag.OUTPUT.bit()))
                | (r.isInput() ? PortFlag.INPUT : PortFlag.OUTPUT).bit();
        PortNode port = controller.change(graph -> graph.addPort(node, r.shortName(), r.portType(), flags));
        ports.add(port);
        return new Reply.PortSlot(port.slot());
    }

    /** The graph drops the port (its slot freed once the engine no longer runs a plan with it). */
    private void unregisterPort(String shortName) {
        PortNode port = null;
        for (PortNode p : ports) {
            if (p.shortName().equals(shortName)) {
                port = p;
            }
        }
        if (port == null) {
            throw new TactusException("client '" + client.name() + "' has no port named '" + shortName + "'");
        }
        PortNode gone = port;
        controller.changeVoid(graph -> graph.removePort(gone));
        ports.remove(gone);
    }

    private Reply listPorts(boolean withConnections) {
        Graph graph = controller.graph();
        List<Reply.PortInfo> infos = new ArrayList<>();
        synchronized (graph) { // one consistent picture
            for (String name : graph.portNames()) {
                infos.add(new Reply.PortInfo(name, graph.port(name).isInput(), graph.port(name).type(),
                        withConnections ? graph.connectionsOf(name) : List.of()));
            }
        }
        return new Reply.PortList(infos);
    }

    private Reply status() {
        MetricsSnapshot m = server.metrics();
        double load = server.cpuLoadPercent();
        int clients = (int) controller.graph().clientNames().stream().filter(n -> !Graph.SYSTEM.equals(n)).count();
        return new Reply.StatusReport(server.sampleRate(), server.bufferSize(), clients, server.cyclesRun(), m.xruns(),
                m.timeouts(), load, ThreadTasks.readBack(server.scheduling()).describe(), owner.timing().label(),
                server.settings().watchdog().policy().label());
    }

    /** {@code tactus top}'s view: the last second's DSP load and the watchdog's file on every client. */
    private Reply top() {
        MetricsSnapshot m = server.metrics();
        double load = m.perSecond().isEmpty() ? m.dspLoadMean() : m.perSecond().get(m.perSecond().size() - 1).dspLoadMean();
        List<Reply.TopLine> lines = new ArrayList<>();
        for (ClientView v : server.watchdog().clients()) {
            lines.add(new Reply.TopLine(v.name(), v.priority().label(), v.state().name(), v.waitMicros(), v.busyMicros(),
                    v.sharePercent(), v.busyMaxMicros(), v.timeouts(), v.xruns(), v.actions()));
        }
        return new Reply.TopReport(load, m.xruns(), ThreadTasks.readBack(server.scheduling()).describe(),
                server.settings().watchdog().policy().label(),
                server.watchdog().actionsTaken(), lines);
    }

    /** Queues a reply; a reply that cannot be encoded (a port list over the frame limit) becomes an Error. */
    private void send(int requestId, Reply reply) {
        ByteBuffer frame;
        try {
            frame = ControlCodec.encode(new ControlFrame(requestId, reply));
        } catch (ProtocolException e) {
            frame = ControlCodec.encode(new ControlFrame(requestId, new Reply.Error(e.getMessage())));
        }
        peer.send(frame);
    }

    /** Queues a notification unless the connection is ending; dropped (and counted) when the client lags far behind. */
    private void tell(Notification notification) {
        ByteBuffer frame = ControlCodec.encode(notification);
        synchronized (this) { // against fail(): a notification is queued before the Error or not at all
            if (ending.get() || failed) {
                return;
            }
            if (!peer.tell(frame)) {
                droppedNotifications.incrementAndGet();
            }
        }
    }

    /** The peer broke the protocol or was refused: one Error frame, then the connection ends. */
    private void fail(int requestId, String sentence) {
        synchronized (this) { // the Error is the last frame: no notification may slip in before the connection ends
            failed = true;
        }
        send(requestId, new Reply.Error(sentence));
    }

    /**
     * Ends the connection once, from any thread: a Shutdown notification when {@code reason} is given (the
     * client was evicted or the server stops), then, after the connection's other work, the client out of
     * the graph (its record and slots freed), the last frames flushed and the socket closed.
     */
    void leave(String reason) {
        if (!ending.compareAndSet(false, true)) {
            return;
        }
        if (reason != null) {
            peer.tell(ControlCodec.encode(new Notification.Shutdown(reason)));
        }
        peer.execute(this::finishLeaving);
    }

    /** Forgotten before the socket closes, so a peer that sees the end finds its place free. */
    private void finishLeaving() {
        RemoteClient gone = client;
        if (gone != null) {
            removeFromGraph();
            owner.forget(gone);
        }
        owner.forget(this);
        peer.closeAfterFlush();
        long dropped = droppedNotifications.get();
        if (dropped > 0) {
            System.err.println("tactus: client '" + (gone == null ? "?" : gone.name()) + "' read too slowly; "
                    + dropped + " notifications to it were dropped");
        }
    }

    /** Takes the client out of the graph (its ports and connections with it); true once no plan runs it. */
    private boolean removeFromGraph() {
        RemoteClient c = client;
        if (c == null) {
            return true;
        }
        ClientNode node = c.node();
        if (node.isClosed()) {
            return true; // evicted: the controller switched plans before it called us
        }
        try {
            controller.changeVoid(graph -> {
                if (!node.isClosed()) {
                    graph.removeClient(node);
                }
            });
            return true;
        } catch (TactusException e) {
            return false; // the engine did not take the change (stalled); the node is gone from the graph
        }
    }

    /** Waits up to {@code millis} for the socket to be closed; for {@link ControlServer#close()}. */
    boolean awaitClosed(long millis) throws InterruptedException {
        return peer.awaitClosed(millis);
    }
}
