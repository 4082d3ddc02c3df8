package io.tactus.server.control;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.ClosedChannelException;
import java.nio.channels.ClosedSelectorException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * The control socket's threads, as many whatever the number of peers: one selector thread that accepts,
 * reads and writes every connection without blocking (the shape of Aeron's conductor; Java 17 has no
 * virtual threads), and {@link #WORKERS} workers that carry out the decoded requests, each connection's in
 * order ({@link SerialInbox}). The selector thread never waits for anything but the socket: a request that
 * needs the engine (a graph change) waits on a worker, a slow reader's replies wait in its outbox. It also
 * keeps the two deadlines every connection has, the Hello one after accept and the flush one after it was
 * asked to close, so no timer thread is needed, and once a second it looks at the connections whose socket
 * would not take their bytes, cutting off a peer that has read nothing for {@link #READER_STALL_MILLIS}. Trade-off: a flood of connections that send requests which
 * wait for a stalled engine makes every connection's requests wait for a worker.
 */
final class ControlSelector implements AutoCloseable {

    /** How long a new connection may take to say Hello. */
    static final long HELLO_MILLIS = 2_000;
    /** How long a closing connection's last frames may take to be written before the socket is cut. */
    static final long FLUSH_MILLIS = 500;
    /**
     * How long a peer may leave its socket full, reading nothing, before it is cut off: long enough for a client
     * paused by a loaded machine, short enough that a dead reader does not hold its connection for good.
     */
    static final long READER_STALL_MILLIS = 60_000;
    private static final long STALL_SWEEP_NANOS = 1_000_000_000L;
    /** Threads that carry out requests: a few, since most wait only for the graph's lock or the next cycle. */
    static final int WORKERS = 4;
    private static final int READ_CHUNK = 8 * 1024;

    private final ServerSocketChannel listener;
    private final Path socketPath;
    /** Turns an accepted connection into its handler, or returns the sentence it is refused with. */
    private final Function<PeerChannel, String> admission;
    private final Selector selector;
    private final ExecutorService workers;
    private final Thread thread;
    private final ByteBuffer readBuffer = ByteBuffer.allocateDirect(READ_CHUNK);
    private final Queue<PeerChannel> toService = new ConcurrentLinkedQueue<>();
    private final DeadlineQueue<PeerChannel> helloDeadlines = new DeadlineQueue<>(HELLO_MILLIS);
    private final DeadlineQueue<PeerChannel> flushDeadlines = new DeadlineQueue<>(FLUSH_MILLIS);
    /** Connections whose socket would not take their bytes, for the stall sweep; the selector thread's own. */
    private final Set<PeerChannel> blocked = new LinkedHashSet<>();
    private long nextStallSweep;
    private volatile long readerStallNanos = READER_STALL_MILLIS * 1_000_000;
    private volatile boolean running = true;
    private String lastAcceptFailure;

    /**
     * @param admission called on the selector thread for each accepted connection: attaches its handler and
     *                  returns null, or returns the one sentence it is refused with (it is then closed)
     */
    ControlSelector(ServerSocketChannel listener, Path socketPath, String serverName,
                    Function<PeerChannel, String> admission) throws IOException {
        this.listener = listener;
        this.socketPath = socketPath;
        this.admission = admission;
        this.selector = Selector.open();
        listener.configureBlocking(false);
        listener.register(selector, SelectionKey.OP_ACCEPT);
        AtomicInteger worker = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(WORKERS, task -> {
            Thread t = new Thread(task, "tactus-control-" + serverName + "-worker-" + worker.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.thread = new Thread(this::run, "tactus-control-" + serverName);
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Asks the selector thread to write {@code peer}'s outbox, close it or read it again; from any thread. */
    void service(PeerChannel peer) {
        if (peer.serviceQueued.compareAndSet(false, true)) {
            toService.add(peer);
            selector.wakeup();
        }
    }

    private void run() {
        try {
            while (running) {
                selector.select(this::onReady, selectTimeoutMillis());
                long now = System.nanoTime();
                PeerChannel peer;
                while ((peer = toService.poll()) != null) {
                    peer.serviceQueued.set(false);
                    peer.service(now, flushDeadlines);
                }
                helloDeadlines.expire(now, PeerChannel::onHelloDeadline);
                flushDeadlines.expire(now, PeerChannel::closeNow);
                if (!blocked.isEmpty() && now - nextStallSweep >= 0) {
                    nextStallSweep = now + STALL_SWEEP_NANOS;
                    long limit = readerStallNanos;
                    blocked.removeIf(p -> !p.checkStall(now, limit));
                }
            }
        } catch (IOException | ClosedSelectorException e) {
            if (running) {
                System.err.println("tactus: the control socket " + socketPath + " stopped serving (" + e.getMessage()
                        + "); connected clients are cut off");
            }
        } finally {
            closeEveryConnection();
        }
    }

    /** Until the next deadline, rounded up so it is not missed by a fraction of a millisecond; 0 waits for I/O only. */
    private long selectTimeoutMillis() {
        long now = System.nanoTime();
        long hello = helloDeadlines.nanosToNext(now);
        long flush = flushDeadlines.nanosToNext(now);
        long next = hello < 0 ? flush : flush < 0 ? hello : Math.min(hello, flush);
        if (!blocked.isEmpty()) {
            long sweep = Math.max(0, nextStallSweep - now);
            next = next < 0 ? sweep : Math.min(next, sweep);
        }
        return next < 0 ? 0 : next / 1_000_000 + 1;
    }

    private void onReady(SelectionKey key) {
        if (!key.isValid()) {
            return;
        }
        if (key.channel() == listener) {
            acceptAll();
            return;
        }
        PeerChannel peer = (PeerChannel) key.attachment();
        if (key.isReadable()) {
            peer.onReadable(readBuffer);
        }
        if (key.isValid() && key.isWritable()) {
            peer.service(System.nanoTime(), flushDeadlines);
        }
    }

    /** Every connection waiting in the backlog: admitted with a Hello deadline, or refused in one sentence. */
    private void acceptAll() {
        while (running) {
            SocketChannel channel;
            try {
                channel = listener.accept();
            } catch (ClosedChannelException stopped) {
                return;
            } catch (IOException e) {
                reportAcceptFailure(e);
                return;
            }
            if (channel == null) {
                return;
            }
            PeerChannel peer = new PeerChannel(channel, this, workers);
            String refusal = admission.apply(peer);
            if (refusal != null) {
                ConnectionRefusal.refuse(channel, refusal);
                continue;
            }
            try {
                channel.configureBlocking(false);
                peer.register(selector);
                helloDeadlines.add(peer, System.nanoTime());
            } catch (IOException e) {
                reportAcceptFailure(e);
                peer.closeNow(); // its handler hears of it and forgets the connection
            }
        }
    }

    /** Once per distinct cause (descriptors exhausted, say); the listener stays ready, so pause a little. */
    private void reportAcceptFailure(IOException e) {
        String cause = String.valueOf(e.getMessage());
        if (!cause.equals(lastAcceptFailure)) {
            lastAcceptFailure = cause;
            System.err.println("tactus: the control socket " + socketPath + " failed to accept a connection ("
                    + cause + "); it keeps trying");
        }
        try {
            Thread.sleep(10);
        } catch (InterruptedException interrupted) {
            Thread.currentThread().interrupt();
        }
    }

    /** On the selector thread: {@code peer}'s socket would not take its bytes; the sweep watches it from now on. */
    void watchStall(PeerChannel peer) {
        if (blocked.isEmpty()) {
            nextStallSweep = System.nanoTime() + STALL_SWEEP_NANOS;
        }
        blocked.add(peer);
    }

    /** How long a peer may read nothing while bytes wait for it (at start {@link #READER_STALL_MILLIS}). */
    void limitReaderStall(long millis) {
        readerStallNanos = millis * 1_000_000;
    }

    /** No more connections are accepted; those open are served until {@link #close()}. From any thread. */
    void stopAccepting() {
        closeQuietly(listener);
        selector.wakeup();
    }

    private void closeEveryConnection() {
        try {
            for (SelectionKey key : selector.keys()) {
                if (key.attachment() instanceof PeerChannel peer) {
                    peer.closeNow();
                }
            }
        } catch (ClosedSelectorException alreadyClosed) {
            // nothing is registered any more
        }
        closeQuietly(selector);
    }

    /** Stops the selector thread (closing every connection still open) and the workers. */
    @Override
    public void close() {
        running = false;
        closeQuietly(listener);
        selector.wakeup();
        try {
            thread.join(1_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        if (thread.getState() == Thread.State.NEW) {
            closeQuietly(selector); // never started
        }
        workers.shutdownNow();
    }

    private static void closeQuietly(java.io.Closeable closeable) {
        try {
            closeable.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
    }
}
