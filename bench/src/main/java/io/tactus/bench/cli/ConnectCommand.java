package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;

/** {@code tactus connect SRC DST}: connects an output port to an input port of a running server. */
@Command(name = "connect", mixinStandardHelpOptions = true,
        description = "Connects an output port to an input port of a running server (as jack_connect).")
public final class ConnectCommand extends PortPairCommand {

    @Override
    String clientName() {
        return "connect";
    }

    @Override
    void apply(RemoteTactusClient client, String source, String destination) {
        client.connect(source, destination);
    }
}
