package io.tactus.bench.cli;

import io.tactus.bench.report.SummaryFormatter;
import io.tactus.ipc.Reply;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;

import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code tactus status}: a running server's figures in the report's {@code Label . . . : value} lines. */
@Command(name = "status", mixinStandardHelpOptions = true,
        description = "Prints a running server's sample rate, period, clients, cycles, xruns, DSP load, scheduling and watchdog.")
public final class StatusCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Override
    public Integer call() {
        Reply.StatusReport report;
        Reply.StatisticsReport statistics;
        try (RemoteTactusClient client = server.connect("status")) {
            report = client.status();
            statistics = client.statistics(false);
        }
        System.out.print(format(server.name, report, statistics));
        System.out.flush();
        return 0;
    }

    /**
     * The report's lines. {@code Clients} is the server's own count, which includes the connection this
     * command makes to ask. The DSP load is {@code jack_cpu_load}'s; the delays are
     * {@code jack_get_max_delayed_usecs} (since start or a client's reset) and {@code jack_get_xrun_delayed_usecs}.
     */
    static String format(String serverName, Reply.StatusReport r, Reply.StatisticsReport s) {
        StringBuilder out = new StringBuilder();
        line(out, "Server", serverName);
        line(out, "Sample Rate", r.sampleRate() + " Hz");
        line(out, "Frames per buffer", Integer.toString(r.bufferSize()));
        line(out, "Period", r.sampleRate() <= 0 ? "unknown"
                : String.format(Locale.ROOT, "%d usecs", Math.round(1e6 * r.bufferSize() / r.sampleRate())));
        line(out, "Clients", Integer.toString(r.clients()));
        line(out, "Cycles", Long.toString(r.cycles()));
        line(out, "XRUN Count", Long.toString(r.xruns()));
        line(out, "Timeout Count", Long.toString(r.timeouts()));
        line(out, "DSP Load", String.format(Locale.ROOT, "%.1f %%", r.dspLoadPercent()));
        line(out, "Delay Maximum", String.format(Locale.ROOT, "%.0f usecs", s.maxDelayedMicros()));
        line(out, "Last XRUN Delay", String.format(Locale.ROOT, "%.0f usecs", s.xrunDelayedMicros()));
        line(out, "Scheduling Policy", r.scheduling());
        line(out, "Process Clients", processClients(r.clientTiming()));
        line(out, "Watchdog Policy", r.watchdog());
        return out.toString();
    }

    /** The timing of clients in other processes, with what it means for their latency. */
    private static String processClients(String timing) {
        return switch (timing) {
            case "sync" -> "sync (waited for within the period)";
            case "async" -> "async (their outputs are heard a period later)";
            default -> timing;
        };
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(SummaryFormatter.leader(label)).append(": ").append(value).append('\n');
    }
}
