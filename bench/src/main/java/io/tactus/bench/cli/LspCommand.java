package io.tactus.bench.cli;

import io.tactus.ipc.Reply;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
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

    @Option(names = {"-l", "--latency"}, description = "also print each port's latencies, as jack_lsp -l")
    boolean latencies;

    @Override
    public Integer call() {
        List<Reply.PortInfo> ports;
        Map<String, Reply.PortLatency> latencyOf = null;
        try (RemoteTactusClient client = server.connect("lsp")) {
            ports = client.listPorts(connections);
            if (latencies) {
                latencyOf = new HashMap<>();
                for (Reply.PortLatency l : client.listLatencies()) {
                    latencyOf.put(l.name(), l);
                }
            }
        }
        print(ports, connections, latencyOf, types, System.out);
        return 0;
    }

    static void print(List<Reply.PortInfo> ports, boolean connections, boolean types, PrintStream out) {
        print(ports, connections, null, types, out);
    }

    /**
     * jack_lsp's layout: the port at the margin, its peers indented by three spaces, its latencies (when
     * {@code latencyOf} is given) and its type by a tab.
     */
    static void print(List<Reply.PortInfo> ports, boolean connections, Map<String, Reply.PortLatency> latencyOf,
                      boolean types, PrintStream out) {
        for (Reply.PortInfo port : ports) {
            out.println(port.name());
            if (connections) {
                for (String peer : port.connections()) {
                    out.println("   " + peer);
                }
            }
            Reply.PortLatency latency = latencyOf == null ? null : latencyOf.get(port.name());
            if (latency != null) {
                out.println("\tport latency = " + latency.latency() + " frames");
                out.println("\tport playback latency = [ " + latency.playbackMin() + " " + latency.playbackMax()
                        + " ] frames");
                out.println("\tport capture latency = [ " + latency.captureMin() + " " + latency.captureMax()
                        + " ] frames");
            }
            if (types) {
                out.println("\t" + port.portType().jackName());
            }
        }
        out.flush();
    }
}
