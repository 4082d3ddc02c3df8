package io.tactus.ipc;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/** Builds frames byte by byte, including ones the codec would refuse to write. */
final class RawFrame {

    private final ByteArrayOutputStream body = new ByteArrayOutputStream();
    private Integer lengthOverride;

    static RawFrame header(int version, int type, int requestId) {
        return new RawFrame().int16(version).int16(type).int32(requestId);
    }

    static RawFrame header(MessageType type, int requestId) {
        return header(ProtocolLimits.VERSION, type.code(), requestId);
    }

    RawFrame int16(int v) {
        return bytes(ByteBuffer.allocate(2).putShort((short) v).array());
    }

    RawFrame int32(int v) {
        return bytes(ByteBuffer.allocate(4).putInt(v).array());
    }

    RawFrame int8(int v) {
        body.write(v);
        return this;
    }

    RawFrame string(String s) {
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        return int16(utf8.length).bytes(utf8);
    }

    RawFrame bytes(byte... b) {
        body.writeBytes(b);
        return this;
    }

    /** Writes this value into the length prefix instead of the true length. */
    RawFrame length(int length) {
        lengthOverride = length;
        return this;
    }

    byte[] toBytes() {
        byte[] b = body.toByteArray();
        int length = lengthOverride != null ? lengthOverride : b.length;
        return ByteBuffer.allocate(4 + b.length).putInt(length).put(b).array();
    }

    ByteBuffer toBuffer() {
        return ByteBuffer.wrap(toBytes());
    }
}
