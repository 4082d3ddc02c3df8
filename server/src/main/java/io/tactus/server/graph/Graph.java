package io.tactus.server.graph;

import io.tactus.api.ClientPriority;
import io.tactus.api.GraphEvent;
import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.NameRules;
import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.PortQuery;
import io.tactus.api.PortType;
import io.tactus.api.TactusException;
import io.tactus.api.TimebaseCallback;
import io.tactus.ipc.graph.GraphLayout;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The server's model of clients, ports and connections, owned by control threads. Every method
 * validates first and changes nothing on failure; a mistake costs the caller one clear sentence and
 * leaves the graph and the stream as they were. Synchronized: control threads are not realtime, and
 * the engine never touches this object, only the plans it builds. Every change a client is told of (a client or
 * port registered or unregistered, a connection made or broken, a port renamed, latencies recomputed, and the
 * engine's buffer-size and freewheel switches) is announced from here, under the lock, to each client's {@link GraphListener}, so all clients hear the changes in
 * the order they were made.
 */
public final class Graph {

    public static final String SYSTEM = "system";
    static final int MAX_CLIENT_NAME = 64;
    static final int MAX_PORT_NAME = 256;

    private final int nframes;
    private final Map<String, ClientNode> clients = new LinkedHashMap<>();
    private final Map<String, PortNode> ports = new LinkedHashMap<>();
    private final List<Connection> connections = new ArrayList<>();
    private final PortAliases aliases = new PortAliases();
    private final Metadata metadata = new Metadata(this);
    private final ClientNode system;
    private ClientNode timebaseMaster;
    private int nextClientId;
    private int nextPortId;
    private LatencyRange driverCapture;
    private LatencyRange driverPlayback;
    /** The next id of a client or port; one sequence for both, so an id names one subject for the server's life. */
    private long nextUuid = 1;
    /** The server's graph segment, when clients in other processes may join; null otherwise. */
    private SharedGraph shared;

    /** A graph whose driver has the given numbers of capture and playback channels. */
    public Graph(int nframes, int captureChannels, int playbackChannels) {
        this.nframes = nframes;
        this.driverCapture = LatencyRange.of(nframes);
        this.driverPlayback = LatencyRange.of(nframes);
        this.system = addClient(SYSTEM);
        for (int i = 1; i <= captureChannels; i++) {
            addPort(system, "capture_" + i, false, true);
        }
        for (int i = 1; i <= playbackChannels; i++) {
            addPort(system, "playback_" + i, true, true);
        }
        system.setActive(true);
        recomputeLatencies(false);
    }

    public int nframes() {
        return nframes;
    }

    public synchronized ClientNode addClient(String name) {
        return addClient(name, ClientPriority.NORMAL);
    }

    /** A taken name is refused: the exact name or nothing. */
    public synchronized ClientNode addClient(String name, ClientPriority priority) {
        return addClient(name, priority, true);
    }

    /**
     * A client named {@code name}; when that is taken and not {@code exactName}, named {@code name-01},
     * {@code name-02}... up to {@code name-99}, the first free one, as {@code jack_client_open} does.
     */
    public synchronized ClientNode addClient(String name, ClientPriority priority, boolean exactName) {
        NameRules.requireClientName(name);
        requireClientNameLength(name);
        String given = name;
        if (clients.containsKey(name)) {
            if (exactName) {
                throw new TactusException("a client named '" + name + "' already exists; choose another name");
            }
            given = uniqueName(name);
        }
        ClientNode client = new ClientNode(given, nextClientId++, nextUuid++, priority);
        clients.put(given, client);
        announce(GraphEvent.client(given, true), client);
        return client;
    }

    private String uniqueName(String name) {
        for (int suffix = 1; suffix <= 99; suffix++) {
            String candidate = String.format(java.util.Locale.ROOT, "%s-%02d", name, suffix);
            if (!clients.containsKey(candidate)) {
                requireClientNameLength(candidate);
                return candidate;
            }
        }
        throw new TactusException("clients '" + name + "' and '" + name + "-01' to '" + name + "-99' all exist; choose"
                + " another name");
    }

    private static void requireClientNameLength(String name) {
        if (name.length() > MAX_CLIENT_NAME) {
            throw new TactusException("client name '" + abbreviate(name) + "' is " + name.length()
                    + " characters long; the limit is " + MAX_CLIENT_NAME);
        }
    }

    /**
     * A client in its own process, with an activation record of the shared graph ({@link #share} first): the
     * engine does not call it, the clients that feed it wake it.
     */
    public synchronized ClientNode addRemoteClient(String name, ClientPriority priority) {
        return addRemoteClient(name, priority, true);
    }

    /** As {@link #addRemoteClient(String, ClientPriority)}, a taken name made unique unless {@code exactName}. */
    public synchronized ClientNode addRemoteClient(String name, ClientPriority priority, boolean exactName) {
        if (shared == null) {
            throw new TactusException("this server takes no clients from other processes; it has no control socket");
        }
        int record = shared.takeRecord();
        try {
            ClientNode client = addClient(name, priority, exactName);
            client.setRemote();
            client.setRecord(record);
            return client;
        } catch (RuntimeException e) {
            shared.releaseRecord(record);
            throw e;
        }
    }

    /** Removes the client, its ports and their connections, and gives back its record. */
    public synchronized void removeClient(ClientNode client) {
        requireOwn(client);
        if (client == system) {
            throw new TactusException("the system client belongs to the driver and cannot be removed");
        }
        client.setClosed(); // first: a leaving client hears nothing of its own going
        boolean disconnected = false;
        for (PortNode port : List.copyOf(client.mutablePorts())) {
            disconnected |= removePort(port, false);
        }
        if (timebaseMaster == client) {
            timebaseMaster = null;
        }
        clients.remove(client.name());
        metadata.subjectGone(client.uuid());
        if (shared != null && client.record() != 0) {
            shared.releaseRecord(client.record());
        }
        client.setRecord(0);
        announce(GraphEvent.client(client.name(), false), client);
        if (disconnected) {
            recomputeLatencies(true);
        }
    }

    /**
     * Takes clients in other processes through {@code graph} (or, with null, no more: the records and slots of
     * the remaining clients are forgotten). The next plan runs over it; the caller switches the engine to it.
     */
    public synchronized void share(SharedGraph graph) {
        if (graph == null) {
            for (ClientNode client : clients.values()) {
                client.setRecord(0);
                for (PortNode port : client.mutablePorts()) {
                    port.setSlot(-1);
                }
            }
        }
        this.shared = graph;
    }

    /** The graph segment clients in other processes share, or null. */
    public synchronized SharedGraph shared() {
        return shared;
    }

    /** An audio port. */
    public PortNode addPort(ClientNode client, String shortName, boolean input, boolean physical) {
        return addPort(client, shortName, PortType.AUDIO, input, physical);
    }

    public synchronized PortNode addPort(ClientNode client, String shortName, PortType type, boolean input,
                                         boolean physical) {
        return addPort(client, shortName, type, (input ? PortFlag.INPUT : PortFlag.OUTPUT).bit()
                | (physical ? PortFlag.PHYSICAL.bit() : 0));
    }

    /**
     * A port with JACK's {@code flags} bits: exactly one of INPUT and OUTPUT (the direction), and any of PHYSICAL,
     * TERMINAL and CAN_MONITOR.
     */
    public synchronized PortNode addPort(ClientNode client, String shortName, PortType type, int flags) {
        requireOwn(client);
        NameRules.requirePortName(client.name(), shortName);
        if (((flags & PortFlag.INPUT.bit()) != 0) == ((flags & PortFlag.OUTPUT.bit()) != 0)) {
            throw new TactusException("port '" + shortName + "' of client '" + client.name()
                    + "' must be exactly one of INPUT or OUTPUT");
        }
        String full = client.name() + ":" + shortName;
        if (full.length() > MAX_PORT_NAME) {
            throw new TactusException("port name '" + abbreviate(full) + "' is " + full.length()
                    + " characters long; the limit is " + MAX_PORT_NAME);
        }
        if (ports.containsKey(full)) {
            throw new TactusException("client '" + client.name() + "' already has a port named '" + shortName + "'");
        }
        aliases.requireNotAnAlias(full);
        int id = client.isRemote() ? nextPortId : nextPortId++; // a slot refused below uses up no id
        PortNode port = new PortNode(client, id, nextUuid++, shortName, type, flags, nframes);
        if (client.isRemote()) {
            port.setSlot(shared.takeSlot(client.record())); // where its buffer lives for every process
            nextPortId++;
        }
        client.mutablePorts().add(port);
        ports.put(full, port);
        announce(GraphEvent.port(port.id(), full, true), null);
        return port;
    }

    public synchronized void removePort(PortNode port) {
        removePort(port, true);
    }

    /** As JACK: each of its connections is announced broken, then the port gone. True when it had connections. */
    private boolean removePort(PortNode port, boolean recompute) {
        if (ports.get(port.name()) != port) {
            throw new TactusException("port '" + port.name() + "' is not registered");
        }
        boolean disconnected = false;
        for (Connection c : List.copyOf(connections)) {
            if (c.source() == port || c.destination() == port) {
                connections.remove(c);
                announce(GraphEvent.connection(c.source().name(), c.destination().name(), false), null);
                disconnected = true;
            }
        }
        port.client().mutablePorts().remove(port);
        ports.remove(port.name());
        aliases.dropAll(port);
        metadata.subjectGone(port.uuid());
        if (shared != null && port.slot() >= 0) {
            shared.releaseSlot(port.slot());
        }
        port.setSlot(-1);
        announce(GraphEvent.port(port.id(), port.name(), false), null);
        if (disconnected && recompute) {
            recomputeLatencies(true);
        }
        return disconnected;
    }

    public synchronized void setActive(ClientNode client, boolean active) {
        requireOwn(client);
        client.setActive(active);
    }

    /** Mutes or readmits a client (the watchdog's bypass); see {@link ClientNode#isMuted()}. */
    public synchronized void setMuted(ClientNode client, boolean muted) {
        requireOwn(client);
        client.setMuted(muted);
    }

    /**
     * Makes {@code client} the timebase master; {@code conditional} refuses when another client is master
     * ({@code jack_set_timebase_callback}'s rule), otherwise it takes over.
     */
    public synchronized void setTimebaseMaster(ClientNode client, boolean conditional, TimebaseCallback callback) {
        requireOwn(client);
        if (conditional && timebaseMaster != null && timebaseMaster != client) {
            throw new TactusException("client '" + timebaseMaster.name() + "' is the timebase master already; "
                    + "ask unconditionally to take over");
        }
        if (timebaseMaster != null) {
            timebaseMaster.setTimebaseCallback(null);
        }
        client.setTimebaseCallback(callback);
        timebaseMaster = client;
    }

    /** Ends {@code client}'s time as timebase master; refused when it is not the master. */
    public synchronized void releaseTimebase(ClientNode client) {
        requireOwn(client);
        if (timebaseMaster != client) {
            throw new TactusException("client '" + client.name() + "' is not the timebase master, so it has nothing "
                    + "to release");
        }
        client.setTimebaseCallback(null);
        timebaseMaster = null;
    }

    /** The timebase master, or null. */
    public synchronized ClientNode timebaseMaster() {
        return timebaseMaster;
    }

    /** Resolves a full port name or an alias ({@code jack_port_by_name}), or says clearly why it cannot. */
    public synchronized PortNode port(String name) {
        PortNode aliased = aliases.portOf(name);
        if (aliased != null && !ports.containsKey(name)) {
            return aliased;
        }
        if (name == null || name.indexOf(':') <= 0) {
            throw new TactusException("'" + abbreviate(String.valueOf(name))
                    + "' is not a port name; port names are client:port, e.g. system:playback_1");
        }
        PortNode port = ports.get(name);
        if (port == null) {
            String client = name.substring(0, name.indexOf(':'));
            throw new TactusException(clients.containsKey(client)
                    ? "client '" + client + "' has no port named '" + name.substring(client.length() + 1) + "'"
                    : "no port named '" + abbreviate(name) + "': there is no client '" + abbreviate(client) + "'");
        }
        return port;
    }

    public synchronized ClientNode client(String name) {
        ClientNode client = clients.get(name);
        if (client == null) {
            throw new TactusException("no client named '" + abbreviate(String.valueOf(name)) + "'");
        }
        return client;
    }

    /** The client of that name, or null. */
    public synchronized ClientNode clientOrNull(String name) {
        return clients.get(name);
    }

    /**
     * Connects an output to an input of its type. A connection that closes a loop (its reader already runs before
     * its writer, or they are one client) is accepted as JACK2 accepts it, as a feedback connection: its reader
     * hears the writer's previous period (see {@link Connection}); otherwise it is an ordinary one.
     */
    public synchronized void connect(String sourceName, String destinationName) {
        PortNode source = port(sourceName);
        PortNode destination = port(destinationName);
        String what = "cannot connect " + source.name() + " to " + destination.name() + ": ";
        if (source.isInput()) {
            throw new TactusException(what + "the source is an input port; connect an output to an input");
        }
        if (!destination.isInput()) {
            throw new TactusException(what + "the destination is an output port; connect an output to an input");
        }
        if (source.type() != destination.type()) {
            throw new TactusException(what + "the source is " + source.type().describe() + " and the destination "
                    + destination.type().describe() + "; a port connects only to ports of its own type");
        }
        if (find(source, destination) >= 0) {
            throw new TactusException(source.name() + " is already connected to " + destination.name());
        }
        Connection connection = new Connection(source, destination, closesLoop(source.client(), destination.client()));
        if (shared != null) {
            refuseOverTheSharedPlansLimits(connection, what);
        }
        connections.add(connection);
        announce(GraphEvent.connection(source.name(), destination.name(), true), null);
        recomputeLatencies(true);
    }

    /**
     * The shared graph's plan bank has fixed room, so that a client in C can read it without allocating: an input
     * of a client in its own process mixes at most {@link GraphLayout#MAX_SOURCES} outputs, and a client wakes at
     * most {@link GraphLayout#MAX_SUCCESSORS} others. Refused here, before the graph changes, not when the plan
     * is built.
     */
    private void refuseOverTheSharedPlansLimits(Connection connection, String what) {
        PortNode destination = connection.destination();
        if (destination.client().isRemote()) {
            long sources = connections.stream().filter(c -> c.destination() == destination).count();
            if (sources >= GraphLayout.MAX_SOURCES) {
                throw new TactusException(what + destination.name() + " already mixes " + sources + " outputs, the most "
                        + "an input of a client in its own process can");
            }
        }
        ClientNode from = connection.runsFirst();
        ClientNode to = connection.runsAfter();
        if (from == system || to == system || from == to) {
            return; // the engine starts the driver's readers itself; a client's own loop-back wakes nobody
        }
        Set<ClientNode> woken = new HashSet<>();
        for (Connection c : connections) {
            if (c.runsFirst() == from && c.runsAfter() != from && c.runsAfter() != system) {
                woken.add(c.runsAfter());
            }
        }
        if (!woken.contains(to) && woken.size() >= GraphLayout.MAX_SUCCESSORS) {
            throw new TactusException(what + "'" + from.name() + "' already feeds " + woken.size() + " clients, the "
                    + "most one client can wake on the shared graph");
        }
    }

    public synchronized void disconnect(String sourceName, String destinationName) {
        PortNode source = port(sourceName);
        PortNode destination = port(destinationName);
        int index = find(source, destination);
        if (index < 0) {
            throw new TactusException(source.name() + " is not connected to " + destination.name());
        }
        connections.remove(index);
        announce(GraphEvent.connection(source.name(), destination.name(), false), null);
        recomputeLatencies(true);
    }

    public synchronized List<String> portNames() {
        return List.copyOf(ports.keySet());
    }

    public synchronized List<String> clientNames() {
        return List.copyOf(clients.keySet());
    }

    /** The process ids of the clients in processes of their own (those that told one), each once. */
    public synchronized long[] clientProcessIds() {
        return clients.values().stream().mapToLong(ClientNode::processId).filter(pid -> pid > 0).distinct().toArray();
    }

    public synchronized List<String> connectionsOf(String portName) {
        PortNode port = port(portName);
        List<String> result = new ArrayList<>();
        for (Connection c : connections) {
            if (c.source() == port) {
                result.add(c.destination().name());
            } else if (c.destination() == port) {
                result.add(c.source().name());
            }
        }
        return result;
    }

    public synchronized List<Connection> connections() {
        return List.copyOf(connections);
    }

    /** Builds the plan for the graph as it stands now; off the realtime thread. */
    public synchronized ExecutionPlan plan(long generation) {
        return PlanBuilder.build(generation, nframes, system, List.copyOf(clients.values()), List.copyOf(connections),
                shared);
    }

    // Notifications and latency (issue 20)

    /**
     * Tells every client that {@code port}, once named {@code oldName}, now has its present name: the one way a
     * rename reaches the clients. Call it, under this graph's lock, right after the rename itself.
     */
    public synchronized void announcePortRename(PortNode port, String oldName) {
        if (ports.get(port.name()) != port) {
            throw new TactusException("port '" + port.name() + "' is not registered");
        }
        announce(GraphEvent.rename(port.id(), oldName, port.name()), null);
    }

    /** Tells every client that the engine has switched to {@code nframes} per period; call it once the engine has. */
    public synchronized void announceBufferSize(int nframes) {
        announce(GraphEvent.bufferSize(nframes), null);
    }

    /** Tells every client that the engine has started ({@code on}) or ended freewheeling; once it has. */
    public synchronized void announceFreewheel(boolean on) {
        announce(GraphEvent.freewheel(on), null);
    }

    /**
     * The driver's own latency at its ports: capture at {@code system:capture_N}, playback at
     * {@code system:playback_N}; recomputes and tells every client.
     */
    public synchronized void setDriverLatency(LatencyRange capture, LatencyRange playback) {
        this.driverCapture = capture;
        this.driverPlayback = playback;
        recomputeLatencies(true);
    }

    /**
     * {@code jack_port_set_latency_range} by {@code client} on one of its own ports: kept in place of the default
     * from now on; when it differs from what the client set before, every latency is recomputed and every client
     * told.
     */
    public synchronized void setLatencyRange(ClientNode client, String portName, LatencyMode mode, LatencyRange range) {
        requireOwn(client);
        PortNode port = port(portName);
        if (port.client() != client) {
            throw new TactusException("port '" + port.name() + "' belongs to client '" + port.client().name()
                    + "'; a client sets the latency of its own ports only");
        }
        if (range.equals(port.declared(mode))) {
            return;
        }
        port.declare(mode, range);
        recomputeLatencies(true);
    }

    /** {@code jack_port_get_latency_range}: the port's range as the last recompute left it. */
    public synchronized LatencyRange latencyRange(String portName, LatencyMode mode) {
        return port(portName).latency(mode);
    }

    /** {@code jack_recompute_total_latencies}: recomputes, then asks every client for its capture, then playback pass. */
    public synchronized void recomputeLatencies() {
        recomputeLatencies(true);
    }

    private void recomputeLatencies(boolean tell) {
        LatencyPropagation.recompute(system, List.copyOf(clients.values()), connections, driverCapture, driverPlayback);
        if (tell) {
            announce(GraphEvent.latency(LatencyMode.CAPTURE), null);
            announce(GraphEvent.latency(LatencyMode.PLAYBACK), null);
        }
    }

    /** Tells every client still in the graph but {@code subject} (a client is not told of its own coming and going). */
    private void announce(GraphEvent event, ClientNode subject) {
        for (ClientNode client : clients.values()) {
            GraphListener listener = client.graphListener();
            if (listener != null && client != subject && !client.isClosed()) {
                listener.graphChanged(event);
            }
        }
    }

    // Port queries, aliases and rename (issue 20)

    /** The full names of the ports {@code query} asks for, in registration order ({@code jack_get_ports}). */
    public synchronized List<String> portNames(PortQuery query) {
        List<String> names = new ArrayList<>();
        for (PortNode port : ports.values()) {
            if (query.matches(port.name(), port.type(), PortFlag.of(port.flags()))) {
                names.add(port.name());
            }
        }
        return names;
    }

    /** The port of that id ({@code jack_port_by_id}), or one sentence. */
    public synchronized PortNode port(long uuid) {
        for (PortNode port : ports.values()) {
            if (port.uuid() == uuid) {
                return port;
            }
        }
        throw new TactusException("no port has id " + uuid + "; lsp -U shows the ids there are");
    }

    /** What any client may learn of the port of that name or alias. */
    public synchronized PortDetails describe(String nameOrAlias) {
        return port(nameOrAlias).details();
    }

    /** What any client may learn of the port of that id. */
    public synchronized PortDetails describe(long uuid) {
        return port(uuid).details();
    }

    /** The id of the client of that name ({@code jack_get_uuid_for_client_name}). */
    public synchronized long clientUuid(String name) {
        return client(name).uuid();
    }

    /** The name of the client with that id ({@code jack_get_client_name_by_uuid}). */
    public synchronized String clientName(long uuid) {
        for (ClientNode client : clients.values()) {
            if (client.uuid() == uuid) {
                return client.name();
            }
        }
        throw new TactusException("no client has the uuid " + uuid + "; ask jack_client_get_uuid for a client's uuid");
    }

    /**
     * Gives the port (by name or alias) another name ({@code jack_port_set_alias}): at most two, each naming one
     * port, none the name of a port.
     */
    public synchronized void setAlias(String portName, String alias) {
        aliases.add(port(portName), alias, ports.containsKey(alias));
    }

    /** Takes an alias off the port ({@code jack_port_unset_alias}). */
    public synchronized void unsetAlias(String portName, String alias) {
        aliases.remove(port(portName), alias);
    }

    /**
     * The one place a port is renamed ({@code jack_port_rename}, by its owner): the port object, its id, aliases,
     * properties and connections stay; only its name and the index of names change. Port-renamed notifications
     * hook in here.
     */
    public synchronized void renamePort(PortNode port, String newShortName) {
        if (ports.get(port.name()) != port) {
            throw new TactusException("port '" + port.name() + "' is not registered");
        }
        ClientNode client = port.client();
        NameRules.requirePortName(client.name(), newShortName);
        String full = client.name() + ":" + newShortName;
        if (full.length() > MAX_PORT_NAME) {
            throw new TactusException("port name '" + abbreviate(full) + "' is " + full.length()
                    + " characters long; the limit is " + MAX_PORT_NAME);
        }
        if (ports.get(full) == port) {
            return; // its name already
        }
        if (ports.containsKey(full)) {
            throw new TactusException("client '" + client.name() + "' already has a port named '" + newShortName + "'");
        }
        aliases.requireNotAnAlias(full);
        // Rebuilt rather than removed and put again, so the port keeps its place in registration order.
        Map<String, PortNode> renamed = new LinkedHashMap<>();
        for (PortNode p : ports.values()) {
            renamed.put(p == port ? full : p.name(), p);
        }
        String oldName = port.name();
        port.rename(newShortName);
        ports.clear();
        ports.putAll(renamed);
        announcePortRename(port, oldName);
    }

    /** The server's metadata: properties on clients and ports by their ids. */
    public Metadata metadata() {
        return metadata;
    }

    /** "client 'a'" or "port 'a:out'" for the subject of that id; null when no client or port has it. */
    synchronized String subjectName(long uuid) {
        for (ClientNode client : clients.values()) {
            if (client.uuid() == uuid) {
                return "client '" + client.name() + "'";
            }
        }
        for (PortNode port : ports.values()) {
            if (port.uuid() == uuid) {
                return "port '" + port.name() + "'";
            }
        }
        return null;
    }

    /** The clients now, for a change that every client hears. */
    synchronized List<ClientNode> clientNodes() {
        return List.copyOf(clients.values());
    }

    private int find(PortNode source, PortNode destination) {
        for (int i = 0; i < connections.size(); i++) {
            Connection c = connections.get(i);
            if (c.source() == source && c.destination() == destination) {
                return i;
            }
        }
        return -1;
    }

    /**
     * Would a connection from {@code writer} to {@code reader} close a loop, so be a feedback connection? As JACK2's
     * {@code IsLoopPath}: yes when the reader already runs before the writer, through the connections made so far
     * (each in the direction it orders, a feedback one reader first), or when they are the same client; never for
     * the driver, a source and a sink outside the order. Decided once, when the connection is made: a disconnect
     * that takes away the path leaves a feedback connection feedback until it is itself broken, as in JACK2, and the
     * order stays acyclic either way, since its reader still runs first.
     */
    private boolean closesLoop(ClientNode writer, ClientNode reader) {
        if (writer == system || reader == system) {
            return false;
        }
        if (writer == reader) {
            return true;
        }
        List<ClientNode> stack = new ArrayList<>(List.of(reader));
        Set<ClientNode> seen = new HashSet<>();
        while (!stack.isEmpty()) {
            ClientNode next = stack.remove(stack.size() - 1);
            if (next == writer) {
                return true;
            }
            if (!seen.add(next)) {
                continue;
            }
            for (Connection c : connections) {
                if (c.runsFirst() == next && c.runsAfter() != next && c.runsAfter() != system) {
                    stack.add(c.runsAfter());
                }
            }
        }
        return false;
    }

    private void requireOwn(ClientNode client) {
        if (clients.get(client.name()) != client) {
            throw new TactusException("client '" + client.name() + "' has left the server");
        }
    }

    static String abbreviate(String text) {
        return text.length() <= 80 ? text : text.substring(0, 77) + "...";
    }
}
