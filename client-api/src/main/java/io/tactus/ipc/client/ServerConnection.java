package io.tactus.ipc.client;

import io.tactus.api.TactusException;
import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.ProtocolException;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * One control connection to a server: requests go out with fresh ids from any thread, and a reader thread
 * (the adapter side) sorts what comes back: a reply completes the request with its id, a notification goes
 * to the listener, whatever arrives in between. Callers block on their own reply only, so several threads
 * may have requests in flight at once; the price is one daemon thread per connection.
 *
 * <p>The connection ends once: at end of stream, on a read error or a protocol violation, when a request
 * times out (the server no longer answers), or on {@link #close()}. Every request still waiting then fails
 * with a {@link TactusException}, and the listener hears about every end but {@link #close()}.
 */
final class ServerConnection implements AutoCloseable {

    /** The end reason when the server closed the socket without a Shutdown: it crashed or was killed. */
    static final String SERVER_GONE = "server gone";

    /** Hears, on the reader thread, what the server says unasked; must not block. */
    interface Listener {
        void notified(Notification notification);

        /** The connection ended without {@link #close()}; called once. */
        void ended(String reason);
    }

    private final SocketChannel channel;
    private final String serverName;
    private final Object writeLock = new Object();
    private final AtomicInteger ids = new AtomicInteger(1);
    private final Map<Integer, CompletableFuture<Reply>> pending = new ConcurrentHashMap<>();
    /** Why the connection ended; null while it is open. */
    private volatile String endReason;
    /** Set before closing the channel ourselves for a reason the reader cannot see (a timeout). */
    private volatile String failReason;
    private volatile boolean closedByUs;

    private ServerConnection(SocketChannel channel, String serverName) {
        this.channel = channel;
        this.serverName = serverName;
    }

    /** Connects to {@code socket}; an IOException means nobody listens there. */
    static ServerConnection connect(Path socket, String serverName) throws IOException {
        SocketChannel channel = SocketChannel.open(StandardProtocolFamily.UNIX);
        try {
            channel.connect(UnixDomainSocketAddress.of(socket));
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
        return new ServerConnection(channel, serverName);
    }

    /** Starts the reader thread; call once, before the first request. */
    void start(String threadName, Listener listener) {
        Thread reader = new Thread(() -> read(listener), threadName);
        reader.setDaemon(true);
        reader.start();
    }

    /**
     * Sends {@code request} and waits for its reply. An {@link Reply.Error} becomes a
     * {@link TactusException} with the server's sentence; so do an ended connection and a timeout.
     */
    Reply request(Request request, long timeoutNanos) {
        requireOpen();
        int id = nextId();
        ByteBuffer bytes = ControlCodec.encode(id, request); // before registering: a name too long fails right here
        CompletableFuture<Reply> reply = new CompletableFuture<>();
        pending.put(id, reply);
        if (endReason != null) { // ended between requireOpen and put: the sweep may have missed us
            pending.remove(id);
            requireOpen();
        }
        try {
            synchronized (writeLock) {
                while (bytes.hasRemaining()) {
                    channel.write(bytes);
                }
            }
        } catch (IOException e) {
            pending.remove(id);
            throw new TactusException(endReason != null ? ended() : "lost the connection to Tactus server '"
                    + serverName + "' (" + e.getMessage() + ")");
        }
        Reply answer = await(reply, id, request, timeoutNanos);
        if (answer instanceof Reply.Error error) {
            throw new TactusException(error.message());
        }
        return answer;
    }

    boolean isOpen() {
        return endReason == null;
    }

    /** Why the connection ended, or null while it is open. */
    String endReason() {
        return endReason;
    }

    /** Closes the socket; the listener is not told. Idempotent. */
    @Override
    public void close() {
        closedByUs = true;
        if (endReason == null) {
            endReason = "the client closed the connection";
        }
        closeChannel();
    }

    private Reply await(CompletableFuture<Reply> reply, int id, Request request, long timeoutNanos) {
        try {
            return reply.get(timeoutNanos, TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof TactusException t ? t : new TactusException(ended(), e.getCause());
        } catch (TimeoutException e) {
            pending.remove(id);
            String reason = "Tactus server '" + serverName + "' did not answer the " + request.type().label()
                    + " request within " + TimeUnit.NANOSECONDS.toMillis(timeoutNanos) + " ms";
            failReason = reason;
            closeChannel(); // the reader ends the connection with failReason
            throw new TactusException(reason);
        } catch (InterruptedException e) {
            pending.remove(id);
            Thread.currentThread().interrupt();
            throw new TactusException("interrupted while waiting for Tactus server '" + serverName
                    + "' to answer the " + request.type().label() + " request");
        }
    }

    private void read(Listener listener) {
        ControlDecoder decoder = new ControlDecoder();
        String reason;
        try {
            while (true) {
                ControlFrame frame = decoder.read(channel);
                if (frame == null) {
                    reason = SERVER_GONE;
                    break;
                }
                dispatch(frame, listener);
            }
        } catch (ProtocolException e) {
            reason = "the server broke the control protocol: " + e.getMessage();
        } catch (IOException e) {
            reason = SERVER_GONE; // reset by the peer; or closed by us, which is not reported
        }
        end(failReason != null ? failReason : reason, listener);
    }

    private void dispatch(ControlFrame frame, Listener listener) {
        if (frame.message() instanceof Notification notification) {
            listener.notified(notification);
        } else if (frame.message() instanceof Reply reply) {
            if (frame.requestId() == 0 && reply instanceof Reply.Error error) {
                // Id 0 answers no request: the server's word on the whole connection (e.g. no Hello in time),
                // which it closes next; that sentence, not "server gone", is then why the connection ended.
                failReason = error.message();
                return;
            }
            CompletableFuture<Reply> waiting = pending.remove(frame.requestId());
            if (waiting != null) {
                waiting.complete(reply); // an unknown id answers a request that timed out: dropped
            }
        } else {
            throw new ProtocolException("it sent a " + frame.message().type().label()
                    + " request, which only clients send");
        }
    }

    private void end(String reason, Listener listener) {
        if (endReason == null) {
            endReason = reason;
        }
        closeChannel();
        TactusException failure = new TactusException(ended());
        for (Integer id : pending.keySet()) {
            CompletableFuture<Reply> waiting = pending.remove(id);
            if (waiting != null) {
                waiting.completeExceptionally(failure);
            }
        }
        if (!closedByUs) {
            listener.ended(endReason);
        }
    }

    private void requireOpen() {
        if (endReason != null) {
            throw new TactusException(ended());
        }
    }

    private String ended() {
        return "the connection to Tactus server '" + serverName + "' has ended: " + endReason;
    }

    private int nextId() {
        int id;
        do {
            id = ids.getAndIncrement();
        } while (id == 0); // 0 marks notifications; skipped when the counter wraps
        return id;
    }

    private void closeChannel() {
        try {
            channel.close();
        } catch (IOException ignored) {
            // Closing is all we wanted; there is nothing left to tell the server.
        }
    }
}
