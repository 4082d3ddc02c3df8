package io.tactus.bench.cli;

import io.tactus.bench.report.FloorLines;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.bench.stress.IdleCheck;
import io.tactus.server.telemetry.MetricsSnapshot;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

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

    @Override
    public Integer call() throws InterruptedException {
        if (seconds < 2 || clients < 0 || clients > 200) {
            throw new IllegalArgumentException("--seconds must be at least 2 and --clients from 0 to 200");
        }
        ServerCommand server = new ServerCommand();
        new CommandLine(server).parseArgs("--name", name);
        IdleCheck.Outcome outcome = new IdleCheck(server.settings(), clients, seconds, System.err).run();
        MetricsSnapshot m = outcome.metrics();
        StringBuilder out = new StringBuilder();
        line(out, "Total seconds ran", String.format(Locale.ROOT, "%5.0f", m.secondsMeasured()));
        line(out, "Number of clients", String.format(Locale.ROOT, "%5d", clients));
        line(out, "XRUN Count", String.format(Locale.ROOT, "%5d", m.xruns()));
        line(out, "Timeout Count", String.format(Locale.ROOT, "%5d", m.timeouts()));
        line(out, "Delay Count (>1000 usecs)", String.format(Locale.ROOT, "%5d", m.delayOver1000us()));
        line(out, "Clients Alive at End", String.format(Locale.ROOT, "%5d", m.clientsAtEnd()));
        line(out, "RT Allocated Bytes", String.format(Locale.ROOT, "%5d", m.rtAllocatedBytes()));
        System.out.print(out);
        System.out.print(FloorLines.format(outcome.floor(), m.delayOver1000us(), m.secondsMeasured()));
        return 0;
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(SummaryFormatter.leader(label)).append(": ").append(value).append('\n');
    }
}
