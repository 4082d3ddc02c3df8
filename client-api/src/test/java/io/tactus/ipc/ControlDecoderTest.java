package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.Pipe;
import java.nio.channels.ReadableByteChannel;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ControlDecoderTest {

    @Test
    void shouldDecodeEveryMessageWhenFedOneByteAtATime() {
        List<ControlFrame> frames = Samples.everyMessageType();
        byte[] bytes = ControlCodecTest.concatBytes(frames);
        ControlDecoder decoder = new ControlDecoder();
        List<ControlFrame> decoded = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            ControlFrame f = decoder.decode(ByteBuffer.wrap(bytes, i, 1));
            if (f != null) {
                decoded.add(f);
            }
        }
        assertEquals(frames, decoded);
        decoder.endOfStream();
    }

    @Test
    void shouldWaitForTheRestOfATruncatedMessage() {
        ControlFrame frame = new ControlFrame(9, new Request.Connect("a:out", "b:in"));
        ByteBuffer wire = ControlCodec.encode(frame);
        ControlDecoder decoder = new ControlDecoder();

        assertNull(decoder.decode(wire.slice(0, 2)), "half a length prefix");
        assertNull(decoder.decode(wire.slice(2, 9)), "the rest of the prefix and part of the body");
        assertEquals(frame, decoder.decode(wire.slice(11, wire.limit() - 11)));
    }

    @Test
    void shouldReportAMessageCutShortAtEndOfStream() {
        ByteBuffer wire = ControlCodec.encode(9, new Request.Connect("a:out", "b:in")); // 25 bytes
        ControlDecoder decoder = new ControlDecoder();
        assertNull(decoder.decode(wire.slice(0, 7)));
        var e = assertThrows(ProtocolException.class, decoder::endOfStream);
        assertEquals("the connection ended in the middle of a message, after 7 of 25 bytes", e.getMessage());
    }

    @Test
    void shouldReportALengthPrefixCutShortAtEndOfStream() {
        ControlDecoder decoder = new ControlDecoder();
        assertNull(decoder.decode(ByteBuffer.wrap(new byte[] {0, 0})));
        var e = assertThrows(ProtocolException.class, decoder::endOfStream);
        assertEquals("the connection ended in the middle of a message, after 2 bytes", e.getMessage());
    }

    @Test
    void shouldEndQuietlyBetweenMessages() {
        ControlDecoder decoder = new ControlDecoder();
        decoder.endOfStream();
        decoder.decode(ControlCodec.encode(1, new Request.Goodbye()));
        decoder.endOfStream();
    }

    @Test
    void shouldKeepFailingAfterAProtocolError() {
        ControlDecoder decoder = new ControlDecoder();
        ByteBuffer bad = RawFrame.header(io.tactus.ipc.ProtocolLimits.VERSION + 1, 1, 1).toBuffer();
        var first = assertThrows(ProtocolException.class, () -> decoder.decode(bad));
        ByteBuffer good = ControlCodec.encode(1, new Request.Goodbye());
        assertSame(first, assertThrows(ProtocolException.class, () -> decoder.decode(good)));
        assertSame(first, assertThrows(ProtocolException.class, decoder::endOfStream));
    }

    @Test
    void shouldReadFromAChannelThatDeliversOneByteAtATime() throws IOException {
        List<ControlFrame> frames = Samples.everyMessageType();
        ReadableByteChannel channel = new TricklingChannel(ControlCodecTest.concatBytes(frames));
        ControlDecoder decoder = new ControlDecoder();
        List<ControlFrame> decoded = new ArrayList<>();
        for (ControlFrame f = decoder.read(channel); f != null; f = decoder.read(channel)) {
            decoded.add(f);
        }
        assertEquals(frames, decoded);
    }

    @Test
    void shouldReportTruncationWhenAChannelEndsInsideAMessage() {
        ByteBuffer wire = ControlCodec.encode(1, new Reply.Error("no such port"));
        byte[] cut = new byte[wire.remaining() - 3];
        wire.get(cut);
        ControlDecoder decoder = new ControlDecoder();
        var e = assertThrows(ProtocolException.class, () -> decoder.read(new TricklingChannel(cut)));
        assertEquals("the connection ended in the middle of a message, after 23 of 26 bytes", e.getMessage());
    }

    @Test
    void shouldRefuseANonBlockingChannel() throws IOException {
        Pipe pipe = Pipe.open();
        try (var source = pipe.source()) {
            source.configureBlocking(false);
            assertThrows(IllegalArgumentException.class, () -> new ControlDecoder().read(source));
        } finally {
            pipe.sink().close();
        }
    }

    /** The transport this protocol is for: a notification overtakes the reply, and the client can tell. */
    @Test
    void shouldCarryRequestsRepliesAndNotificationsOverAUnixDomainSocket(@TempDir Path dir) throws IOException {
        var address = UnixDomainSocketAddress.of(dir.resolve("control.sock"));
        try (ServerSocketChannel server = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            server.bind(address);
            try (SocketChannel client = SocketChannel.open(address); SocketChannel accepted = server.accept()) {
                writeFully(client, ControlCodec.encode(42, new Request.Hello("sine", 100, 101, "normal")));

                ControlFrame hello = new ControlDecoder().read(accepted);
                assertEquals(new Request.Hello("sine", 100, 101, "normal"), hello.message());
                writeFully(accepted, ControlCodec.encode(new Notification.GraphOrder()));
                writeFully(accepted, ControlCodec.encode(hello.requestId(),
                        new Reply.Welcome(1, 48000, 64, "/dev/shm/tactus-1-graph", 1, 99, 65)));

                ControlDecoder fromServer = new ControlDecoder();
                ControlFrame first = fromServer.read(client);
                ControlFrame second = fromServer.read(client);
                assertTrue(first.isNotification());
                assertFalse(second.isNotification());
                assertEquals(42, second.requestId());
                assertEquals(new Reply.Welcome(1, 48000, 64, "/dev/shm/tactus-1-graph", 1, 99, 65), second.message());

                accepted.shutdownOutput();
                assertNull(fromServer.read(client), "a clean close between messages is the end of stream");
            }
        }
    }

    private static void writeFully(SocketChannel channel, ByteBuffer frame) throws IOException {
        while (frame.hasRemaining()) {
            channel.write(frame);
        }
    }

    /** A blocking channel at its least helpful: one byte per read. */
    private static final class TricklingChannel implements ReadableByteChannel {
        private final byte[] bytes;
        private int next;

        TricklingChannel(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read(ByteBuffer dst) {
            if (next == bytes.length) {
                return -1;
            }
            dst.put(bytes[next++]);
            return 1;
        }

        @Override
        public boolean isOpen() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
