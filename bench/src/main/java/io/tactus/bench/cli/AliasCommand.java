package io.tactus.bench.cli;

import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.concurrent.Callable;

/** {@code tactus alias [-u] PORT ALIAS}: sets or unsets an alias of a port of a running server, as jack_alias. */
@Command(name = "alias", mixinStandardHelpOptions = true,
        description = "Gives a port of a running server another name, or with -u takes one away (as jack_alias);"
                + " a port has at most two.")
public final class AliasCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Option(names = {"-u", "--unset"}, description = "take the alias away instead")
    boolean unset;

    @Parameters(index = "0", paramLabel = "PORT", description = "the port, client:port or one of its aliases")
    String port;

    @Parameters(index = "1", paramLabel = "ALIAS", description = "the alias")
    String alias;

    @Override
    public Integer call() {
        try (RemoteTactusClient client = server.connect("alias")) {
            if (unset) {
                client.unsetAlias(port, alias);
            } else {
                client.setAlias(port, alias);
            }
        }
        return 0;
    }
}
