package io.tactus.server.control;

import io.tactus.api.ClientOptions;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.ipc.client.ProcessTransport;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One server for a test class whose calls must work through both transports: a dummy driver and the control
 * socket in the user's runtime directory, so that {@link ProcessTransport#system()} reaches it over the socket
 * while {@link Tactus#open} in this JVM takes the in-process way. Register it as a static
 * {@code @RegisterExtension} field; it closes after the class's last test.
 */
final class BothTransports implements BeforeAllCallback, AfterAllCallback {

    /** Which transport carries a test's client. */
    enum Way {
        IN_PROCESS,
        OWN_PROCESS
    }

    private TactusServer server;
    private ControlServer control;

    @Override
    public void beforeAll(ExtensionContext context) {
        server = ControlTestSupport.startServer(new DummyDriver(2, 2));
        control = ControlTestSupport.startControl(server, null, null);
    }

    @Override
    public void afterAll(ExtensionContext context) {
        try {
            ControlTestSupport.stop(control, server);
        } finally {
            control = null;
            server = null;
        }
    }

    TactusServer server() {
        return server;
    }

    TactusClient open(Way way, String name) {
        return open(way, name, ClientOptions.defaults());
    }

    /** A client of this server named {@code name} (or as the server renamed it), carried the {@code way} asked. */
    TactusClient open(Way way, String name, ClientOptions options) {
        ClientOptions here = options.withServer(server.name());
        return way == Way.IN_PROCESS ? Tactus.open(name, here) : ProcessTransport.system().connect(name, here);
    }
}
