package io.tactus.api;

import java.util.Objects;

/**
 * How to open a client: which server to join and how much the client matters when the server must shed
 * load. Defaults match JACK's: the server named {@value #DEFAULT_SERVER}, and every client
 * {@link ClientPriority#NORMAL}.
 */
public record ClientOptions(String serverName, ClientPriority priority) {

    public static final String DEFAULT_SERVER = "default";

    public ClientOptions {
        Objects.requireNonNull(serverName, "serverName");
        Objects.requireNonNull(priority, "priority");
    }

    public static ClientOptions defaults() {
        return new ClientOptions(DEFAULT_SERVER, ClientPriority.NORMAL);
    }

    public ClientOptions withServer(String name) {
        return new ClientOptions(name, priority);
    }

    public ClientOptions withPriority(ClientPriority priority) {
        return new ClientOptions(serverName, priority);
    }
}
