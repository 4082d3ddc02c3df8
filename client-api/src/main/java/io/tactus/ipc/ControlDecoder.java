package io.tactus.ipc;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.SelectableChannel;

/**
 * Turns a byte stream into frames, whatever the chunks it arrives in: half a length prefix, one byte,
 * or many messages in one read. It holds at most one frame, bounded by
 * {@link ProtocolLimits#MAX_FRAME_LENGTH}, and checks a frame's length before buffering its body, so a
 * lying peer costs 64 KiB at most. One decoder per connection, used by one thread.
 *
 * <p>A {@link ProtocolException} ends the stream: after it, the decoder throws the same exception on
 * every call, because a peer that broke the protocol once cannot be trusted to frame the next message.
 */
public final class ControlDecoder {

    private static final int READ_CHUNK = 8 * 1024;

    private final ByteBuffer lengthPrefix = ByteBuffer.allocate(ProtocolLimits.LENGTH_BYTES);
    /** The current frame's bytes after the prefix; null while the prefix is still arriving. */
    private ByteBuffer frame;
    private ByteBuffer spare = ByteBuffer.allocate(256);
    /** Bytes read from a channel but not yet decoded; kept in read mode between calls. */
    private ByteBuffer inbound;
    private ProtocolException failure;

    /**
     * Consumes bytes from {@code src} up to the end of the next frame and returns it, or returns null
     * once {@code src} is drained without completing one (the partial frame is kept). Call it again
     * while it returns frames: {@code src} may hold several.
     */
    public ControlFrame decode(ByteBuffer src) {
        failIfFailed();
        try {
            while (src.hasRemaining()) {
                if (frame == null) {
                    transfer(src, lengthPrefix);
                    if (!lengthPrefix.hasRemaining()) {
                        frame = bufferFor(Integer.toUnsignedLong(lengthPrefix.flip().getInt()));
                        lengthPrefix.clear();
                    }
                }
                if (frame != null) {
                    transfer(src, frame);
                    if (!frame.hasRemaining()) {
                        ByteBuffer complete = frame.flip();
                        frame = null;
                        return ControlCodec.decode(complete);
                    }
                }
            }
            return null;
        } catch (ProtocolException e) {
            failure = e;
            throw e;
        }
    }

    /**
     * Reads from a blocking channel until one frame is complete and returns it; returns null when the
     * stream ends between frames and throws {@link ProtocolException} when it ends inside one.
     */
    public ControlFrame read(ReadableByteChannel channel) throws IOException {
        if (channel instanceof SelectableChannel selectable && !selectable.isBlocking()) {
            // A non-blocking read returns 0 and this loop would spin; use decode(ByteBuffer) instead.
            throw new IllegalArgumentException("read(channel) needs a blocking channel; feed a non-blocking"
                    + " one through decode(ByteBuffer)");
        }
        if (inbound == null) {
            inbound = ByteBuffer.allocate(READ_CHUNK).flip();
        }
        while (true) {
            ControlFrame next = decode(inbound);
            if (next != null) {
                return next;
            }
            inbound.clear();
            int n = channel.read(inbound);
            inbound.flip();
            if (n < 0) {
                endOfStream();
                return null;
            }
        }
    }

    /** Call when the peer closed the stream: a frame cut short is a {@link ProtocolException}. */
    public void endOfStream() {
        failIfFailed();
        if (frame != null || lengthPrefix.position() > 0) {
            int received = lengthPrefix.position() + (frame == null ? 0 : ProtocolLimits.LENGTH_BYTES
                    + frame.position());
            String of = frame == null ? "" : " of " + (ProtocolLimits.LENGTH_BYTES + frame.limit());
            failure = new ProtocolException("the connection ended in the middle of a message, after " + received
                    + of + (received == 1 && frame == null ? " byte" : " bytes"));
            throw failure;
        }
    }

    /** Checks the length before anything is allocated for it; the buffer is reused across frames. */
    private ByteBuffer bufferFor(long length) {
        if (length > ProtocolLimits.MAX_FRAME_LENGTH) {
            throw new ProtocolException("message length " + length + " exceeds the "
                    + ProtocolLimits.MAX_FRAME_LENGTH + "-byte limit");
        }
        if (length < ProtocolLimits.HEADER_BYTES) {
            throw new ProtocolException("message length " + length + " is shorter than the "
                    + ProtocolLimits.HEADER_BYTES + "-byte header");
        }
        if (spare.capacity() < length) {
            spare = ByteBuffer.allocate((int) length);
        }
        return spare.clear().limit((int) length);
    }

    private static void transfer(ByteBuffer src, ByteBuffer dst) {
        int n = Math.min(src.remaining(), dst.remaining());
        dst.put(dst.position(), src, src.position(), n);
        dst.position(dst.position() + n);
        src.position(src.position() + n);
    }

    private void failIfFailed() {
        if (failure != null) {
            throw failure;
        }
    }
}
