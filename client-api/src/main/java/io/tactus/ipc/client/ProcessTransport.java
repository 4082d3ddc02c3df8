package io.tactus.ipc.client;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.ClientTransport;
import io.tactus.ipc.RuntimeDirectory;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * Carries clients to a server in another process, over its control socket in the user's runtime
 * directory ({@link RuntimeDirectory}) and the server's one shared graph segment. It is what
 * {@link io.tactus.api.Tactus#open} falls back to when no server of that name runs in this JVM; the price
 * against the in-process transport is a futex wake-up per cycle, the gain is that the client's crash
 * or garbage collection cannot take the server down.
 */
public final class ProcessTransport implements ClientTransport {

    /** How long a request may wait for its reply before the server counts as unresponsive. */
    public static final long DEFAULT_REQUEST_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(10);

    private static final ProcessTransport SYSTEM = new ProcessTransport(
            serverName -> RuntimeDirectory.ofCurrentUser().socketPath(serverName), RealtimeScheduler.system(),
            DEFAULT_REQUEST_TIMEOUT_NANOS);

    private final Function<String, Path> socketOf;
    private final RealtimeScheduler scheduler;
    private final long requestTimeoutNanos;

    /** As {@link #system()}: the constructor {@link java.util.ServiceLoader} calls for {@code Tactus.open}. */
    public ProcessTransport() {
        this(SYSTEM.socketOf, SYSTEM.scheduler, SYSTEM.requestTimeoutNanos);
    }

    ProcessTransport(Function<String, Path> socketOf, RealtimeScheduler scheduler, long requestTimeoutNanos) {
        this.socketOf = Objects.requireNonNull(socketOf, "socketOf");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.requestTimeoutNanos = requestTimeoutNanos;
    }

    /** Sockets in the current user's runtime directory; scheduling warnings on standard error. */
    public static ProcessTransport system() {
        return SYSTEM;
    }

    @Override
    public TactusClient open(String name, ClientOptions options) {
        return connect(name, options);
    }

    /**
     * Joins the server named in {@code options} as client {@code clientName}.
     *
     * @throws TactusException with {@link #noServer} when nobody listens on that server's socket, or with the
     *                         server's own sentence when it refuses the client (e.g. a duplicate name)
     */
    public RemoteTactusClient connect(String clientName, ClientOptions options) {
        Objects.requireNonNull(options, "options");
        String serverName = options.serverName();
        // Bind the native layers before connecting, not after: the server closes a connection that has not said
        // Hello within 2 s, and loading JNA in a cold JVM on a busy machine can take about that long.
        Futex.linux();
        RealtimeNative.linux();
        return RemoteTactusClient.join(() -> open(serverName), clientName, options, scheduler, requestTimeoutNanos);
    }

    private ServerConnection open(String serverName) {
        try {
            return ServerConnection.connect(socketOf.apply(serverName), serverName);
        } catch (IOException | RuntimeException e) {
            if (e instanceof TactusException refused) {
                throw refused; // e.g. a runtime directory that is not safe to use
            }
            throw noServer(serverName);
        }
    }

    /** The contract's sentence for a server that is not there. */
    public static TactusException noServer(String serverName) {
        return new TactusException("no Tactus server named '" + serverName + "' is running; start one with ./tactus server");
    }
}
