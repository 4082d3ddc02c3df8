package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/** What {@code connect} and {@code disconnect} share: a running server, an output port and an input port. */
abstract class PortPairCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Parameters(index = "0", paramLabel = "SRC", description = "the output port, client:port")
    String source;

    @Parameters(index = "1", paramLabel = "DST", description = "the input port, client:port")
    String destination;

    /** The client name this tool joins the server under, for the length of one request. */
    abstract String clientName();

    /** The one request; throws TactusException with the server's sentence when it is refused. */
    abstract void apply(RemoteTactusClient client, String source, String destination);

    @Override
    public Integer call() {
        try (RemoteTactusClient client = server.connect(clientName())) {
            apply(client, source, destination);
        }
        return 0;
    }
}
