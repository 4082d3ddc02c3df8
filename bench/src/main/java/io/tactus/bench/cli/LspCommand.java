package io.tactus.bench.cli;

import io.tactus.ipc.Reply;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code tactus lsp}: the server's ports, one full name per line, as {@code jack_lsp} prints them. */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = "Lists the ports of a running server, one full name per line (as jack_lsp).")
public final class LspCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Option(names = {"-c", "--connections"}, description = "also list each port's connections, indented under it")
    boolean connections;

    @Option(names = {"-t", "--type"}, description = "also print each port's type, indented under it")
    boolean types;

    @Override
    public Integer call() {
        List<Reply.PortInfo> ports;
        try (RemoteTactusClient client = server.connect("lsp")) {
            ports = client.listPorts(connections);
        }
        print(ports, connections, types, System.out);
        return 0;
    }

    /** jack_lsp's layout: the port at the margin, its peers indented by three spaces, its type by a tab. */
    static void print(List<Reply.PortInfo> ports, boolean connections, boolean types, PrintStream out) {
        for (Reply.PortInfo port : ports) {
            out.println(port.name());
            if (connections) {
                for (String peer : port.connections()) {
                    out.println("   " + peer);
                }
            }
            if (types) {
                out.println("\t" + port.portType().jackName());
            }
        }
        out.flush();
    }
}
