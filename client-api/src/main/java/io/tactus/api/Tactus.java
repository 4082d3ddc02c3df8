package io.tactus.api;

import io.tactus.api.spi.TransportRegistry;

/**
 * Where a client starts: finds the named server and opens a client on it. A server in this JVM is
 * joined in-process (the process callback then runs on the server's realtime thread).
 */
public final class Tactus {

    private Tactus() {
    }

    /** Opens a client on the server named {@value ClientOptions#DEFAULT_SERVER}. */
    public static TactusClient open(String clientName) {
        return open(clientName, ClientOptions.defaults());
    }

    public static TactusClient open(String clientName, ClientOptions options) {
        return TransportRegistry.inProcess(options.serverName())
                .orElseThrow(() -> new TactusException("no Tactus server named '" + options.serverName()
                        + "' is running; start one with ./tactus server"))
                .open(clientName, options);
    }
}
