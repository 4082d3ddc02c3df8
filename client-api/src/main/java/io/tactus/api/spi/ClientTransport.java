package io.tactus.api.spi;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;

/**
 * Carries clients to one server. The server implements this for clients in its own JVM and registers
 * it with {@link TransportRegistry}; a client's code is the same whichever transport carries it.
 */
public interface ClientTransport {

    /** Opens a client named {@code name}; throws {@link io.tactus.api.TactusException} when it cannot. */
    TactusClient open(String name, ClientOptions options);
}
