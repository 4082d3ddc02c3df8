package io.tactus.bench.cli;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusException;
import io.tactus.ipc.client.ProcessTransport;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Option;

/**
 * {@code --server NAME}, shared by every command that talks to a running server, and the short-lived
 * control connection those tools make. A tool joins as an ordinary client named {@code <tool>-<pid>}
 * that registers no ports and never activates, as JACK's {@code jack_lsp} and {@code jack_connect} do: the
 * server needs no second kind of connection, and the tool never appears in a port listing.
 */
public final class ServerOption {

    @Option(names = "--server", defaultValue = ClientOptions.DEFAULT_SERVER,
            description = "the server to talk to (default ${DEFAULT-VALUE})")
    public String name;

    /** Joins the server as {@code <tool>-<pid>}; close it when done. */
    public RemoteTactusClient connect(String tool) {
        if (name.isBlank()) {
            throw new TactusException("--server needs a server name, e.g. --server default");
        }
        return ProcessTransport.system().connect(tool + "-" + ProcessHandle.current().pid(),
                ClientOptions.defaults().withServer(name));
    }
}
