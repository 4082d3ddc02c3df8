package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/** {@code tactus connect SRC DST}: connects an output port to an input port of a running server. */
@Command(name = "connect", mixinStandardHelpOptions = true,
        description = "Connects an output port to an input port of a running server (as jack_connect).")
public final class ConnectCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Parameters(index = "0", paramLabel = "SRC", description = "the output port, client:port")
    String source;

    @Parameters(index = "1", paramLabel = "DST", description = "the input port, client:port")
    String destination;

    @Override
    public Integer call() {
        try (RemoteClient client = server.connect("connect")) {
            client.connect(source, destination);
        }
        return 0;
    }
}
