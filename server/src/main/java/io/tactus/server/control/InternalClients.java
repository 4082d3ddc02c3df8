package io.tactus.server.control;

import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The internal clients a server owns (JACK's {@code jack_internal_client_load} and friends): each is a
 * {@link InternalClientHost} process, known by a handle that any client may use to find or unload it. Loading
 * waits on the asking connection's worker until the host has opened its client and initialized it, as JACK's
 * call returns only then. A host that ends by itself (its client evicted, a crash) is forgotten; the rest are
 * stopped when the server's control socket closes.
 */
public final class InternalClients implements AutoCloseable {

    /** The directory holding {@code bin/tactus_intclient} and {@code lib/libjack.so.0} (native/target). */
    public static final String NATIVE_DIRECTORY_PROPERTY = "tactus.native.dir";
    static final String HOST_PROGRAM = "tactus_intclient";

    // JACK's jack_status_t bits (jack/types.h).
    static final int FAILURE = 0x01;
    static final int NO_SUCH_CLIENT = 0x40;
    static final int LOAD_FAILURE = 0x80;

    private record Loaded(long handle, String name, InternalClientHost host) {
    }

    private final String serverName;
    private final Path runtimeDirectory;
    private final AtomicLong handles = new AtomicLong();
    private final Map<Long, Loaded> loaded = new ConcurrentHashMap<>();
    private volatile boolean closed;

    InternalClients(String serverName, Path runtimeDirectory) {
        this.serverName = serverName;
        this.runtimeDirectory = runtimeDirectory;
    }

    /** Starts a host and waits for its report: the new handle and name, or JACK's failure bits and a sentence. */
    Reply.InternalClient load(Request.LoadInternalClient request) {
        if (closed) {
            return failed(LOAD_FAILURE, "server '" + serverName + "' is stopping; it loads no internal client");
        }
        Path nativeDirectory = nativeDirectory();
        if (nativeDirectory == null) {
            return failed(LOAD_FAILURE, "this server cannot host internal clients: it was started without -D"
                    + NATIVE_DIRECTORY_PROPERTY + " naming Tactus's native/target directory; start it with ./tactus server");
        }
        Path program = nativeDirectory.resolve("bin").resolve(HOST_PROGRAM);
        if (!Files.isExecutable(program)) {
            return failed(LOAD_FAILURE, "the internal-client host " + program + " is not built; build it with"
                    + " 'mvn -B -pl native package', which needs gcc and make");
        }
        InternalClientHost host;
        try {
            host = InternalClientHost.start(program, nativeDirectory.resolve("lib"), serverName, runtimeDirectory, request);
        } catch (IOException e) {
            return failed(LOAD_FAILURE, "cannot start the internal-client host " + program + " (" + e.getMessage() + ")");
        }
        InternalClientHost.Report report = host.awaitReport(FAILURE | LOAD_FAILURE);
        if (!report.loaded()) {
            host.stop();
            return failed(report.status() | FAILURE, report.text());
        }
        Loaded client = new Loaded(handles.incrementAndGet(), report.text(), host);
        loaded.put(client.handle(), client);
        host.onExit(() -> loaded.remove(client.handle()));
        if (closed) {
            close(); // the socket closed while this one loaded
        }
        return new Reply.InternalClient(client.handle(), report.status(), client.name(), "");
    }

    /** The handle of the internal client named {@code name} ({@code jack_internal_client_handle}). */
    Reply.InternalClient handle(String name) {
        for (Loaded client : loaded.values()) {
            if (client.name().equals(name) && client.host().isAlive()) {
                return new Reply.InternalClient(client.handle(), 0, client.name(), "");
            }
        }
        return failed(NO_SUCH_CLIENT, "no internal client is named '" + name + "'; jack_lsp lists the clients");
    }

    /** The name of internal client {@code handle} ({@code jack_get_internal_client_name}). */
    Reply.InternalClient name(long handle) {
        Loaded client = loaded.get(handle);
        return client == null ? noSuchHandle(handle) : new Reply.InternalClient(handle, 0, client.name(), "");
    }

    /** Stops the host of {@code handle} and waits for it; its client leaves the graph as it closes. */
    Reply.InternalClient unload(long handle) {
        Loaded client = loaded.remove(handle);
        if (client == null) {
            return noSuchHandle(handle);
        }
        client.host().stop();
        return new Reply.InternalClient(handle, 0, client.name(), "");
    }

    /** The hosts' process ids by client name, for tests and status. */
    public Map<String, Long> hostPids() {
        Map<String, Long> pids = new java.util.TreeMap<>();
        loaded.values().forEach(c -> pids.put(c.name(), c.host().pid()));
        return pids;
    }

    /** Stops every host; idempotent. */
    @Override
    public void close() {
        closed = true;
        List<Loaded> all = new ArrayList<>(loaded.values());
        loaded.clear();
        all.forEach(c -> c.host().signalStop());
        all.forEach(c -> c.host().awaitStopped());
    }

    private static Reply.InternalClient noSuchHandle(long handle) {
        return failed(NO_SUCH_CLIENT, "no internal client has handle " + handle + "; it was unloaded or has ended");
    }

    private static Reply.InternalClient failed(int bits, String sentence) {
        return new Reply.InternalClient(0, FAILURE | bits, "", sentence);
    }

    private static Path nativeDirectory() {
        String directory = System.getProperty(NATIVE_DIRECTORY_PROPERTY);
        return directory == null || directory.isBlank() ? null : Path.of(directory).toAbsolutePath().normalize();
    }
}
