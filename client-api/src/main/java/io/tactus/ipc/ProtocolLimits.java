package io.tactus.ipc;

import java.util.Objects;

/**
 * The fixed sizes of the control protocol. A small frame limit keeps a hostile or broken peer from
 * making the server allocate much, at the price of a ceiling on what one message can carry (a
 * {@link Reply.PortList} of some hundreds of ports with connections fits easily; tens of thousands
 * would not).
 */
public final class ProtocolLimits {

    /**
     * The version this code speaks; every frame carries the sender's. 2: StatusReport carries timeouts and client
     * timing. 3: TopReport carries the engine's scheduling. 4: the shared graph: Welcome names the graph segment and the
     * client's record, RegisterPort is answered by PortSlot. 5: RegisterPort carries the port's type (MIDI ports
     * in the shared graph). 6: the rest of JACK's client API (port queries, aliases, rename, statistics, metadata,
     * notifications, latency, buffer size and freewheel at run time: Hello carries exactName, Welcome the name given
     * and the client's id, RegisterPort JACK's flag bits) and process clients' sync and timebase callbacks.
     */
    public static final int VERSION = 7;

    /** Largest value of a frame's length field: the bytes after it, header included. */
    public static final int MAX_FRAME_LENGTH = 64 * 1024;

    /** Bytes of the length field that opens every frame. */
    public static final int LENGTH_BYTES = 4;

    /** Version (int16), type (int16) and request id (int32), after the length field. */
    public static final int HEADER_BYTES = 8;

    /** Client names and port short names, in UTF-8 bytes, as JACK's limits are in bytes too. */
    public static final int MAX_NAME_BYTES = 255;

    /** A full port name: client name, colon, short name. */
    public static final int MAX_FULL_NAME_BYTES = 2 * MAX_NAME_BYTES + 1;

    /** Any string: its length travels as an unsigned int16. */
    public static final int MAX_STRING_BYTES = 0xFFFF;

    private ProtocolLimits() {
    }

    /** Checks a client name or port short name; {@code what} names it in the error ("port name"). */
    static String requireName(String what, String name) {
        return requireSized(what, name, MAX_NAME_BYTES);
    }

    /** Checks a full {@code client:port} name; whether such a port exists is the server's to answer. */
    static String requireFullName(String what, String name) {
        return requireSized(what, name, MAX_FULL_NAME_BYTES);
    }

    private static String requireSized(String what, String name, int maxBytes) {
        int bytes = Utf8.encode(Objects.requireNonNull(name, what)).length;
        if (bytes == 0) {
            throw new ProtocolException("the " + what + " is empty but must have at least one character");
        }
        if (bytes > maxBytes) {
            throw new ProtocolException("the " + what + " is " + bytes + " bytes long but the limit is "
                    + maxBytes + " bytes of UTF-8");
        }
        return name;
    }
}
