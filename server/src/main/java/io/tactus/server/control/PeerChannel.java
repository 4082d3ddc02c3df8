package io.tactus.server.control;

import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.ProtocolException;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * One connection's bytes, without a thread of its own: the {@link ControlSelector}'s thread reads what
 * arrives, decodes whole frames and hands them, in order, to the connection's {@link Handler} on the shared
 * workers ({@link SerialInbox}); what the handler sends waits in an outbox that the selector thread writes
 * as the socket takes it. A client that stops reading holds up only its own connection: its outbox grows to
 * {@link #OUTBOX_FRAMES} or {@link #OUTBOX_BYTES} (notifications beyond are dropped and counted by the caller),
 * and while its outbox or its inbox is full the selector stops reading its requests, so it cannot queue more
 * work than that. Replies are never dropped, so the requests already read may take the outbox past that; at
 * {@link #OUTBOX_MAX_BYTES}, or when the socket has taken nothing for the selector's stall limit, the peer is
 * cut off: memory stays bounded per connection whatever the peer does.
 *
 * <p>The selector thread owns the decoder, the key and the frame being written; {@link #send},
 * {@link #tell}, {@link #closeAfterFlush} and {@link #awaitClosed} may be called from any thread.
 */
final class PeerChannel {

    /** Frames waiting to be written beyond which notifications are dropped and requests are no longer read. */
    static final int OUTBOX_FRAMES = 256;
    /** Bytes waiting to be written beyond which notifications are dropped and requests are no longer read. */
    static final int OUTBOX_BYTES = 256 * 1024;
    /** Bytes waiting to be written at which the peer is cut off: replies it asked for and does not read. */
    static final int OUTBOX_MAX_BYTES = 1024 * 1024;
    /** Decoded requests waiting for the handler beyond which no more are read. */
    static final int INBOX_FRAMES = 64;

    /** What a connection's frames become; called on the shared workers, one call at a time per connection. */
    interface Handler {
        void onFrame(ControlFrame frame);

        /** The bytes broke the protocol ({@link ProtocolException}'s sentence); nothing more is read. */
        void onFault(String sentence);

        /** The peer closed its end between frames, or the connection failed. */
        void onEnd();

        /** No frame came within the Hello deadline; nothing more is read. */
        void onHelloTimeout();

        /** The selector closed the connection because the peer did not read what it was sent; {@code sentence} says so. */
        void onCut(String sentence);
    }

    private final SocketChannel channel;
    private final ControlSelector selector;
    private final SerialInbox inbox;
    private final ControlDecoder decoder = new ControlDecoder();
    private final Queue<ByteBuffer> outbox = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final AtomicLong queuedBytes = new AtomicLong();
    /** Set by a reply that would take the outbox past {@link #OUTBOX_MAX_BYTES}; the selector then cuts the peer. */
    private volatile boolean overflowed;
    /** Set while this connection waits in the selector's queue of connections to service. */
    final AtomicBoolean serviceQueued = new AtomicBoolean();
    private final CountDownLatch closed = new CountDownLatch(1);
    private volatile boolean closing;
    private Handler handler;
    // The selector thread's own.
    private SelectionKey key;
    private ByteBuffer writing;
    private boolean reading = true;
    private boolean greeted;
    private boolean flushDeadlineSet;
    /** Set while bytes wait that the socket would not take; then when it last took any. */
    private boolean blocked;
    private long lastProgressNanos;

    PeerChannel(SocketChannel channel, ControlSelector selector, Executor workers) {
        this.channel = channel;
        this.selector = selector;
        this.inbox = new SerialInbox(workers, INBOX_FRAMES, () -> selector.service(this));
    }

    /** Gives the connection its handler, before it is registered. */
    void attach(Handler frameHandler) {
        this.handler = frameHandler;
    }

    /** Starts reading: on the selector thread, after {@link #attach}. */
    void register(Selector selector) throws IOException {
        key = channel.register(selector, SelectionKey.OP_READ, this);
    }

    /** The socket itself, for what the kernel knows of the peer (its credentials). */
    SocketChannel socket() {
        return channel;
    }

    /** Queues a reply, which is never dropped: the inbox and outbox limits bound how many can wait. */
    void send(ByteBuffer frame) {
        if (closed.getCount() == 0 || overflowed) {
            return;
        }
        if (queuedBytes.addAndGet(frame.remaining()) > OUTBOX_MAX_BYTES) {
            overflowed = true; // not queued: the selector cuts the peer off
            queuedBytes.addAndGet(-frame.remaining());
            selector.service(this);
            return;
        }
        queued.incrementAndGet();
        outbox.add(frame);
        selector.service(this);
    }

    /** Queues a notification unless the outbox is full; false when it was dropped. */
    boolean tell(ByteBuffer frame) {
        if (isOutboxFull()) {
            return false;
        }
        send(frame);
        return true;
    }

    /** Runs {@code task} after this connection's other work, on the shared workers. */
    void execute(Runnable task) {
        inbox.execute(task);
    }

    /** Writes what is queued (for at most {@link ControlSelector#FLUSH_MILLIS}), then closes the socket. */
    void closeAfterFlush() {
        closing = true;
        selector.service(this);
    }

    /** True once the socket is closed: what was read before it needs no answer. */
    boolean isClosed() {
        return closed.getCount() == 0;
    }

    /** Waits up to {@code millis} for the socket to be closed; true once it is. */
    boolean awaitClosed(long millis) throws InterruptedException {
        return closed.await(Math.max(1, millis), TimeUnit.MILLISECONDS);
    }

    // ---- the selector thread ----

    /** Reads what the socket holds (into the selector's shared buffer) and hands on every whole frame. */
    void onReadable(ByteBuffer buffer) {
        int n;
        buffer.clear();
        try {
            n = channel.read(buffer);
        } catch (IOException reset) {
            endInput(handler::onEnd);
            return;
        }
        if (n < 0) {
            try {
                decoder.endOfStream();
                endInput(handler::onEnd);
            } catch (ProtocolException cutShort) {
                endInput(() -> handler.onFault(cutShort.getMessage()));
            }
            return;
        }
        buffer.flip();
        try {
            ControlFrame frame;
            while ((frame = decoder.decode(buffer)) != null) {
                greeted = true;
                ControlFrame decoded = frame;
                inbox.execute(() -> handler.onFrame(decoded));
            }
        } catch (ProtocolException e) {
            endInput(() -> handler.onFault(e.getMessage()));
            return;
        }
        updateInterest();
    }

    /** The Hello deadline of this connection passed: unless a frame (or a fault, or the end) came first. */
    void onHelloDeadline() {
        if (!greeted && reading && !closing) {
            endInput(handler::onHelloTimeout);
        }
    }

    /** Nothing more is read; {@code last} is the handler's last word on the input. */
    private void endInput(Runnable last) {
        greeted = true;
        reading = false;
        inbox.execute(last);
        updateInterest();
    }

    /**
     * Writes what the socket takes, closes the connection once it was asked to and its outbox is empty, and
     * sets what the selector waits for. False when the connection is closed now.
     */
    boolean service(long nowNanos, DeadlineQueue<PeerChannel> flushDeadlines) {
        if (key == null || !key.isValid()) {
            return false;
        }
        if (overflowed) {
            cut("did not read the replies it asked for: more than " + OUTBOX_MAX_BYTES / 1024
                    + " KiB waited to be written");
            return false;
        }
        boolean flushed = flush(nowNanos);
        if (!key.isValid()) {
            return false;
        }
        if (closing) {
            if (flushed) {
                closeNow();
                return false;
            }
            if (!flushDeadlineSet) {
                flushDeadlineSet = true;
                flushDeadlines.add(this, nowNanos);
            }
        }
        updateInterest();
        return true;
    }

    /** True when everything queued has been written; otherwise the connection is watched for a stall. */
    private boolean flush(long nowNanos) {
        while (true) {
            if (writing == null) {
                writing = outbox.poll();
                if (writing == null) {
                    blocked = false;
                    return true;
                }
                queued.decrementAndGet();
            }
            int written;
            try {
                written = channel.write(writing);
            } catch (IOException gone) {
                closeNow(); // the peer is gone; nothing more can be said
                return false;
            }
            queuedBytes.addAndGet(-written);
            if (written > 0) {
                lastProgressNanos = nowNanos;
            }
            if (writing.hasRemaining()) {
                if (!blocked) {
                    blocked = true;
                    lastProgressNanos = nowNanos;
                    selector.watchStall(this);
                }
                return false;
            }
            writing = null;
        }
    }

    /**
     * On the selector's sweep: true while bytes still wait for the socket (keep watching); cuts the peer off
     * when the socket has taken none of them for {@code limitNanos}.
     */
    boolean checkStall(long nowNanos, long limitNanos) {
        if (!blocked || key == null || !key.isValid()) {
            return false;
        }
        if (nowNanos - lastProgressNanos < limitNanos) {
            return true;
        }
        cut("read nothing of its connection for " + limitNanos / 1_000_000_000 + " s while " + (queued.get() + 1)
                + " frames waited");
        return false;
    }

    private boolean isOutboxFull() {
        return queued.get() >= OUTBOX_FRAMES || queuedBytes.get() >= OUTBOX_BYTES;
    }

    private void updateInterest() {
        if (key == null || !key.isValid()) {
            return;
        }
        boolean read = reading && !closing && !inbox.isFull() && !isOutboxFull();
        boolean write = writing != null || !outbox.isEmpty();
        key.interestOps((read ? SelectionKey.OP_READ : 0) | (write ? SelectionKey.OP_WRITE : 0));
    }

    /**
     * Closes the socket at once. The handler hears of it unless it asked for it: a connection the selector
     * closes (the peer is gone, or the server stops) still leaves the graph.
     */
    void closeNow() {
        close(handler::onEnd);
    }

    /** Closes the socket of a peer that does not read; the handler hears {@code sentence} unless it is leaving. */
    private void cut(String sentence) {
        close(() -> handler.onCut(sentence));
    }

    private void close(Runnable last) {
        if (closed.getCount() == 0) {
            return;
        }
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
        outbox.clear();
        queuedBytes.set(0);
        blocked = false;
        closed.countDown();
        if (!closing) {
            reading = false;
            inbox.execute(last);
        }
    }
}
