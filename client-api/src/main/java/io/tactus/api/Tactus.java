package io.tactus.api;

import java.util.Optional;
import java.util.ServiceLoader;

/**
 * Where a client starts: finds the named server and opens a client on it. A server in this JVM is
 * joined in-process (the process callback then runs on the server's realtime thread); otherwise the
 * client joins the server's process over its control socket and runs its callback on a realtime thread
 * of its own. The client's code is the same either way. The out-of-process transport is looked up as a
 * {@link ClientTransport} service, so the API does not depend on the IPC code that implements it.
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
                : OtherProcess.transport().open(clientName, options);
    }

    /** Looked up on first use, once: the first {@link ClientTransport} service on the class path. */
    private static final class OtherProcess {
        private static final Optional<ClientTransport> TRANSPORT =
                ServiceLoader.load(ClientTransport.class, Tactus.class.getClassLoader()).findFirst();

        static ClientTransport transport() {
            return TRANSPORT.orElseThrow(() -> new TactusException("no transport to a server in another process is "
                    + "on the class path; put tactus-client-api's jar, with its META-INF/services, on it"));
        }
    }
}
