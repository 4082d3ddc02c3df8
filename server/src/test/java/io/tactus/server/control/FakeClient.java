package io.tactus.server.control;

import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;

import java.io.IOException;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static io.tactus.testing.Poll.sleep;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

/** The client side of the control socket, spoken by hand: raw bytes in, frames out, with timeouts. */
final class FakeClient implements AutoCloseable {

    /** A thread of this process, as the server requires of Hello: the JVM's main thread, whose tid is the pid. */
    static final int TID = (int) ProcessHandle.current().pid();
    private static final long TIMEOUT_MILLIS = 5_000;

    private final SocketChannel channel;
    private final ControlDecoder decoder = new ControlDecoder();
    private final ByteBuffer inbound = ByteBuffer.allocate(64 * 1024).flip();
    final List<Notification> notifications = new CopyOnWriteArrayList<>();
    private int nextId = 1;

    private FakeClient(SocketChannel channel) {
        this.channel = channel;
    }

    static FakeClient connect(Path socket) throws IOException {
        SocketChannel channel = SocketChannel.open(UnixDomainSocketAddress.of(socket));
        channel.configureBlocking(false);
        return new FakeClient(channel);
    }

    void sendRaw(ByteBuffer bytes) throws IOException {
        long end = System.currentTimeMillis() + TIMEOUT_MILLIS;
        while (bytes.hasRemaining() && System.currentTimeMillis() < end) {
            if (channel.write(bytes) == 0) {
                sleep(1);
            }
        }
    }

    void sendRaw(byte[] bytes) throws IOException {
        sendRaw(ByteBuffer.wrap(bytes));
    }

    int send(Request request) throws IOException {
        int id = nextId++;
        sendRaw(ControlCodec.encode(id, request));
        return id;
    }

    /** The next frame, or null at the end of the stream; fails after 5 s of silence. */
    ControlFrame next() throws IOException {
        return next(TIMEOUT_MILLIS);
    }

    /** The next frame, or null at the end of the stream; fails after {@code timeoutMillis} of silence. */
    ControlFrame next(long timeoutMillis) throws IOException {
        long end = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            ControlFrame frame = decoder.decode(inbound);
            if (frame != null) {
                return frame;
            }
            inbound.compact();
            int n = channel.read(inbound);
            inbound.flip();
            if (n < 0) {
                decoder.endOfStream();
                return null;
            }
            if (n == 0) {
                if (System.currentTimeMillis() > end) {
                    throw new AssertionError("no frame from the server within " + timeoutMillis + " ms");
                }
                sleep(1);
            }
        }
    }

    /** Reads what has arrived without waiting and drops it; the frames read, or -1 at the end of the stream. */
    int discardAvailable() throws IOException {
        int frames = 0;
        while (true) {
            while (decoder.decode(inbound) != null) {
                frames++;
            }
            inbound.compact();
            int n = channel.read(inbound);
            inbound.flip();
            if (n < 0) {
                return -1;
            }
            if (n == 0) {
                return frames;
            }
        }
    }

    /** Sends a request and returns its reply; notifications on the way are kept. */
    Reply request(Request request) throws IOException {
        int id = send(request);
        return replyTo(id);
    }

    Reply replyTo(int id) throws IOException {
        while (true) {
            ControlFrame frame = next();
            if (frame == null) {
                throw new AssertionError("the server closed the connection instead of answering request " + id);
            }
            if (frame.message() instanceof Notification n) {
                notifications.add(n);
                continue;
            }
            assertEquals(id, frame.requestId(), "the reply's request id");
            return (Reply) frame.message();
        }
    }

    Reply.Welcome hello(String name) throws IOException {
        Reply reply = request(new Request.Hello(name, ProcessHandle.current().pid(), TID, "normal"));
        return assertInstanceOf(Reply.Welcome.class, reply, () -> "Hello answered with " + reply);
    }

    /** The request succeeds: Ok, or for RegisterPort the port's slot. */
    void ok(Request request) throws IOException {
        if (request instanceof Request.RegisterPort) {
            register(request);
            return;
        }
        Reply reply = request(request);
        assertEquals(new Reply.Ok(request.type()), reply, () -> request + " answered with " + reply);
    }

    /** Registers a port; returns its slot in the graph segment. */
    int register(Request request) throws IOException {
        Reply reply = request(request);
        return assertInstanceOf(Reply.PortSlot.class, reply, () -> request + " answered with " + reply).slot();
    }

    /** Reads to the end of the stream, keeping notifications; true when the server closed it in time. */
    boolean awaitEnd() throws IOException {
        return awaitEnd(TIMEOUT_MILLIS);
    }

    /** As {@link #awaitEnd()}, waiting up to {@code timeoutMillis} for each frame. */
    boolean awaitEnd(long timeoutMillis) throws IOException {
        ControlFrame frame;
        while ((frame = next(timeoutMillis)) != null) {
            if (frame.message() instanceof Notification n) {
                notifications.add(n);
            }
        }
        return true;
    }

    /** The server's last words: an Error frame and then the end of the stream. */
    ControlFrame expectErrorAndClose() throws IOException {
        ControlFrame frame = next();
        while (frame != null && frame.message() instanceof Notification n) {
            notifications.add(n);
            frame = next();
        }
        if (frame == null) {
            throw new AssertionError("the server closed the connection without an Error frame");
        }
        ControlFrame last = frame;
        assertInstanceOf(Reply.Error.class, last.message(), () -> "expected an Error, got " + last);
        assertEquals(null, next(), "the connection is closed after the Error");
        return last;
    }

    /** Ends what this side sends; the server may have closed the connection already, which is fine. */
    void shutdownOutput() {
        try {
            channel.shutdownOutput();
        } catch (IOException alreadyClosedByTheServer) {
            // the server's answer is still there to read
        }
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
