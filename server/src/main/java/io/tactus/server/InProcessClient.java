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
import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.PortQuery;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.Property;
import io.tactus.api.PropertyChangeCallback;
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
import java.util.Optional;

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
    /**
     * The server, for its period at run time and its statistics; null on an engine driven by hand, whose period
     * never changes and which keeps no statistics.
     */
    private final TactusServer server;
    /** The server's callback notifier; null on an engine driven by hand, which tells its clients nothing. */
    private final CallbackNotifier notifier;
    private final GraphEventDispatcher events;

    InProcessClient(TactusServer server, GraphController controller, ClientNode node) {
        this(server.sampleRate(), server.bufferSize(), controller, node, server.cycleClock(),
                new TransportHandle(server.transport(), controller, node), server.notifier(), server);
    }

    /** A client of {@code node}, already added to {@code changes}' graph, on an engine driven by hand. */
    public InProcessClient(int sampleRate, int bufferSize, GraphChanges changes, ClientNode node) {
        this(sampleRate, bufferSize, changes, node, null, null, null, null);
    }

    private InProcessClient(int sampleRate, int bufferSize, GraphChanges changes, ClientNode node, FrameClock clock,
                            Transport transport, CallbackNotifier notifier, TactusServer server) {
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
        this.server = server;
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
        PortFlag.isInput(name(), shortName, flags);
        int bits = PortFlag.bits(flags);
        return controller.change(graph -> graph.addPort(node, shortName, type, bits));
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

    // Port queries, aliases, rename, statistics and metadata (issue 20)

    @Override
    public List<String> getPorts(String namePattern, String typePattern, PortFlag... flags) {
        return controller.graph().portNames(PortQuery.of(namePattern, typePattern, flags));
    }

    @Override
    public PortDetails portByName(String portName) {
        if (portName == null || portName.isEmpty()) {
            throw new TactusException("a port name is needed, e.g. system:playback_1");
        }
        return controller.graph().describe(portName);
    }

    @Override
    public PortDetails portById(long id) {
        return controller.graph().describe(id);
    }

    @Override
    public void setAlias(String port, String alias) {
        requireOpen();
        requirePortName(port);
        controller.graph().setAlias(port, alias);
    }

    @Override
    public void unsetAlias(String port, String alias) {
        requireOpen();
        requirePortName(port);
        controller.graph().unsetAlias(port, alias);
    }

    @Override
    public void renamePort(Port port, String newShortName) {
        requireOpen();
        if (!(port instanceof PortNode own) || own.client() != node || own.client().isClosed()) {
            throw new TactusException("port '" + port.name() + "' is not one of client '" + name()
                    + "''s registered ports; a client renames only its own");
        }
        if (newShortName == null || newShortName.isEmpty()) {
            throw new TactusException("a port's new name must have at least one character");
        }
        controller.graph().renamePort(own, newShortName);
    }

    @Override
    public long uuid() {
        return node.uuid();
    }

    @Override
    public long clientUuid(String clientName) {
        if (clientName == null || clientName.isEmpty()) {
            throw new TactusException("a client name is needed, e.g. system");
        }
        return controller.graph().clientUuid(clientName);
    }

    @Override
    public double cpuLoad() {
        return server().cpuLoadPercent();
    }

    @Override
    public double maxDelayedMicros() {
        return server().delays().maxDelayedMicros();
    }

    @Override
    public double xrunDelayedMicros() {
        return server().delays().xrunDelayedMicros();
    }

    @Override
    public void resetMaxDelayedMicros() {
        server().delays().resetMaxDelay();
    }

    @Override
    public void setProperty(long subject, String key, String value, String type) {
        requireOpen();
        controller.graph().metadata().set(subject, key, Objects.requireNonNull(value, "value"), type == null ? "" : type);
    }

    @Override
    public Optional<Property> getProperty(long subject, String key) {
        return controller.graph().metadata().get(subject, key);
    }

    @Override
    public List<Property> getProperties(long subject) {
        return controller.graph().metadata().list(subject);
    }

    @Override
    public List<Property> getAllProperties() {
        return controller.graph().metadata().listAll();
    }

    @Override
    public void removeProperty(long subject, String key) {
        requireOpen();
        controller.graph().metadata().remove(subject, key);
    }

    @Override
    public int removeProperties(long subject) {
        requireOpen();
        return controller.graph().metadata().removeSubject(subject).size();
    }

    @Override
    public void removeAllProperties() {
        requireOpen();
        controller.graph().metadata().removeAll();
    }

    @Override
    public void setPropertyChangeCallback(PropertyChangeCallback callback) {
        node.setPropertyChangeCallback(callback);
    }

    private TactusServer server() {
        if (server == null) {
            throw new TactusException("client '" + name() + "' runs on an engine driven by hand, which keeps no statistics");
        }
        return server;
    }

    private static void requirePortName(String port) {
        if (port == null || port.isEmpty()) {
            throw new TactusException("a port name is needed, e.g. system:playback_1");
        }
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
