package io.tactus.ipc.client;

import io.tactus.api.BufferSizeCallback;
import io.tactus.api.ClientOptions;
import io.tactus.api.FreewheelCallback;
import io.tactus.api.ClientRegistrationCallback;
import io.tactus.api.GraphEventCallback;
import io.tactus.api.LatencyCallback;
import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.PortConnectCallback;
import io.tactus.api.PortRegistrationCallback;
import io.tactus.api.PortRenameCallback;
import io.tactus.api.SampleRateCallback;
import io.tactus.api.FrameClock;
import io.tactus.api.GraphOrderCallback;
import io.tactus.api.NameRules;
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
import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.MessageType;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.SegmentClock;
import io.tactus.ipc.graph.SegmentTransport;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.ipc.graph.ActivationRehearsal;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A client in its own JVM, joined to a server over its control socket: every {@link TactusClient} call is a
 * request answered by the server, and the process callback runs on this JVM's own realtime
 * {@link ProcessThread}, woken each cycle through the server's graph segment by the clients that feed it. It
 * behaves as an in-process client does, except that it costs a futex wake-up per cycle and survives the server: when the server stops,
 * evicts it or dies, the shutdown callback says why (exactly once; "server gone" for a server that vanished
 * without a word) and the process thread ends.
 *
 * <p>Beyond {@link TactusClient} it offers what the command-line tools need: {@link #listPorts} with
 * connections in one round trip, and {@link #status()}. Open one with {@link ProcessTransport}, or through
 * {@link io.tactus.api.Tactus#open} when no server of that name runs in this JVM.
 */
public final class RemoteTactusClient implements TactusClient {

    private static final long GOODBYE_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);
    private static final long STOP_TIMEOUT_MILLIS = 2_000;

    /** The name asked for, then the one Welcome gave (a taken name gets a suffix). */
    private volatile String name;
    private final String serverName;
    /** Set once in {@link #join}, before any thread that reads it is started. */
    private ServerConnection connection;
    private final ProcessThread process;
    private final CallbackNotifier notifier;
    private final GraphEventDispatcher events;
    private final long timeoutNanos;
    private final RemoteTransport transport = new RemoteTransport(this);

    private final int rehearsalCycles;
    private final Object portLock = new Object();
    private final List<RemotePort> ports = new ArrayList<>(); // under portLock

    private final AtomicBoolean shutdownTold = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private volatile boolean closing;
    private volatile String shutdownReason;
    private volatile Reply.Welcome welcome;
    private volatile GraphSegment segment;
    private volatile SegmentClock clock;
    private volatile SegmentTransport sharedTransport;
    private volatile ShutdownCallback shutdownCallback;
    private volatile XrunCallback xrunCallback;
    private volatile GraphOrderCallback graphOrderCallback;
    private volatile PropertyChangeCallback propertyChangeCallback;

    private RemoteTactusClient(String name, String serverName, int rehearsalCycles, RealtimeScheduler scheduler,
                               long timeoutNanos) {
        this.name = name;
        this.serverName = serverName;
        this.rehearsalCycles = rehearsalCycles;
        this.timeoutNanos = timeoutNanos;
        this.notifier = new CallbackNotifier("tactus-notify-" + name);
        this.events = new GraphEventDispatcher(name);
        this.process = new ProcessThread(name, Futex.linux(), RealtimeNative.linux(), scheduler, this::processFailed);
    }

    /**
     * Hello/Welcome on a fresh connection: starts the process thread (its tid goes into Hello), the reader,
     * then maps the graph segment the server names. On any failure everything started is stopped again.
     */
    static RemoteTactusClient join(Opener opener, String clientName, ClientOptions options,
                             RealtimeScheduler scheduler, long timeoutNanos) {
        Objects.requireNonNull(clientName, "clientName");
        RemoteTactusClient client = new RemoteTactusClient(clientName, options.serverName(), options.rehearsalCycles(),
                scheduler, timeoutNanos);
        try {
            // The process thread before the connection: the server closes a connection that has not said Hello
            // within 2 s, and a new realtime thread on a busy machine can take a good part of that.
            client.process.start();
            int tid = client.process.awaitTid(5_000);
            Request.Hello hello = new Request.Hello(clientName, ProcessHandle.current().pid(), tid,
                    options.priority().label(), options.useExactName());
            // For the same deadline, the codec's first run (class loading, interpreted code) before connecting
            // too: the less is left between connect and Hello, the less a busy machine can stretch it.
            ControlCodec.encode(1, hello);
            ServerConnection connection = opener.open();
            client.connection = connection;
            connection.start("tactus-control-" + clientName, client.new Adapter());
            Reply reply = connection.request(hello, timeoutNanos);
            if (!(reply instanceof Reply.Welcome welcome)) {
                throw unexpected(MessageType.HELLO, reply);
            }
            client.attach(welcome);
            return client;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            client.abandon();
            throw new TactusException("interrupted while joining Tactus server '" + options.serverName() + "'");
        } catch (RuntimeException e) {
            client.abandon();
            throw e;
        }
    }

    /** Opens the connection to the server; its failure is the transport's sentence (e.g. no server). */
    @FunctionalInterface
    interface Opener {
        ServerConnection open();
    }

    private void attach(Reply.Welcome welcome) {
        if (welcome.sampleRate() <= 0 || welcome.bufferSize() <= 0) {
            throw new TactusException("Tactus server '" + serverName + "' announced " + welcome.sampleRate() + " Hz and "
                    + welcome.bufferSize() + " frames per period, which no server runs at");
        }
        GraphSegment mapped = GraphSegment.open(Path.of(welcome.graphPath()));
        GraphLayout layout = mapped.layout();
        if (welcome.record() <= GraphLayout.ENGINE || welcome.record() >= layout.records()
                || welcome.bufferSize() > layout.nframes() || mapped.periodFrames() > layout.nframes()) {
            mapped.close();
            throw new TactusException("the graph segment " + welcome.graphPath() + " of Tactus server '" + serverName
                    + "' does not fit a client of record " + welcome.record() + " and " + welcome.bufferSize()
                    + " frames per period (" + layout + "); server and client may be from different Tactus releases");
        }
        if (!welcome.clientName().isEmpty()) {
            this.name = welcome.clientName();
        }
        this.welcome = welcome;
        this.segment = mapped;
        process.attach(mapped, welcome.record());
        this.clock = new SegmentClock(mapped, process::readerCycle); // the process thread reads its own cycle's
        this.sharedTransport = new SegmentTransport(mapped, process::readerCycle);
    }

    /** Undoes a join that failed half-way. */
    private void abandon() {
        closing = true;
        closed.set(true);
        if (connection != null) {
            connection.close();
        }
        process.stop();
        try {
            process.join(STOP_TIMEOUT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        GraphSegment s = segment;
        if (s != null) {
            s.close();
        }
        notifier.shutdown();
    }

    @Override
    public String name() {
        return name;
    }

    /** The server this client joined. */
    public String serverName() {
        return serverName;
    }

    /** The id the server gave this client in Welcome. */
    public int clientId() {
        return welcome.clientId();
    }

    /** The pid of the server's process. */
    public long serverPid() {
        return welcome.serverPid();
    }

    @Override
    public int sampleRate() {
        return welcome.sampleRate();
    }

    /** The period size the engine runs at now, from the graph segment's header: it follows every switch. */
    @Override
    public int bufferSize() {
        GraphSegment s = segment;
        return s != null ? s.periodFrames() : welcome.bufferSize();
    }

    /** False once closed, shut down by the server or cut off from it. */
    public boolean isConnected() {
        return !closed.get() && connection.isOpen();
    }

    @Override
    public Port registerPort(String shortName, PortType type, PortFlag... flags) {
        requireOpen();
        Objects.requireNonNull(type, "type");
        boolean input = PortFlag.isInput(name, shortName, flags);
        synchronized (portLock) {
            Request request = new Request.RegisterPort(shortName, input, type, PortFlag.bits(flags));
            int slot = query(request, Reply.PortSlot.class).slot();
            if (slot >= segment.layout().ports()) {
                throw new TactusException("the server gave port '" + shortName + "' slot " + slot + " of a graph segment of "
                        + segment.layout().ports() + " ports; server and client may be from different Tactus releases");
            }
            RemotePort port = type == PortType.MIDI ? RemotePort.midi(this, name, shortName, input, slot, segment.midiBuffer(slot))
                    : RemotePort.audio(this, name, shortName, input, slot, segment.buffer(slot));
            ports.add(port);
            process.setPorts(ports.toArray(new RemotePort[0]));
            return port;
        }
    }

    @Override
    public void unregisterPort(Port port) {
        requireOpen();
        synchronized (portLock) {
            if (!(port instanceof RemotePort own) || !own.belongsTo(this)) {
                throw new TactusException("port '" + port.name() + "' does not belong to client '" + name + "'");
            }
            if (!ports.contains(own)) {
                throw new TactusException("port '" + port.name() + "' is not registered");
            }
            ports.remove(own); // the process thread stops using the slot before the server may hand it on
            process.setPorts(ports.toArray(new RemotePort[0]));
            try {
                expectOk(new Request.UnregisterPort(own.shortName()));
            } catch (TactusException refused) {
                ports.add(own);
                process.setPorts(ports.toArray(new RemotePort[0]));
                throw refused;
            }
        }
    }

    @Override
    public void setProcessCallback(ProcessCallback callback) {
        requireOpen();
        process.setCallback(callback);
    }

    @Override
    public void setShutdownCallback(ShutdownCallback callback) {
        this.shutdownCallback = callback;
    }

    @Override
    public void setXrunCallback(XrunCallback callback) {
        this.xrunCallback = callback;
    }

    @Override
    public void setGraphOrderCallback(GraphOrderCallback callback) {
        this.graphOrderCallback = callback;
    }

    /**
     * Rehearses the cycle's rare outcomes (once per JVM, {@link ActivationRehearsal}), switches the process thread
     * to SCHED_FIFO (first time only), then asks the server to run the client.
     */
    @Override
    public void activate() {
        requireOpen();
        if (processCallbackMissing()) {
            throw new TactusException("client '" + name + "' has no process callback; set one before activate()");
        }
        // Once per JVM: the cycle's rare outcomes, so that the first late client does not deoptimise this one.
        ActivationRehearsal.ensure(Futex.linux());
        try {
            process.begin(welcome.processPriority(), rehearsalCycles);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TactusException("interrupted while activating client '" + name + "'");
        }
        expectOk(new Request.Activate());
    }

    @Override
    public void deactivate() {
        requireOpen();
        expectOk(new Request.Deactivate());
    }

    @Override
    public void connect(String source, String destination) {
        requireOpen();
        expectOk(new Request.Connect(source, destination));
    }

    @Override
    public void disconnect(String source, String destination) {
        requireOpen();
        expectOk(new Request.Disconnect(source, destination));
    }

    @Override
    public List<String> getPorts() {
        List<String> names = new ArrayList<>();
        for (Reply.PortInfo port : listPorts(false)) {
            names.add(port.name());
        }
        return names;
    }

    @Override
    public List<String> getConnections(String port) {
        String name = portByName(port).name(); // the server's sentence for a port that is not there; an alias works
        for (Reply.PortInfo info : listPorts(true)) {
            if (info.name().equals(name)) {
                return info.connections();
            }
        }
        throw new TactusException("port '" + name + "' left the server while its connections were asked for");
    }

    /** Every port of the server in registration order, with its peers when {@code withConnections}. */
    public List<Reply.PortInfo> listPorts(boolean withConnections) {
        return query(new Request.ListPorts(withConnections), Reply.PortList.class).ports();
    }

    /** The server's figures, as {@code ./tactus status} prints them. */
    public Reply.StatusReport status() {
        return query(new Request.Status(), Reply.StatusReport.class);
    }

    /** The transport's state and position, one round trip ({@code tactus transport status}). */
    public Reply.TransportReport transportReport() {
        return query(new Request.TransportQuery(), Reply.TransportReport.class);
    }

    /** Starts, stops, locates the transport or sets the server's tempo: one of {@link Request.TransportRequest#ACTIONS}. */
    public void transportRequest(String action, long frame, double beatsPerMinute) {
        requireOpen();
        expectOk(new Request.TransportRequest(action, frame, beatsPerMinute));
    }

    /** Sends a sync or timebase request (issue 19) and waits for its Ok; a refusal is the server's sentence. */
    void transportCallbackRequest(Request request) {
        requireOpen();
        expectOk(request);
    }

    /** The process thread's sync and timebase duties. */
    TransportDuties transportDuties() {
        return process.transportDuties();
    }

    /** The frame time the server stamps into the graph segment every cycle: allocation-free, for the callback. */
    @Override
    public FrameClock clock() {
        return clock;
    }

    /** The transport the engine publishes in the graph segment each cycle; what the callback reads. */
    SegmentTransport sharedTransport() {
        return sharedTransport;
    }

    /** Queries read the graph segment (allocation-free); requests are a round trip on the control socket. */
    @Override
    public Transport transport() {
        return transport;
    }

    /** The server's watchdog view of every client ({@code tactus top}). */
    public Reply.TopReport top() {
        return query(new Request.Top(), Reply.TopReport.class);
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
        GraphEventDispatcher.announceSampleRate(notifier, callback, sampleRate());
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
        if (!(port instanceof RemotePort own) || !own.belongsTo(this)) {
            throw new TactusException("port '" + port.name() + "' does not belong to client '" + name
                    + "'; a client sets the latency of its own ports only");
        }
        expectOk(new Request.SetLatencyRange(own.shortName(), mode == LatencyMode.PLAYBACK, range.min(), range.max()));
    }

    @Override
    public LatencyRange latencyRange(String port, LatencyMode mode) {
        Objects.requireNonNull(mode, "mode");
        if (port == null || port.indexOf(':') <= 0) {
            throw new TactusException("'" + port + "' is not a port name; port names are client:port, e.g. system:playback_1");
        }
        Reply.LatencyReport range = query(new Request.GetLatencyRange(port, mode == LatencyMode.PLAYBACK),
                Reply.LatencyReport.class);
        return new LatencyRange(range.min(), range.max());
    }

    @Override
    public void recomputeTotalLatencies() {
        requireOpen();
        expectOk(new Request.RecomputeLatencies());
    }

    /** Every port's capture and playback latency, one round trip ({@code tactus lsp -l}). */
    public List<Reply.PortLatency> listLatencies() {
        return query(new Request.ListLatencies(), Reply.LatencyList.class).ports();
    }

    /**
     * One request whose answer is a reply of {@code type}; anything else is the server's sentence or a protocol error.
     */
    private <R extends Reply> R query(Request request, Class<R> type) {
        requireOpen();
        Reply reply = connection.request(request, timeoutNanos);
        if (type.isInstance(reply)) {
            return type.cast(reply);
        }
        throw unexpected(request.type(), reply);
    }

    // Port queries, aliases, rename, statistics and metadata (issue 20)

    @Override
    public List<String> getPorts(String namePattern, String typePattern, PortFlag... flags) {
        PortQuery q = PortQuery.of(namePattern, typePattern, flags); // a bad pattern fails here, nothing sent
        return query(new Request.QueryPorts(q.namePattern(), q.typePattern(), q.flagBits()), Reply.PortNames.class)
                .names();
    }

    @Override
    public PortDetails portByName(String portName) {
        if (portName == null || portName.isEmpty()) {
            throw new TactusException("a port name is needed, e.g. system:playback_1");
        }
        return query(new Request.DescribePort(portName), Reply.PortDescription.class).port();
    }

    @Override
    public PortDetails portById(long id) {
        return query(new Request.PortById(id), Reply.PortDescription.class).port();
    }

    @Override
    public void setAlias(String port, String alias) {
        requireOpen();
        expectOk(new Request.Alias(requirePortName(port), requireAlias(alias), true));
    }

    @Override
    public void unsetAlias(String port, String alias) {
        requireOpen();
        expectOk(new Request.Alias(requirePortName(port), requireAlias(alias), false));
    }

    @Override
    public void renamePort(Port port, String newShortName) {
        requireOpen();
        synchronized (portLock) {
            if (!(port instanceof RemotePort own) || !own.belongsTo(this) || !ports.contains(own)) {
                throw new TactusException("port '" + port.name() + "' is not one of client '" + name
                        + "''s registered ports; a client renames only its own");
            }
            if (newShortName == null || newShortName.isEmpty()) {
                throw new TactusException("a port's new name must have at least one character");
            }
            expectOk(new Request.RenamePort(own.shortName(), newShortName));
            own.renamed(name, newShortName);
        }
    }

    @Override
    public long uuid() {
        return welcome.uuid();
    }

    @Override
    public long clientUuid(String clientName) {
        if (clientName == null || clientName.isEmpty()) {
            throw new TactusException("a client name is needed, e.g. system");
        }
        return query(new Request.ClientUuid(clientName), Reply.Uuid.class).uuid();
    }

    @Override
    public double cpuLoad() {
        return statistics(false).cpuLoadPercent();
    }

    @Override
    public double maxDelayedMicros() {
        return statistics(false).maxDelayedMicros();
    }

    @Override
    public double xrunDelayedMicros() {
        return statistics(false).xrunDelayedMicros();
    }

    @Override
    public void resetMaxDelayedMicros() {
        statistics(true);
    }

    /** DSP load and delays in one round trip; {@code reset} starts the largest delay afresh first. */
    public Reply.StatisticsReport statistics(boolean reset) {
        return query(new Request.Statistics(reset), Reply.StatisticsReport.class);
    }

    @Override
    public void setProperty(long subject, String key, String value, String type) {
        requireOpen();
        expectOk(new Request.Property("set", subject, requireKey(key), Objects.requireNonNull(value, "value"),
                type == null ? "" : type));
    }

    @Override
    public Optional<Property> getProperty(long subject, String key) {
        return properties("get", subject, requireKey(key)).stream().findFirst();
    }

    @Override
    public List<Property> getProperties(long subject) {
        return properties("list", subject, "");
    }

    @Override
    public List<Property> getAllProperties() {
        return properties("list-all", 0, "");
    }

    @Override
    public void removeProperty(long subject, String key) {
        requireOpen();
        expectOk(new Request.Property("remove", subject, requireKey(key), "", ""));
    }

    @Override
    public int removeProperties(long subject) {
        return properties("remove-subject", subject, "").size();
    }

    @Override
    public void removeAllProperties() {
        requireOpen();
        expectOk(new Request.Property("remove-all", 0, "", "", ""));
    }

    @Override
    public void setPropertyChangeCallback(PropertyChangeCallback callback) {
        this.propertyChangeCallback = callback;
    }

    private List<Property> properties(String action, long subject, String key) {
        return query(new Request.Property(action, subject, key, "", ""), Reply.PropertyList.class).properties();
    }

    private static String requirePortName(String port) {
        if (port == null || port.isEmpty()) {
            throw new TactusException("a port name is needed, e.g. system:playback_1");
        }
        return port;
    }

    private static String requireAlias(String alias) {
        NameRules.requireAlias(alias);
        return alias;
    }

    private static String requireKey(String key) {
        NameRules.requirePropertyKey(key);
        return key;
    }

    /**
     * Leaves the server (Goodbye: it deactivates the client and removes its ports), stops the process thread
     * and unmaps the segment. Harmless after the server shut the client down or vanished. Idempotent; never
     * call it from the process callback.
     */
    @Override
    public void close() {
        events.close();
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        closing = true;
        if (connection.isOpen() && shutdownReason == null) {
            try {
                connection.request(new Request.Goodbye(), GOODBYE_TIMEOUT_NANOS);
            } catch (TactusException alreadyGone) {
                // Leaving is all we wanted; the server removes a client whose connection ends anyway.
            }
        }
        connection.close();
        process.stop();
        boolean stopped;
        try {
            stopped = process.join(STOP_TIMEOUT_MILLIS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stopped = false;
        }
        GraphSegment s = segment;
        if (stopped && s != null) {
            s.close(); // only once nothing can touch it: a callback stuck past the timeout keeps the mapping
        }
        notifier.shutdown();
    }

    /** What the process callback threw, or null while it has not. */
    public Throwable processFailure() {
        return process.failure();
    }

    ProcessThread processThread() {
        return process;
    }

    private boolean processCallbackMissing() {
        return !process.hasCallback();
    }

    private void expectOk(Request request) {
        Reply reply = connection.request(request, timeoutNanos);
        if (!(reply instanceof Reply.Ok ok) || ok.requestType() != request.type()) {
            throw unexpected(request.type(), reply);
        }
    }

    private static TactusException unexpected(MessageType request, Reply reply) {
        String what = reply instanceof Reply.Ok ok ? "an Ok for " + ok.requestType().label() : reply.type().label();
        return new TactusException("the server answered the " + request.label() + " request with " + what
                + ", which does not fit; server and client may be from different Tactus releases");
    }

    private void requireOpen() {
        if (closed.get()) {
            throw new TactusException("client '" + name + "' is closed");
        }
        String ended = connection.endReason();
        if (ended != null || shutdownReason != null) {
            throw new TactusException("client '" + name + "' is no longer connected to Tactus server '" + serverName
                    + "': " + (shutdownReason != null ? shutdownReason : ended));
        }
    }

    /** On the process thread, once: leave as an in-process client that threw is evicted. Allocates, once. */
    private void processFailed(Throwable failure) {
        notifier.post("process failure", () -> {
            tellShutdown("its process callback threw " + failure);
            close();
        });
    }

    /** The server's Shutdown, the end of the connection and a failed callback all end here, told once. */
    private void tellShutdown(String reason) {
        if (closing || !shutdownTold.compareAndSet(false, true)) {
            return;
        }
        notifier.post("shutdown", () -> {
            ShutdownCallback callback = shutdownCallback;
            if (callback != null) {
                callback.clientShutdown(reason);
            }
        });
    }

    // Buffer size and freewheel at run time (issue 20)

    @Override
    public void setBufferSize(int nframes) {
        requireOpen();
        expectOk(new Request.SetBufferSize(nframes));
    }

    /** Called by the process thread before its first process call at a new size; see {@link ProcessThread}. */
    @Override
    public void setBufferSizeCallback(BufferSizeCallback callback) {
        process.setBufferSizeCallback(callback);
    }

    @Override
    public void setFreewheel(boolean on) {
        requireOpen();
        expectOk(new Request.SetFreewheel(on));
    }

    @Override
    public void setFreewheelCallback(FreewheelCallback callback) {
        process.setFreewheelCallback(callback);
    }

    /** A client whose process thread runs no cycles yet hears of a switch from the server's notification. */
    private void switchNotified(Notification notification) {
        if (process.isBegun()) {
            return; // the process thread tells the callbacks before its first cycle under the switch
        }
        notifier.post("switch", () -> {
            if (notification instanceof Notification.BufferSizeChanged changed) {
                process.tellSwitch(changed.nframes(), process.seenFreewheel());
            } else if (notification instanceof Notification.FreewheelChanged changed) {
                process.tellSwitch(process.seenFrames(), changed.on());
            }
        });
    }

    /** Reads what the server says unasked, on the connection's reader thread. */
    private final class Adapter implements ServerConnection.Listener {

        @Override
        public void notified(Notification notification) {
            if (notification instanceof Notification.Shutdown shutdown) {
                shutdownReason = shutdown.reason();
                process.stop();
                tellShutdown(shutdown.reason());
            } else if (notification instanceof Notification.Xrun xrun) {
                notifier.post("xrun", () -> {
                    XrunCallback callback = xrunCallback;
                    if (callback != null) {
                        callback.xrun(xrun.lateMicros());
                    }
                });
            } else if (notification instanceof Notification.BufferSizeChanged
                    || notification instanceof Notification.FreewheelChanged) {
                switchNotified(notification);
            } else if (notification instanceof Notification.GraphChange change) {
                events.post(notifier, change.event());
            } else if (notification instanceof Notification.PropertyChanged changed) {
                notifier.post("property change", () -> {
                    PropertyChangeCallback callback = propertyChangeCallback;
                    if (callback != null) {
                        callback.propertyChanged(changed.subject(), changed.key().isEmpty() ? null : changed.key(),
                                changed.change());
                    }
                });
            } else if (notification instanceof Notification.GraphOrder) {
                notifier.post("graph order", () -> {
                    GraphOrderCallback callback = graphOrderCallback;
                    if (callback != null) {
                        callback.graphOrderChanged();
                    }
                });
            }
        }

        @Override
        public void ended(String reason) {
            process.stop();
            tellShutdown(shutdownReason != null ? shutdownReason : reason);
        }
    }
}
