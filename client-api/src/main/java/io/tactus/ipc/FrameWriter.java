package io.tactus.ipc;

import java.nio.ByteBuffer;

/**
 * Writes one frame into a buffer that grows as needed, then fills in the length prefix; sizing the
 * frame in a first pass would mean describing every layout twice. Control-path only: it allocates.
 */
final class FrameWriter {

    // Starts past the length prefix, which finish() fills in once the length is known.
    private ByteBuffer buf = ByteBuffer.allocate(128).position(ProtocolLimits.LENGTH_BYTES);

    FrameWriter int16(int value) {
        ensure(Short.BYTES).putShort((short) value);
        return this;
    }

    FrameWriter int32(int value) {
        ensure(Integer.BYTES).putInt(value);
        return this;
    }

    FrameWriter int64(long value) {
        ensure(Long.BYTES).putLong(value);
        return this;
    }

    FrameWriter float64(double value) {
        ensure(Double.BYTES).putDouble(value);
        return this;
    }

    FrameWriter bool(boolean value) {
        ensure(1).put((byte) (value ? 1 : 0));
        return this;
    }

    FrameWriter string(String value) {
        byte[] bytes = Utf8.encode(value);
        if (bytes.length > ProtocolLimits.MAX_STRING_BYTES) {
            throw new ProtocolException("a string of " + bytes.length + " bytes is too long to send; the limit"
                    + " is " + ProtocolLimits.MAX_STRING_BYTES + " bytes of UTF-8");
        }
        ensure(Short.BYTES + bytes.length).putShort((short) bytes.length).put(bytes);
        return this;
    }

    /** Writes the length of what follows the prefix into the prefix and returns the frame, flipped. */
    ByteBuffer finish() {
        int length = buf.position() - ProtocolLimits.LENGTH_BYTES;
        if (length > ProtocolLimits.MAX_FRAME_LENGTH) {
            throw new ProtocolException("message length " + length + " exceeds the "
                    + ProtocolLimits.MAX_FRAME_LENGTH + "-byte limit");
        }
        buf.putInt(0, length);
        return buf.flip();
    }

    private ByteBuffer ensure(int bytes) {
        if (buf.remaining() < bytes) {
            ByteBuffer bigger = ByteBuffer.allocate(Math.max(buf.capacity() * 2, buf.position() + bytes));
            buf = bigger.put(buf.flip());
        }
        return buf;
    }
}
