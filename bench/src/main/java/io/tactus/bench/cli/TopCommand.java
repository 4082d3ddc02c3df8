package io.tactus.bench.cli;

import io.tactus.ipc.Reply;
import io.tactus.ipc.client.RemoteTactusClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code tactus top}: a running server's clients as its watchdog sees them, refreshed once a second, like
 * {@code pw-top}: state, time waiting (TRIGGERED to RUNNING, never held against a client), own work
 * (RUNNING to FINISHED), its share of the period, the timeouts and xruns blamed on it, and the actions
 * the watchdog took. Ctrl-C ends it.
 */
@Command(name = "top", mixinStandardHelpOptions = true,
        description = "Shows a running server's clients as its watchdog sees them, refreshed once a second.")
public final class TopCommand implements Callable<Integer> {

    @Mixin
    ServerOption server;

    @Option(names = {"-n", "--iterations"}, defaultValue = "0", description = "stop after N refreshes (default: until Ctrl-C)")
    int iterations;

    @Override
    public Integer call() throws InterruptedException {
        if (iterations < 0) {
            throw new io.tactus.api.TactusException("--iterations must be 0 (until Ctrl-C) or more, not " + iterations);
        }
        PrintStream out = System.out;
        try (RemoteTactusClient client = server.connect("top")) {
            for (int i = 0; iterations == 0 || i < iterations; i++) {
                if (i > 0) {
                    Thread.sleep(1_000);
                }
                String screen = format(server.name, client.top());
                out.print(iterations == 1 ? screen : "\u001b[H\u001b[2J" + screen);
                out.flush();
            }
        }
        return 0;
    }

    static String format(String serverName, Reply.TopReport r) {
        StringBuilder b = new StringBuilder();
        b.append(String.format(Locale.ROOT, "server %s   DSP load %5.1f %%   xruns %d   engine %s   watchdog %s (%d actions)%n",
                serverName, r.dspLoadPercent(), r.xruns(), r.scheduling(), r.watchdog(), r.actions()));
        b.append(String.format(Locale.ROOT, "%-24s %-7s %-8s %9s %9s %7s %9s %8s %6s %7s%n", "CLIENT", "PRIO", "STATE",
                "WAIT us", "BUSY us", "SHARE", "MAX us", "TIMEOUTS", "XRUNS", "ACTIONS"));
        for (Reply.TopLine c : r.clients()) {
            b.append(String.format(Locale.ROOT, "%-24s %-7s %-8s %9.1f %9.1f %6.1f%% %9.1f %8d %6d %7d%n",
                    c.name().length() > 24 ? c.name().substring(0, 23) + "~" : c.name(), c.priority(), c.state(),
                    c.waitMicros(), c.busyMicros(), c.sharePercent(), c.busyMaxMicros(), c.timeouts(), c.xruns(),
                    c.actions()));
        }
        return b.toString();
    }
}
