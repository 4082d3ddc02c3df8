package io.tactus.ipc;

import io.tactus.api.PortType;

import java.util.Objects;

/**
 * What a client asks of the server; each gets exactly one {@link Reply} carrying the same request id.
 * Names are checked for size here, when the message is built, so an over-long name fails in the
 * client's own call instead of as a broken connection; whether a port exists is the server's answer.
 */
public sealed interface Request extends ControlMessage {

    /**
     * The first request on a connection; answered by {@link Reply.Welcome}. Without {@code exactName} a taken
     * name is made unique ({@code name-01}...) and Welcome says the name given; with it, a taken name is refused.
     */
    record Hello(String clientName, long pid, int processThreadTid, String priority, boolean exactName)
            implements Request {
        public Hello {
            ProtocolLimits.requireName("client name", clientName);
            // The watchdog's shedding priority ("normal", "low", ...), a word the server parses.
            ProtocolLimits.requireName("client priority", priority);
        }

        /** Asks for exactly {@code clientName}. */
        public Hello(String clientName, long pid, int processThreadTid, String priority) {
            this(clientName, pid, processThreadTid, priority, true);
        }

        @Override
        public MessageType type() {
            return MessageType.HELLO;
        }
    }

    /**
     * A port of {@code portType} ({@link PortType#AUDIO} or MIDI); {@code flags} are JACK's bits
     * ({@link io.tactus.api.PortFlag#bit()}), of which the server keeps the descriptive ones and takes the
     * direction from {@code isInput}.
     */
    record RegisterPort(String shortName, boolean isInput, PortType portType, int flags) implements Request {
        public RegisterPort {
            ProtocolLimits.requireName("port name", shortName);
            Objects.requireNonNull(portType, "portType");
        }

        public RegisterPort(String shortName, boolean isInput, PortType portType) {
            this(shortName, isInput, portType, (isInput ? io.tactus.api.PortFlag.INPUT : io.tactus.api.PortFlag.OUTPUT).bit());
        }

        public RegisterPort(String shortName, boolean isInput) {
            this(shortName, isInput, PortType.AUDIO);
        }

        @Override
        public MessageType type() {
            return MessageType.REGISTER_PORT;
        }
    }

    record UnregisterPort(String shortName) implements Request {
        public UnregisterPort {
            ProtocolLimits.requireName("port name", shortName);
        }

        @Override
        public MessageType type() {
            return MessageType.UNREGISTER_PORT;
        }
    }

    /** Both ends are full {@code client:port} names, so any client can connect any two ports. */
    record Connect(String source, String destination) implements Request {
        public Connect {
            ProtocolLimits.requireFullName("source port name", source);
            ProtocolLimits.requireFullName("destination port name", destination);
        }

        @Override
        public MessageType type() {
            return MessageType.CONNECT;
        }
    }

    record Disconnect(String source, String destination) implements Request {
        public Disconnect {
            ProtocolLimits.requireFullName("source port name", source);
            ProtocolLimits.requireFullName("destination port name", destination);
        }

        @Override
        public MessageType type() {
            return MessageType.DISCONNECT;
        }
    }

    record Activate() implements Request {
        @Override
        public MessageType type() {
            return MessageType.ACTIVATE;
        }
    }

    record Deactivate() implements Request {
        @Override
        public MessageType type() {
            return MessageType.DEACTIVATE;
        }
    }

    /** Without connections the reply is smaller, which is all {@code lsp} without {@code -c} needs. */
    record ListPorts(boolean withConnections) implements Request {
        @Override
        public MessageType type() {
            return MessageType.LIST_PORTS;
        }
    }

    record Status() implements Request {
        @Override
        public MessageType type() {
            return MessageType.STATUS;
        }
    }

    /** Asks for {@code tactus top}'s view: every client as the watchdog sees it. */
    record Top() implements Request {
        @Override
        public MessageType type() {
            return MessageType.TOP;
        }
    }

    /** Asks for the transport's state and position; answered by {@link Reply.TransportReport}. */
    record TransportQuery() implements Request {
        @Override
        public MessageType type() {
            return MessageType.TRANSPORT_QUERY;
        }
    }

    /**
     * Moves the transport: {@code action} is one of {@link #ACTIONS}; {@code frame} is read by "locate",
     * {@code beatsPerMinute} by "tempo" (the server's own timebase), both 0 otherwise. Answered by
     * {@link Reply.Ok}, or an error sentence for a bad frame or tempo.
     */
    record TransportRequest(String action, long frame, double beatsPerMinute) implements Request {
        public static final java.util.List<String> ACTIONS = java.util.List.of("start", "stop", "locate", "tempo");

        public TransportRequest {
            if (!ACTIONS.contains(action)) {
                throw new ProtocolException("the transport action is not one of " + String.join(", ", ACTIONS));
            }
        }

        @Override
        public MessageType type() {
            return MessageType.TRANSPORT_REQUEST;
        }
    }

    /** Leaves cleanly; the server answers {@link Reply.Ok} and closes. Closing the socket also works. */
    record Goodbye() implements Request {
        @Override
        public MessageType type() {
            return MessageType.GOODBYE;
        }
    }

    // Buffer size and freewheel at run time (issue 20)

    /** A new period size, as {@code jack_set_buffer_size}; answered by {@link Reply.Ok} once the engine runs at it. */
    record SetBufferSize(int nframes) implements Request {
        @Override
        public MessageType type() {
            return MessageType.SET_BUFFER_SIZE;
        }
    }

    /** Starts or ends freewheeling, as {@code jack_set_freewheel}; answered by {@link Reply.Ok} once switched. */
    record SetFreewheel(boolean on) implements Request {
        @Override
        public MessageType type() {
            return MessageType.SET_FREEWHEEL;
        }
    }

    // Notifications and latency (issue 20)

    /** Sets a latency range of one of the sender's own ports; {@code playback} picks the direction. */
    record SetLatencyRange(String shortName, boolean playback, int min, int max) implements Request {
        public SetLatencyRange {
            ProtocolLimits.requireName("port name", shortName);
        }

        @Override
        public MessageType type() {
            return MessageType.SET_LATENCY_RANGE;
        }
    }

    /** Asks for the latency range of any port; answered by {@link Reply.LatencyReport}. */
    record GetLatencyRange(String port, boolean playback) implements Request {
        public GetLatencyRange {
            ProtocolLimits.requireFullName("port name", port);
        }

        @Override
        public MessageType type() {
            return MessageType.GET_LATENCY_RANGE;
        }
    }

    /** {@code jack_recompute_total_latencies}: answered by {@link Reply.Ok} once recomputed and notified. */
    record RecomputeLatencies() implements Request {
        @Override
        public MessageType type() {
            return MessageType.RECOMPUTE_LATENCIES;
        }
    }

    /** Every port's latency ranges, for {@code lsp -l}; answered by {@link Reply.LatencyList}. */
    record ListLatencies() implements Request {
        @Override
        public MessageType type() {
            return MessageType.LIST_LATENCIES;
        }
    }

    // Port queries, aliases, rename, statistics and metadata (issue 20)

    /** {@code jack_get_ports}: patterns (empty: any) and JACK's flag bits; answered by {@link Reply.PortNames}. */
    record QueryPorts(String namePattern, String typePattern, int flags) implements Request {
        public QueryPorts {
            Objects.requireNonNull(namePattern, "namePattern");
            Objects.requireNonNull(typePattern, "typePattern");
        }

        @Override
        public MessageType type() {
            return MessageType.QUERY_PORTS;
        }
    }

    /** A port by its full name or an alias; answered by {@link Reply.PortDescription}. */
    record DescribePort(String name) implements Request {
        public DescribePort {
            ProtocolLimits.requireFullName("port name", name);
        }

        @Override
        public MessageType type() {
            return MessageType.DESCRIBE_PORT;
        }
    }

    /** A port by its id; answered by {@link Reply.PortDescription}. */
    record PortById(long id) implements Request {
        @Override
        public MessageType type() {
            return MessageType.PORT_BY_ID;
        }
    }

    /** Sets ({@code set}) or unsets an alias of any port, named by its full name or an alias. */
    record Alias(String port, String alias, boolean set) implements Request {
        public Alias {
            ProtocolLimits.requireFullName("port name", port);
            ProtocolLimits.requireFullName("alias", alias);
        }

        @Override
        public MessageType type() {
            return MessageType.ALIAS;
        }
    }

    /** Renames one of the asking client's own ports. */
    record RenamePort(String shortName, String newShortName) implements Request {
        public RenamePort {
            ProtocolLimits.requireName("port name", shortName);
            ProtocolLimits.requireName("new port name", newShortName);
        }

        @Override
        public MessageType type() {
            return MessageType.RENAME_PORT;
        }
    }

    /** The DSP load and delays; {@code resetMaxDelay} first starts the largest delay afresh. */
    record Statistics(boolean resetMaxDelay) implements Request {
        @Override
        public MessageType type() {
            return MessageType.STATISTICS;
        }
    }

    /**
     * Metadata: {@code action} is one of {@link #ACTIONS}; set reads subject, key, value and type; get and remove
     * subject and key; list and remove-subject the subject; list-all and remove-all nothing (unused fields are
     * empty or 0). Answered by {@link Reply.Ok} (set, remove, remove-all) or {@link Reply.PropertyList} (get: none
     * or one; list, list-all; remove-subject: the properties removed).
     */
    record Property(String action, long subject, String key, String value, String valueType) implements Request {
        public static final java.util.List<String> ACTIONS = java.util.List.of("set", "get", "list", "list-all",
                "remove", "remove-subject", "remove-all");

        public Property {
            if (!ACTIONS.contains(action)) {
                throw new ProtocolException("the property action is not one of " + String.join(", ", ACTIONS));
            }
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(value, "value");
            Objects.requireNonNull(valueType, "valueType");
        }

        @Override
        public MessageType type() {
            return MessageType.PROPERTY;
        }
    }

    /** The id of the client of that name; answered by {@link Reply.Uuid}. */
    record ClientUuid(String clientName) implements Request {
        public ClientUuid {
            ProtocolLimits.requireName("client name", clientName);
        }

        @Override
        public MessageType type() {
            return MessageType.CLIENT_UUID;
        }
    }

    // Sync and timebase callbacks of process clients (issue 19)

    /**
     * Makes the client a slow-sync client ({@code on}) or no longer: the transport then waits in STARTING for the
     * answer its process thread writes into its record (docs/ipc-contract.md). Answered by {@link Reply.Ok}.
     */
    record SetSyncCallback(boolean on) implements Request {
        @Override
        public MessageType type() {
            return MessageType.SET_SYNC_CALLBACK;
        }
    }

    /** How long STARTING waits for slow-sync clients, in microseconds; {@link Reply.Error} when negative. */
    record SetSyncTimeout(long micros) implements Request {
        @Override
        public MessageType type() {
            return MessageType.SET_SYNC_TIMEOUT;
        }
    }

    /**
     * Makes the client the timebase master; with {@code conditional}, {@link Reply.Error} when another client is
     * master already. Its BBT then comes from its record (docs/ipc-contract.md).
     */
    record SetTimebase(boolean conditional) implements Request {
        @Override
        public MessageType type() {
            return MessageType.SET_TIMEBASE;
        }
    }

    /** Gives up being the timebase master; {@link Reply.Error} when the client is not. */
    record ReleaseTimebase() implements Request {
        @Override
        public MessageType type() {
            return MessageType.RELEASE_TIMEBASE;
        }
    }

    // Client names by uuid (issue 21)

    /** The name of the client with that id ({@code jack_get_client_name_by_uuid}); answered by {@link Reply.ClientName}. */
    record ClientNameByUuid(long uuid) implements Request {
        @Override
        public MessageType type() {
            return MessageType.CLIENT_NAME_BY_UUID;
        }
    }

    // Internal clients (issue 21)

    /**
     * Loads the internal client {@code loadName} (a shared object in JACK's internal-client directory, or a path)
     * as a client named {@code clientName}, its {@code jack_initialize} given {@code loadInit}; without
     * {@code exactName} a taken name gets a suffix, as at Hello. The server hosts it in a process of its own
     * (docs/ipc-contract.md). Answered by {@link Reply.InternalClient}, also when it fails.
     */
    record LoadInternalClient(String clientName, String loadName, String loadInit, boolean exactName) implements Request {
        public LoadInternalClient {
            ProtocolLimits.requireName("client name", clientName);
            ProtocolLimits.requireName("internal client's load name", loadName);
            Objects.requireNonNull(loadInit, "loadInit");
        }

        @Override
        public MessageType type() {
            return MessageType.LOAD_INTERNAL_CLIENT;
        }
    }

    /** The handle of the internal client named {@code clientName}; answered by {@link Reply.InternalClient}. */
    record InternalClientHandle(String clientName) implements Request {
        public InternalClientHandle {
            ProtocolLimits.requireName("client name", clientName);
        }

        @Override
        public MessageType type() {
            return MessageType.INTERNAL_CLIENT_HANDLE;
        }
    }

    /** Unloads the internal client {@code handle}, whoever loaded it; answered by {@link Reply.InternalClient}. */
    record UnloadInternalClient(long handle) implements Request {
        @Override
        public MessageType type() {
            return MessageType.UNLOAD_INTERNAL_CLIENT;
        }
    }

    /** The name of the internal client {@code handle}; answered by {@link Reply.InternalClient}. */
    record InternalClientName(long handle) implements Request {
        @Override
        public MessageType type() {
            return MessageType.INTERNAL_CLIENT_NAME;
        }
    }
}
