package io.tactus.api;

import java.util.Objects;

/**
 * How to open a client: which server to join. Defaults match JACK's: the server named
 * {@value #DEFAULT_SERVER}.
 */
public record ClientOptions(String serverName) {

    public static final String DEFAULT_SERVER = "default";

    public ClientOptions {
        Objects.requireNonNull(serverName, "serverName");
    }

    public static ClientOptions defaults() {
        return new ClientOptions(DEFAULT_SERVER);
    }

    public ClientOptions withServer(String name) {
        return new ClientOptions(name);
    }
}
