package io.tactus.ipc;

import java.nio.ByteBuffer;

/**
 * Reads one frame's fields with a bounds check before every read, so a short or lying frame becomes
 * a one-sentence {@link ProtocolException} naming the message, never a {@code BufferUnderflowException}
 * or a huge allocation.
 */
final class FrameReader {

    private final ByteBuffer buf;
    private final String label;

    FrameReader(ByteBuffer buf, MessageType type) {
        this.buf = buf;
        this.label = type.label();
    }

    int int32() {
        need(Integer.BYTES);
        return buf.getInt();
    }

    long int64() {
        need(Long.BYTES);
        return buf.getLong();
    }

    int uint16() {
        need(Short.BYTES);
        return Short.toUnsignedInt(buf.getShort());
    }

    double float64() {
        need(Double.BYTES);
        return buf.getDouble();
    }

    /** Exactly 0 or 1: any other byte means the peer's layout differs from ours. */
    boolean bool() {
        need(1);
        byte b = buf.get();
        if (b != 0 && b != 1) {
            throw new ProtocolException("the " + label + " message holds " + b
                    + " where a boolean (0 or 1) belongs");
        }
        return b == 1;
    }

    String string() {
        int length = uint16();
        need(length);
        return Utf8.decode(buf, length, label);
    }

    /**
     * A list's element count, checked against the bytes left ({@code minBytesEach} is the smallest an
     * element can be) so a lying count fails here instead of sizing a list for two billion entries.
     */
    int count(String what, int minBytesEach) {
        int count = int32();
        if (count < 0) {
            throw new ProtocolException("the " + label + " message announces " + count + " " + what
                    + ", and a count cannot be negative");
        }
        if ((long) count * minBytesEach > buf.remaining()) {
            throw new ProtocolException("the " + label + " message announces " + count + " " + what
                    + " but holds only " + bytes(buf.remaining()) + " more");
        }
        return count;
    }

    /** A frame longer than its fields is as wrong as a shorter one: the layouts disagree. */
    void requireEnd() {
        if (buf.hasRemaining()) {
            throw new ProtocolException("the " + label + " message has " + bytes(buf.remaining())
                    + " of trailing garbage after its last field");
        }
    }

    private void need(int size) {
        if (buf.remaining() < size) {
            throw new ProtocolException("the " + label + " message is truncated: its next field needs "
                    + bytes(size) + " but " + buf.remaining() + " remain");
        }
    }

    /** "1 byte", "2 bytes": errors are read by people. */
    static String bytes(long n) {
        return n == 1 ? "1 byte" : n + " bytes";
    }
}
