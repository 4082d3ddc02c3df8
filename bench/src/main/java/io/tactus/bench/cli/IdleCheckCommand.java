package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.report.FloorLines;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.bench.stress.IdleCheck;
import io.tactus.server.ServerSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code tactus idle-check}: a server with {@code tactus server}'s defaults and one jack_test3 process client,
 * idle, beside the floor; prints its xruns and late wake-ups under the floor's.
 */
@Command(name = "idle-check", mixinStandardHelpOptions = true,
        description = "Runs a server with 'tactus server' defaults and jack_test3 process clients, idle, and prints "
                + "its xruns beside the floor's late wake-ups (a bare realtime thread, as cyclictest).")
public final class IdleCheckCommand implements Callable<Integer> {

    static final int DEFAULT_SECONDS = 60;
    static final int DEFAULT_CLIENTS = 1;

    @Option(names = "--seconds", defaultValue = "" + DEFAULT_SECONDS,
            description = "measured seconds of the server, and as many of the floor (half before, half after) "
                    + "(default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--clients", defaultValue = "" + DEFAULT_CLIENTS,
            description = "jack_test3 clients, each in a JVM of its own (default ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--name", defaultValue = "tactus-idle-check",
            description = "the server's name (default ${DEFAULT-VALUE})")
    String name;

    @Parameters(arity = "0..*", paramLabel = "SERVER-OPTION",
            description = "after '--', options of 'tactus server' to run it with instead of its defaults "
                    + "(for example -- --spin-us 1000)")
    List<String> serverOptions = new ArrayList<>();

    @Override
    public Integer call() throws InterruptedException {
        if (seconds < 2 || clients < 0 || clients > 200) {
            throw new IllegalArgumentException("--seconds must be at least 2 and --clients from 0 to 200");
        }
        IdleCheck.Outcome outcome = new IdleCheck(serverSettings(), clients, seconds, System.err).run();
        MetricsSnapshot m = outcome.metrics();
        StringBuilder out = new StringBuilder();
        line(out, "Total seconds ran", String.format(Locale.ROOT, "%5.0f", m.secondsMeasured()));
        line(out, "Number of clients", String.format(Locale.ROOT, "%5d", clients));
        line(out, "XRUN Count", String.format(Locale.ROOT, "%5d", m.xruns()));
        line(out, "Timeout Count", String.format(Locale.ROOT, "%5d", m.timeouts()));
        line(out, "Delay Count (>1000 usecs)", String.format(Locale.ROOT, "%5d", m.delayOver1000us()));
        line(out, "Clients Alive at End", String.format(Locale.ROOT, "%5d", m.clientsAtEnd()));
        line(out, "RT Allocated Bytes", String.format(Locale.ROOT, "%5d", m.rtAllocatedBytes()));
        if (clients > 0) {
            line(out, "Client Wake-ups (>1000us)", SummaryFormatter.clientWakeups(m));
        }
        System.out.print(out);
        System.out.print(FloorLines.format(outcome.floor(), m.delayOver1000us(), m.secondsMeasured()));
        return 0;
    }

    /** The server's settings: {@code tactus server}'s defaults, or the options given after '--'. */
    ServerSettings serverSettings() {
        ServerCommand server = new ServerCommand();
        List<String> args = new ArrayList<>(List.of("--name", name));
        args.addAll(serverOptions);
        try {
            new CommandLine(server).parseArgs(args.toArray(String[]::new));
        } catch (CommandLine.ParameterException e) {
            throw new TactusException("after '--' come options of 'tactus server': " + e.getMessage());
        }
        return server.settings();
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(SummaryFormatter.leader(label)).append(": ").append(value).append('\n');
    }
}
