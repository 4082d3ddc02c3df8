package io.tactus.api;

import io.tactus.api.spi.ClientTransport;
import io.tactus.api.spi.TransportRegistry;
import io.tactus.ipc.client.ProcessTransport;

import java.util.Optional;

/**
 * Where a client starts: finds the named server and opens a client on it. A server in this JVM is
 * joined in-process (the process callback then runs on the server's realtime thread); otherwise the
 * client joins the server's process over its control socket and runs its callback on a realtime thread
 * of its own. The client's code is the same either way.
 */
public final class Tactus {

    private Tactus() {
    }

    /** Opens a client on the server named {@value ClientOptions#DEFAULT_SERVER}. */
    public static TactusClient open(String clientName) {
        return open(clientName, ClientOptions.defaults());
    }

    /**
     * @throws TactusException "no Tactus server named 'NAME' is running; start one with ./tactus server" when
     *                         neither this JVM nor the user's runtime directory has one, or the server's
     *                         sentence when it refuses the client
     */
    public static TactusClient open(String clientName, ClientOptions options) {
        Optional<ClientTransport> inProcess = TransportRegistry.inProcess(options.serverName());
        return inProcess.isPresent() ? inProcess.get().open(clientName, options)
                : ProcessTransport.system().open(clientName, options);
    }
}
