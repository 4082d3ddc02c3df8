package io.tactus.api;

/**
 * Carries clients to one server. The server implements this for clients in its own JVM and registers
 * it with {@link TransportRegistry}; the transport to a server in another process is found with
 * {@link java.util.ServiceLoader} (listed in {@code META-INF/services}), so this package does not depend
 * on the IPC code. A client's code is the same whichever transport carries it.
 */
public interface ClientTransport {

    /** Opens a client named {@code name}; throws {@link TactusException} when it cannot. */
    TactusClient open(String name, ClientOptions options);
}
