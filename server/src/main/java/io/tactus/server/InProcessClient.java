package io.tactus.server;

import io.tactus.api.BufferSizeCallback;
import io.tactus.api.ClientRegistrationCallback;
import io.tactus.api.FrameClock;
import io.tactus.api.FreewheelCallback;
import io.tactus.api.GraphEventCallback;
import io.tactus.api.LatencyCallback;
import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.PortConnectCallback;
import io.tactus.api.PortRegistrationCallback;
import io.tactus.api.PortRenameCallback;
import io.tactus.api.SampleRateCallback;
import io.tactus.api.GraphOrderCallback;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.ShutdownCallback;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.Transport;
import io.tactus.api.XrunCallback;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.api.spi.GraphEventDispatcher;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.PortNode;

import java.util.List;
import java.util.Objects;

/**
 * A client in the server's own JVM: its process callback runs inline on the engine thread, with no
 * copy and no wake-up, which makes it the cheapest kind and the one a runaway can hurt most. Public so
 * that a benchmark can run the real client classes on an engine it drives by hand ({@link GraphChanges}).
 */
public final class InProcessClient implements TactusClient {

    private final int sampleRate;
    private final int bufferSize;
    private final GraphChanges controller;
    private final ClientNode node;
    /** Null on an engine driven by hand, which keeps no time and no transport. */
    private final FrameClock clock;
    private final Transport transport;
    /** The server, for its period at run time; null on an engine driven by hand, whose period never changes. */
    private TactusServer server;
    /** The server's callback notifier; null on an engine driven by hand, which tells its clients nothing. */
    private final CallbackNotifier notifier;
    private final GraphEventDispatcher events;

    InProcessClient(TactusServer server, GraphController controller, ClientNode node) {
        this(server.sampleRate(), server.bufferSize(), controller, node, server.cycleClock(),
                new TransportHandle(server.transport(), controller, node), server.notifier());
        this.server = server;
    }

    /** A client of {@code node}, already added to {@code changes}' graph, on an engine driven by hand. */
    public InProcessClient(int sampleRate, int bufferSize, GraphChanges changes, ClientNode node) {
        this(sampleRate, bufferSize, changes, node, null, null, null);
    }

    private InProcessClient(int sampleRate, int bufferSize, GraphChanges changes, ClientNode node, FrameClock clock,
                            Transport transport, CallbackNotifier notifier) {
        this.sampleRate = sampleRate;
        this.bufferSize = bufferSize;
        this.controller = changes;
        this.node = node;
        this.clock = clock;
        this.transport = transport;
        this.notifier = notifier;
        this.events = new GraphEventDispatcher(node.name());
        if (notifier != null) {
            node.setGraphListener(new InProcessNotifications(notifier, events));
        }
    }

    @Override
    public String name() {
        return node.name();
    }

    @Override
    public int sampleRate() {
        return sampleRate;
    }

    @Override
    public int bufferSize() {
        return server != null ? server.bufferSize() : bufferSize;
    }

    @Override
    public Port registerPort(String shortName, PortType type, PortFlag... flags) {
        requireOpen();
        Objects.requireNonNull(type, "type");
        boolean input = PortFlag.isInput(name(), shortName, flags);
        boolean physical = PortFlag.has(flags, PortFlag.PHYSICAL);
        return controller.change(graph -> graph.addPort(node, shortName, type, input, physical));
    }

    @Override
    public void unregisterPort(Port port) {
        requireOpen();
        if (!(port instanceof PortNode own) || own.client() != node) {
            throw new TactusException("port '" + port.name() + "' does not belong to client '" + name() + "'");
        }
        controller.changeVoid(graph -> graph.removePort(own));
    }

    @Override
    public void setProcessCallback(ProcessCallback callback) {
        requireOpen();
        node.setProcess(callback);
        if (node.isActive()) {
            controller.changeVoid(graph -> { }); // the next plan carries the new callback
        }
    }

    @Override
    public void setShutdownCallback(ShutdownCallback callback) {
        node.setShutdownCallback(callback);
    }

    @Override
    public void setXrunCallback(XrunCallback callback) {
        node.setXrunCallback(callback);
    }

    @Override
    public void setGraphOrderCallback(GraphOrderCallback callback) {
        node.setGraphOrderCallback(callback);
    }

    @Override
    public void activate() {
        requireOpen();
        if (node.process() == null) {
            throw new TactusException("client '" + name() + "' has no process callback; set one before activate()");
        }
        controller.changeVoid(graph -> graph.setActive(node, true));
    }

    @Override
    public void deactivate() {
        requireOpen();
        controller.changeVoid(graph -> graph.setActive(node, false));
    }

    @Override
    public void connect(String source, String destination) {
        requireOpen();
        controller.changeVoid(graph -> graph.connect(source, destination));
    }

    @Override
    public void disconnect(String source, String destination) {
        requireOpen();
        controller.changeVoid(graph -> graph.disconnect(source, destination));
    }

    @Override
    public FrameClock clock() {
        if (clock == null) {
            throw new TactusException("client '" + name() + "' runs on an engine driven by hand, which keeps no frame time");
        }
        return clock;
    }

    @Override
    public Transport transport() {
        if (transport == null) {
            throw new TactusException("client '" + name() + "' runs on an engine driven by hand, which has no transport");
        }
        return transport;
    }

    @Override
    public List<String> getPorts() {
        return controller.graph().portNames();
    }

    @Override
    public List<String> getConnections(String port) {
        return controller.graph().connectionsOf(port);
    }

    // Notifications and latency (issue 20)

    @Override
    public void setGraphEventCallback(GraphEventCallback callback) {
        events.setGraphEventCallback(callback);
    }

    @Override
    public void setClientRegistrationCallback(ClientRegistrationCallback callback) {
        events.setClientRegistrationCallback(callback);
    }

    @Override
    public void setPortRegistrationCallback(PortRegistrationCallback callback) {
        events.setPortRegistrationCallback(callback);
    }

    @Override
    public void setPortConnectCallback(PortConnectCallback callback) {
        events.setPortConnectCallback(callback);
    }

    @Override
    public void setPortRenameCallback(PortRenameCallback callback) {
        events.setPortRenameCallback(callback);
    }

    @Override
    public void setSampleRateCallback(SampleRateCallback callback) {
        if (notifier != null) {
            GraphEventDispatcher.announceSampleRate(notifier, callback, sampleRate);
        }
    }

    @Override
    public void setLatencyCallback(LatencyCallback callback) {
        events.setLatencyCallback(callback);
    }

    @Override
    public void setLatencyRange(Port port, LatencyMode mode, LatencyRange range) {
        requireOpen();
        Objects.requireNonNull(mode, "mode");
        Objects.requireNonNull(range, "range");
        controller.graph().setLatencyRange(node, port.name(), mode, range);
    }

    @Override
    public LatencyRange latencyRange(String port, LatencyMode mode) {
        Objects.requireNonNull(mode, "mode");
        return controller.graph().latencyRange(port, mode);
    }

    @Override
    public void recomputeTotalLatencies() {
        requireOpen();
        controller.graph().recomputeLatencies();
    }

    @Override
    public void close() {
        events.close();
        if (!node.isClosed()) {
            controller.changeVoid(graph -> {
                if (!node.isClosed()) {
                    graph.removeClient(node);
                }
            });
        }
    }

    // Buffer size and freewheel at run time (issue 20)

    @Override
    public void setBufferSize(int nframes) {
        requireOpen();
        requireServer("its period size");
        server.setBufferSize(nframes);
    }

    /** Runs on the engine thread before this client's first call at a new size; see {@link BufferSizeCallback}. */
    @Override
    public void setBufferSizeCallback(BufferSizeCallback callback) {
        node.setBufferSizeCallback(callback);
    }

    @Override
    public void setFreewheel(boolean on) {
        requireOpen();
        requireServer("freewheel");
        server.setFreewheel(on);
    }

    @Override
    public void setFreewheelCallback(FreewheelCallback callback) {
        node.setFreewheelCallback(callback);
    }

    private void requireServer(String what) {
        if (server == null) {
            throw new TactusException("client '" + name() + "' runs on an engine driven by hand, which has no " + what
                    + " to change");
        }
    }

    private void requireOpen() {
        if (node.isClosed()) {
            throw new TactusException("client '" + name() + "' is closed");
        }
    }
}
