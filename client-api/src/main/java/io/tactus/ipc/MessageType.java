package io.tactus.ipc;

/**
 * The int16 type code of each control message. Codes are grouped by direction (requests 1–63,
 * replies 64–127, notifications 128–191) so a reader of a hex dump can tell them apart; a code is
 * never reused for a different layout, a changed layout takes a new code or a new protocol version.
 */
public enum MessageType {
    // client → server
    HELLO(1, "Hello"),
    REGISTER_PORT(2, "RegisterPort"),
    UNREGISTER_PORT(3, "UnregisterPort"),
    CONNECT(4, "Connect"),
    DISCONNECT(5, "Disconnect"),
    ACTIVATE(6, "Activate"),
    DEACTIVATE(7, "Deactivate"),
    LIST_PORTS(8, "ListPorts"),
    STATUS(9, "Status"),
    GOODBYE(10, "Goodbye"),
    TOP(11, "Top"),
    TRANSPORT_QUERY(12, "TransportQuery"),
    TRANSPORT_REQUEST(13, "TransportRequest"),
    // Buffer size and freewheel at run time (issue 20): requests 32-35, replies 88-89, notifications 141-144
    SET_BUFFER_SIZE(32, "SetBufferSize"),
    SET_FREEWHEEL(33, "SetFreewheel"),

    // Port queries, aliases, rename, statistics and metadata (issue 20): requests 20-27
    QUERY_PORTS(20, "QueryPorts"),
    DESCRIBE_PORT(21, "DescribePort"),
    PORT_BY_ID(22, "PortById"),
    ALIAS(23, "Alias"),
    RENAME_PORT(24, "RenamePort"),
    STATISTICS(25, "Statistics"),
    PROPERTY(26, "Property"),
    CLIENT_UUID(27, "ClientUuid"),

    // Sync and timebase callbacks of process clients (issue 19)
    SET_SYNC_CALLBACK(36, "SetSyncCallback"),
    SET_SYNC_TIMEOUT(37, "SetSyncTimeout"),
    SET_TIMEBASE(38, "SetTimebase"),
    RELEASE_TIMEBASE(39, "ReleaseTimebase"),
    // server → client, answering one request
    WELCOME(64, "Welcome"),
    OK(65, "Ok"),
    ERROR(66, "Error"),
    PORT_LIST(67, "PortList"),
    STATUS_REPORT(68, "StatusReport"),
    TOP_REPORT(69, "TopReport"),
    TRANSPORT_REPORT(70, "TransportReport"),
    PORT_SLOT(71, "PortSlot"),
    // Port queries, aliases, rename, statistics and metadata (issue 20): replies 80-85
    PORT_NAMES(80, "PortNames"),
    PORT_DESCRIPTION(81, "PortDescription"),
    STATISTICS_REPORT(82, "StatisticsReport"),
    PROPERTY_LIST(83, "PropertyList"),
    UUID(84, "Uuid"),
    // server → client, unasked
    SHUTDOWN(128, "Shutdown"),
    XRUN(129, "Xrun"),
    GRAPH_ORDER(130, "GraphOrder"),
    // Buffer size and freewheel at run time (issue 20)
    BUFFER_SIZE_CHANGED(141, "BufferSizeChanged"),
    FREEWHEEL_CHANGED(142, "FreewheelChanged"),

    // Notifications and latency (issue 20)
    SET_LATENCY_RANGE(28, "SetLatencyRange"),
    GET_LATENCY_RANGE(29, "GetLatencyRange"),
    RECOMPUTE_LATENCIES(30, "RecomputeLatencies"),
    LIST_LATENCIES(31, "ListLatencies"),
    LATENCY_REPORT(86, "LatencyReport"),
    LATENCY_LIST(87, "LatencyList"),
    CLIENT_REGISTRATION(131, "ClientRegistration"),
    PORT_REGISTRATION(132, "PortRegistration"),
    PORT_CONNECT(133, "PortConnect"),
    PORT_RENAME(134, "PortRename"),
    LATENCY(135, "Latency"),
    GRAPH_BUFFER_SIZE(136, "GraphBufferSize"),
    GRAPH_FREEWHEEL(137, "GraphFreewheel"),

    // Metadata (issue 20): notifications 151-155
    PROPERTY_CHANGED(151, "PropertyChanged"),

    // Client names by uuid (issue 21): request 48, reply 96
    CLIENT_NAME_BY_UUID(48, "ClientNameByUuid"),
    CLIENT_NAME(96, "ClientName"),

    // Internal clients (issue 21): requests 40-43, reply 88
    LOAD_INTERNAL_CLIENT(40, "LoadInternalClient"),
    INTERNAL_CLIENT_HANDLE(41, "InternalClientHandle"),
    UNLOAD_INTERNAL_CLIENT(42, "UnloadInternalClient"),
    INTERNAL_CLIENT_NAME(43, "InternalClientName"),
    INTERNAL_CLIENT(88, "InternalClient");

    private static final MessageType[] VALUES = values();

    private final int code;
    private final String label;

    MessageType(int code, String label) {
        this.code = code;
        this.label = label;
    }

    public int code() {
        return code;
    }

    /** The record's name, as error messages say it. */
    public String label() {
        return label;
    }

    public boolean isRequest() {
        return code < 64;
    }

    public boolean isReply() {
        return code >= 64 && code < 128;
    }

    public boolean isNotification() {
        return code >= 128;
    }

    /** The type with this code; a code this version does not know is a protocol error. */
    public static MessageType ofCode(int code) {
        for (MessageType type : VALUES) {
            if (type.code == code) {
                return type;
            }
        }
        throw new ProtocolException("message type " + code + " is unknown to protocol version "
                + ProtocolLimits.VERSION);
    }
}
