package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;

/** {@code tactus disconnect SRC DST}: removes one connection of a running server. */
@Command(name = "disconnect", mixinStandardHelpOptions = true,
        description = "Disconnects an output port from an input port of a running server (as jack_disconnect).")
public final class DisconnectCommand extends PortPairCommand {

    @Override
    String clientName() {
        return "disconnect";
    }

    @Override
    void apply(RemoteTactusClient client, String source, String destination) {
        client.disconnect(source, destination);
    }
}
