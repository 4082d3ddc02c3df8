package io.tactus.server.control;

import io.tactus.api.TactusException;
import io.tactus.ipc.RuntimeDirectory;
import io.tactus.ipc.graph.ActivationRehearsal;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.engine.PeriodTiming;
import io.tactus.server.graph.SharedGraph;
import jdk.net.ExtendedSocketOptions;
import jdk.net.UnixDomainPrincipal;

import java.io.IOException;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The server's control socket: the door through which clients in other processes join. It holds the
 * server name's lock file for its whole life (so a second server of that name is refused, and whatever
 * a crashed one left behind, socket and graph segment, can be deleted safely), creates the server's one
 * graph segment ({@code /dev/shm/tactus-<name>-graph}, which every client maps), and admits
 * connections, each to a {@link ControlAdapter}, up to a cap ({@link ServerSettings#maxConnections()}).
 * The connections' I/O and their requests run on the {@link ControlSelector}'s threads, as many for ten
 * peers as for thousands; what a silent peer holds is its descriptor and a few hundred bytes until its
 * Hello deadline ({@link ControlSelector#HELLO_MILLIS} ms) closes it.
 */
public final class ControlServer implements AutoCloseable {

    /** How the engine times a graph with out-of-process clients. */
    public enum Timing {
        /**
         * The graph runs within the cycle; the engine waits for each client until a reserve before the cycle's
         * deadline (JACK1's way, and JACK2's {@code -S}): no added latency.
         */
        SYNC,
        /**
         * The whole graph is asynchronous (JACK2's default): a cycle started in one period is completed at the
         * start of the next and played then, so the graph has a whole period and every path through it is one
         * period late, all in step. A client late even then is waited for within that period, as SYNC waits.
         */
        ASYNC,
        /** The engine waits up to a fixed time from the trigger, whatever the cycle's deadline: renders and tests. */
        TIME_LIMIT;

        /** How the server's start-up line and reports name it: sync, async or time-limit. */
        public String label() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    /** The most ports one out-of-process client can have. */
    public static final int MAX_PORTS = 64;

    /** Lock files this JVM holds: POSIX drops a process's lock when it closes ANY descriptor of the file. */
    private static final Set<Path> HELD_HERE = ConcurrentHashMap.newKeySet();
    /** Where the graph segment lives: POSIX shared memory. */
    private static final Path SHM = Path.of("/dev/shm");

    /**
     * The part of the period kept, after the last moment a client may answer, for the rest of the graph,
     * the driver, and a futex time-out that wakes late (on a VM by a few hundred microseconds). Half a
     * period from the trigger gave up on clients the host had paused while the cycle still had time; a
     * quarter keeps the margin and lets such a client finish (docs/measurements/from-code-server.md).
     */
    static final double RESERVE_PERIODS = 0.25;

    private final TactusServer server;
    private final RuntimeDirectory directory;
    private final Path socketPath;
    private final Path lockPath;
    private final FileChannel lockChannel;
    private final ServerSocketChannel listener;
    private final UserPrincipal user;
    private final Timing timing;
    private final ControlSelector io;
    private final SharedGraph shared;
    private final Set<ControlAdapter> adapters = ConcurrentHashMap.newKeySet();
    private final Map<String, RemoteClient> clients = new ConcurrentHashMap<>();
    private final InternalClients internalClients;
    private volatile int maxConnections;
    private volatile boolean closed;
    /**
     * Deletes the segment and the socket when the JVM ends without {@link #close} (a SIGTERM or Ctrl-C to a
     * stress or soak run): files only, so it is safe whatever the engine is doing; the mapping goes with the process.
     */
    private final Thread removeFilesAtExit;

    private ControlServer(TactusServer server, RuntimeDirectory directory, Path lockPath, FileChannel lockChannel,
                          ServerSocketChannel listener, Path socketPath, UserPrincipal user, Timing timing,
                          SharedGraph shared) throws IOException {
        this.server = server;
        this.directory = directory;
        this.lockPath = lockPath;
        this.lockChannel = lockChannel;
        this.listener = listener;
        this.socketPath = socketPath;
        this.user = user;
        this.timing = timing;
        this.shared = shared;
        this.maxConnections = server.settings().maxConnections();
        this.io = new ControlSelector(listener, socketPath, server.name(), this::admit);
        this.internalClients = new InternalClients(server.name(), directory.path());
        Path segment = shared.segment().path();
        this.removeFilesAtExit = new Thread(() -> {
            deleteQuietly(segment);
            deleteQuietly(socketPath);
        }, "tactus-control-exit");
    }

    /** Opens the control socket of {@code server} in the user's runtime directory. */
    public static ControlServer start(TactusServer server) {
        return start(server, RuntimeDirectory.ofCurrentUser());
    }

    /**
     * As {@link #start(TactusServer)} in {@code directory}. A client may take until a quarter period before
     * the cycle's deadline ({@link #RESERVE_PERIODS}), and at most a period after its trigger.
     */
    public static ControlServer start(TactusServer server, RuntimeDirectory directory) {
        return start(server, directory, Timing.SYNC);
    }

    /**
     * As {@link #start(TactusServer)}, with clients' cycles timed as {@code timing} says. {@link Timing#ASYNC}
     * needs a paced driver: a server that runs as fast as the graph goes (a WAV render) waits for its
     * clients whatever is asked, since it has no period to give them.
     */
    public static ControlServer start(TactusServer server, Timing timing) {
        return start(server, RuntimeDirectory.ofCurrentUser(), timing);
    }

    /** As {@link #start(TactusServer, Timing)} in {@code directory}. */
    public static ControlServer start(TactusServer server, RuntimeDirectory directory, Timing timing) {
        if (timing == Timing.TIME_LIMIT) {
            throw new IllegalArgumentException("a time limit needs its length: start(server, directory, clientTimeoutNanos)");
        }
        long period = new PeriodTiming(0, server.sampleRate(), server.bufferSize()).periodNanos();
        boolean async = timing == Timing.ASYNC && server.settings().driver().isPaced();
        return start(server, directory, period, async ? Timing.ASYNC : Timing.SYNC);
    }

    /**
     * Opens the control socket; throws {@link TactusException} with one sentence when it cannot (a server
     * of that name runs already, the runtime directory is not private, no futexes on this system).
     *
     * @param clientTimeoutNanos how long after its trigger a client may take before its outputs count as
     *                           silence, whatever the cycle's deadline: patience over punctuality, for renders
     *                           and tests of the layers above the transport
     */
    public static ControlServer start(TactusServer server, RuntimeDirectory directory, long clientTimeoutNanos) {
        return start(server, directory, clientTimeoutNanos, Timing.TIME_LIMIT);
    }

    private static ControlServer start(TactusServer server, RuntimeDirectory directory, long clientTimeoutNanos,
                                       Timing timing) {
        if (clientTimeoutNanos <= 0) {
            throw new IllegalArgumentException("a client's time limit must be positive, not " + clientTimeoutNanos + " ns");
        }
        String name = RuntimeDirectory.requireServerName(server.name());
        Futex futex = Futex.linux();
        if (!futex.isAvailable()) {
            throw new TactusException("clients in their own processes need Linux futexes, which are not available"
                    + " here; run clients in the server's process");
        }
        directory.createIfMissing();
        GraphSegment.warmUp(); // before the engine runs a client's code: the first runs of the accessors allocate
        ActivationRehearsal.ensure(futex); // the engine steps in and mixes what a late client left invalid
        Path socket = directory.socketPath(name);
        Path lock = directory.lockPath(name);
        FileChannel lockChannel = lock(lock, name);
        ServerSocketChannel listener = null;
        SharedGraph shared = null;
        try {
            Files.deleteIfExists(socket); // we hold the lock: any socket of this name is a crashed server's
            deleteStaleSegments(SHM, name);
            shared = createGraph(server, futex, clientTimeoutNanos, timing);
            UserPrincipal user = Files.getOwner(directory.path(), LinkOption.NOFOLLOW_LINKS);
            listener = ServerSocketChannel.open(StandardProtocolFamily.UNIX);
            listener.bind(UnixDomainSocketAddress.of(socket));
            Files.setPosixFilePermissions(socket, PosixFilePermissions.fromString("rw-------"));
            ControlServer control = new ControlServer(server, directory, lock, lockChannel, listener, socket, user,
                    timing, shared);
            server.controller().graph().share(shared);
            server.applyDriverLatency(timing == Timing.ASYNC);
            server.mirrorTimeTo(shared.segment());
            control.io.start();
            Runtime.getRuntime().addShutdownHook(control.removeFilesAtExit); // once started: a failed start cleans up itself
            return control;
        } catch (IOException | RuntimeException e) {
            closeQuietly(listener);
            deleteQuietly(socket);
            if (shared != null) {
                shared.close();
            }
            unlock(lock, lockChannel);
            throw e instanceof TactusException t ? t : new TactusException("cannot open the control socket " + socket
                    + " (" + e.getMessage() + ")");
        }
    }

    /** Takes the name's lock and writes this pid into it, or refuses in one sentence naming the holder. */
    private static FileChannel lock(Path lock, String name) {
        if (!HELD_HERE.add(lock)) {
            throw alreadyRunning(name, Long.toString(ProcessHandle.current().pid()));
        }
        FileChannel channel = null;
        try {
            channel = FileChannel.open(lock, EnumSet.of(StandardOpenOption.CREATE, StandardOpenOption.READ,
                    StandardOpenOption.WRITE), PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            FileLock held;
            try {
                held = channel.tryLock();
            } catch (OverlappingFileLockException inThisJvm) {
                held = null;
            }
            if (held == null) {
                String pid = new String(Files.readAllBytes(lock), StandardCharsets.US_ASCII).trim();
                channel.close(); // not ours: closing drops only this process's (absent) lock
                HELD_HERE.remove(lock);
                throw alreadyRunning(name, pid.isEmpty() ? "unknown" : pid);
            }
            channel.truncate(0);
            channel.write(ByteBuffer.wrap((ProcessHandle.current().pid() + "\n").getBytes(StandardCharsets.US_ASCII)), 0);
            channel.force(false);
            return channel;
        } catch (IOException e) {
            closeQuietly(channel);
            HELD_HERE.remove(lock);
            throw new TactusException("cannot lock " + lock + " (" + e.getMessage() + ")");
        }
    }

    private static TactusException alreadyRunning(String name, String pid) {
        return new TactusException("a Tactus server named '" + name + "' is already running (pid " + pid
                + "); stop it or choose another --name");
    }

    /** Deletes the lock file while still holding the lock, then lets go of it. */
    private static void unlock(Path lock, FileChannel channel) {
        deleteQuietly(lock);
        closeQuietly(channel);
        HELD_HERE.remove(lock);
    }

    /**
     * The server's graph segment, created fresh: a client is given up on a quarter period
     * ({@link #RESERVE_PERIODS}) before the cycle's deadline and at most {@code clientTimeoutNanos} after its
     * trigger; with {@link Timing#TIME_LIMIT} only by that limit; with {@link Timing#ASYNC} the graph is completed
     * in the next period.
     */
    private static SharedGraph createGraph(TactusServer server, Futex futex, long clientTimeoutNanos, Timing timing) {
        long period = new PeriodTiming(0, server.sampleRate(), server.bufferSize()).periodNanos();
        GraphSegment segment = GraphSegment.create(SHM, GraphSegment.fileName(server.name()),
                SharedGraph.layout(server.settings().engine().maxFrames()), period);
        long reserve = (long) (period * RESERVE_PERIODS);
        return switch (timing) {
            case TIME_LIMIT -> SharedGraph.over(segment, futex, SharedGraph.NO_DEADLINE, clientTimeoutNanos, false);
            case ASYNC -> SharedGraph.over(segment, futex, reserve, Long.MAX_VALUE, true);
            case SYNC -> SharedGraph.over(segment, futex, reserve, clientTimeoutNanos, false);
        };
    }

    /**
     * The graph segment {@code tactus-<name>-graph}, and version 1's per-client segments {@code tactus-<name>-<digits>},
     * of this user: left by a crashed server of this name, since we hold its lock.
     */
    static int deleteStaleSegments(Path shm, String name) {
        String prefix = segmentPrefix(name);
        int uid = RuntimeDirectory.currentUid();
        int deleted = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(shm, prefix + "*")) {
            for (Path entry : entries) {
                String suffix = entry.getFileName().toString().substring(prefix.length());
                if (!suffix.isEmpty() && (suffix.equals("graph") || suffix.chars().allMatch(Character::isDigit))
                        && (Integer) Files.getAttribute(entry, "unix:uid", LinkOption.NOFOLLOW_LINKS) == uid
                        && Files.deleteIfExists(entry)) {
                    deleted++;
                }
            }
        } catch (IOException e) {
            throw new TactusException("cannot clean up the shared-memory segments of a crashed server in " + shm
                    + " (" + e.getMessage() + ")");
        }
        return deleted;
    }

    private static String segmentPrefix(String serverName) {
        return "tactus-" + serverName + "-";
    }

    /**
     * On the selector thread, for each accepted connection: its adapter, or the sentence it is refused with
     * when {@link #maxConnections} are open already.
     */
    private String admit(PeerChannel peer) {
        if (adapters.size() >= maxConnections) {
            return "connection refused: the server already has " + maxConnections
                    + " connections, the most it accepts at once; try again when some have closed";
        }
        ControlAdapter adapter = new ControlAdapter(this, server, peer);
        peer.attach(adapter);
        adapters.add(adapter);
        if (closed) {
            adapter.leave("server stopped"); // close() may have told the others before this one was added
        }
        return null;
    }

    /**
     * Sets how many connections may be open at once (at start, {@link ServerSettings#maxConnections()}); more
     * are refused.
     */
    public ControlServer limitConnections(int max) {
        ServerSettings.validateMaxConnections(max);
        maxConnections = max;
        return this;
    }

    /**
     * Sets how long a peer may read nothing of its connection while bytes wait for it before it is cut off (at
     * start {@link ControlSelector#READER_STALL_MILLIS}); checked about once a second.
     */
    ControlServer limitReaderStall(long millis) {
        io.limitReaderStall(millis);
        return this;
    }

    /**
     * Null when the peer may use this server: the server's own user, or root. Otherwise the sentence the
     * peer is refused with.
     */
    String peerRefusal(SocketChannel channel) {
        try {
            UnixDomainPrincipal peer = channel.getOption(ExtendedSocketOptions.SO_PEERCRED);
            return refusal(peer.user(), user);
        } catch (IOException | UnsupportedOperationException e) {
            return "connection refused: the peer's credentials cannot be read (" + e.getMessage() + ")";
        }
    }

    /** The credential rule alone, for any pair of users. */
    static String refusal(UserPrincipal peer, UserPrincipal serverUser) {
        if (peer.equals(serverUser) || "root".equals(peer.getName())) {
            return null;
        }
        return "connection refused: user " + peer.getName() + " is not the server's user " + serverUser.getName();
    }

    /**
     * SCHED_FIFO priority for clients' process threads: the engine's minus 5 (at least 1), or 0 when it is not FIFO/RR.
     */
    int processPriority() {
        SchedulingOutcome engine = server.scheduling();
        SchedulingPolicy policy = engine == null ? null : engine.actualPolicy();
        return policy != null && policy.hasRealtimePriority() ? Math.max(1, engine.actualPriority() - 5) : 0;
    }

    /** The server's graph segment and who holds which record and slot in it. */
    public SharedGraph sharedGraph() {
        return shared;
    }

    /** How the engine times its out-of-process clients' cycles (ASYNC asked of a server without a period is SYNC). */
    public Timing timing() {
        return timing;
    }

    void register(RemoteClient client) {
        clients.put(client.name(), client);
    }

    void forget(RemoteClient client) {
        clients.remove(client.name(), client);
    }

    void forget(ControlAdapter adapter) {
        adapters.remove(adapter);
    }

    public Path socketPath() {
        return socketPath;
    }

    public Path lockPath() {
        return lockPath;
    }

    /** The internal clients this server hosts (issue 21). */
    public InternalClients internalClients() {
        return internalClients;
    }

    public RuntimeDirectory directory() {
        return directory;
    }

    /** Every client connected now, in no particular order. */
    public List<RemoteClient> clients() {
        return List.copyOf(clients.values());
    }

    /** The connected client of that name (its process thread's tid, its timeouts), if any. */
    public Optional<RemoteClient> client(String name) {
        return Optional.ofNullable(clients.get(name));
    }

    /** Connections open now, with or without a client behind them. */
    public int connectionCount() {
        return adapters.size();
    }

    /**
     * Tells every client "server stopped", takes them out of the graph, deletes their segments, the
     * socket and the lock file. Idempotent; the {@link TactusServer} itself is left running.
     */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        try {
            Runtime.getRuntime().removeShutdownHook(removeFilesAtExit);
        } catch (IllegalStateException exiting) {
            // the JVM is ending: the hook runs anyway, after this close has deleted the files
        }
        internalClients.close(); // each host closes its client while the socket still answers
        io.stopAccepting();
        List<ControlAdapter> open = new ArrayList<>(adapters);
        for (ControlAdapter adapter : open) {
            adapter.leave("server stopped");
        }
        long end = System.currentTimeMillis() + 1_000;
        try {
            for (ControlAdapter adapter : open) {
                adapter.awaitClosed(end - System.currentTimeMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        io.close();
        closeGraph();
        deleteQuietly(socketPath);
        unlock(lockPath, lockChannel);
    }

    /**
     * Takes the shared graph out of the server's plans (the engine switches to one without it), then deletes
     * the segment; when the engine does not take the change, only the file is deleted and the mapping kept.
     */
    private void closeGraph() {
        server.applyDriverLatency(false);
        server.mirrorTimeTo(null); // before the change: once the engine has taken it, it stamps no more
        try {
            server.controller().changeVoid(graph -> graph.share(null));
            shared.close();
        } catch (TactusException stalled) {
            server.controller().graph().share(null);
            deleteQuietly(shared.segment().path());
        }
    }

    /**
     * The driver's latency at its ports, and with {@code async} one more period at playback: an asynchronous
     * graph's output is played a period after it is computed (JACK2 adds the same in its async mode).
     */
    private static void closeQuietly(java.io.Closeable closeable) {
        if (closeable == null) {
            return;
        }
        try {
            closeable.close();
        } catch (IOException ignored) {
            // closing is all that was wanted
        }
    }

    private static void deleteQuietly(Path file) {
        try {
            Files.deleteIfExists(file);
        } catch (IOException ignored) {
            // the next server of this name deletes it
        }
    }
}
