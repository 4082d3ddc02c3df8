package io.tactus.bench.cli;

import io.tactus.api.MetadataKeys;
import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.Property;
import io.tactus.ipc.Reply;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * {@code tactus lsp}: the server's ports, one full name per line, as {@code jack_lsp} prints them, with what its
 * options add under each (aliases, connections, flags, type) and, when a port has one, its pretty name.
 */
@Command(name = "lsp", mixinStandardHelpOptions = true,
        description = "Lists the ports of a running server, one full name per line (as jack_lsp).")
public final class LspCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Option(names = {"-A", "--aliases"}, description = "also list each port's aliases, indented under it")
    boolean aliases;

    @Option(names = {"-c", "--connections"}, description = "also list each port's connections, indented under it")
    boolean connections;

    @Option(names = {"-p", "--properties"}, description = "also print each port's flags (input, output, can-monitor,"
            + " physical, terminal), indented under it")
    boolean properties;

    @Option(names = {"-t", "--type"}, description = "also print each port's type, indented under it")
    boolean types;

    @Option(names = {"-U", "--uuid"}, description = "also print each port's id, the subject of its metadata")
    boolean ids;

    @Option(names = {"-l", "--latency"}, description = "also print each port's latencies, as jack_lsp -l")
    boolean latencies;

    @Parameters(paramLabel = "FILTER", arity = "0..*", description = "list only ports whose full name contains every"
            + " FILTER (as jack_lsp's trailing arguments)")
    List<String> filters = List.of();

    /** What each option asks for; the layout is {@link #print}'s. */
    record Shown(boolean aliases, boolean connections, boolean properties, boolean types, boolean ids) {
    }

    @Override
    public Integer call() {
        Shown shown = new Shown(aliases, connections, properties, types, ids);
        List<Reply.PortInfo> ports = new ArrayList<>();
        Map<String, PortDetails> details = new HashMap<>();
        Map<Long, String> prettyNames = new HashMap<>();
        Map<String, Reply.PortLatency> latencyOf = null;
        try (RemoteTactusClient client = server.connect("lsp")) {
            for (Reply.PortInfo port : client.listPorts(connections)) {
                if (filters.stream().allMatch(port.name()::contains)) {
                    ports.add(port);
                }
            }
            for (Property p : client.getAllProperties()) {
                if (p.key().equals(MetadataKeys.PRETTY_NAME)) {
                    prettyNames.put(p.subject(), p.value());
                }
            }
            if (aliases || properties || ids || !prettyNames.isEmpty()) {
                for (Reply.PortInfo port : ports) {
                    details.put(port.name(), client.portByName(port.name()));
                }
            }
            if (latencies) {
                latencyOf = new HashMap<>();
                for (Reply.PortLatency l : client.listLatencies()) {
                    latencyOf.put(l.name(), l);
                }
            }
        }
        print(ports, details, prettyNames, latencyOf, shown, System.out);
        return 0;
    }

    /** Without latencies. */
    static void print(List<Reply.PortInfo> ports, Map<String, PortDetails> details, Map<Long, String> prettyNames,
                      Shown shown, PrintStream out) {
        print(ports, details, prettyNames, null, shown, out);
    }

    /**
     * jack_lsp's layout: the port at the margin; its aliases and peers indented by three spaces; its flags,
     * latencies (when {@code latencyOf} is given), type and id by a tab; its pretty name, when it has one, by a tab
     * under its name.
     */
    static void print(List<Reply.PortInfo> ports, Map<String, PortDetails> details, Map<Long, String> prettyNames,
                      Map<String, Reply.PortLatency> latencyOf, Shown shown, PrintStream out) {
        for (Reply.PortInfo port : ports) {
            PortDetails d = details.get(port.name());
            out.println(port.name());
            String pretty = d == null ? null : prettyNames.get(d.id());
            if (pretty != null) {
                out.println("\tpretty name: " + pretty);
            }
            if (shown.aliases() && d != null) {
                for (String alias : d.aliases()) {
                    out.println("   " + alias);
                }
            }
            if (shown.connections()) {
                for (String peer : port.connections()) {
                    out.println("   " + peer);
                }
            }
            if (shown.properties() && d != null) {
                out.println("\tproperties: " + flags(d));
            }
            Reply.PortLatency latency = latencyOf == null ? null : latencyOf.get(port.name());
            if (latency != null) {
                out.println("\tport latency = " + latency.latency() + " frames");
                out.println("\tport playback latency = [ " + latency.playbackMin() + " " + latency.playbackMax()
                        + " ] frames");
                out.println("\tport capture latency = [ " + latency.captureMin() + " " + latency.captureMax()
                        + " ] frames");
            }
            if (shown.types()) {
                out.println("\t" + port.portType().jackName());
            }
            if (shown.ids() && d != null) {
                out.println("\tuuid: " + d.id());
            }
        }
        out.flush();
    }

    /** jack_lsp's words and order, each followed by a comma. */
    private static String flags(PortDetails d) {
        StringBuilder b = new StringBuilder();
        if (d.flags().contains(PortFlag.INPUT)) {
            b.append("input,");
        }
        if (d.flags().contains(PortFlag.OUTPUT)) {
            b.append("output,");
        }
        if (d.flags().contains(PortFlag.CAN_MONITOR)) {
            b.append("can-monitor,");
        }
        if (d.flags().contains(PortFlag.PHYSICAL)) {
            b.append("physical,");
        }
        if (d.flags().contains(PortFlag.TERMINAL)) {
            b.append("terminal,");
        }
        return b.toString();
    }
}
