package io.tactus.server;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.ipc.client.ProcessTransport;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.control.ControlServer;

/**
 * A dummy-driver server with its control socket, and its clients through either transport: in-process (the
 * server's {@link InProcessClient}) or over the control socket as a client in its own process would join
 * ({@link io.tactus.ipc.client.RemoteTactusClient}). Closing it closes the socket, then the server.
 */
final class BothTransports implements AutoCloseable {

    enum Kind { IN_PROCESS, REMOTE }

    final TactusServer server;
    final ControlServer control;
    private final Kind kind;

    BothTransports(Kind kind, ControlServer.Timing timing) {
        this.kind = kind;
        this.server = TactusServer.start(ServerTestSupport.settings(SchedulingSettings.other(0)));
        try {
            this.control = ControlServer.start(server, timing);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    BothTransports(Kind kind) {
        this(kind, ControlServer.Timing.SYNC);
    }

    TactusClient open(String name) {
        return kind == Kind.IN_PROCESS ? server.openClient(name)
                : ProcessTransport.system().connect(name, ClientOptions.defaults().withServer(server.name()));
    }

    @Override
    public void close() {
        try {
            control.close();
        } finally {
            server.close();
        }
    }
}
