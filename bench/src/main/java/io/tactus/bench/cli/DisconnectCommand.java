package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/** {@code tactus disconnect SRC DST}: removes one connection of a running server. */
@Command(name = "disconnect", mixinStandardHelpOptions = true,
        description = "Disconnects an output port from an input port of a running server (as jack_disconnect).")
public final class DisconnectCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Parameters(index = "0", paramLabel = "SRC", description = "the output port, client:port")
    String source;

    @Parameters(index = "1", paramLabel = "DST", description = "the input port, client:port")
    String destination;

    @Override
    public Integer call() {
        try (RemoteClient client = server.connect("disconnect")) {
            client.disconnect(source, destination);
        }
        return 0;
    }
}
