package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.soak.Soak;
import io.tactus.bench.soak.SoakReport;
import io.tactus.bench.soak.SoakResult;
import io.tactus.bench.soak.SoakSettings;
import io.tactus.rt.SchedulingSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

/** {@code tactus soak}: the long run with churn and graph changes, its counts and a verdict per goal. */
@Command(name = "soak", mixinStandardHelpOptions = true,
        description = "Runs a server with jack_test3 process clients for M minutes, some leaving and rejoining, with "
                + "steady graph changes; counts file descriptors, threads and /dev/shm files before and after, memory "
                + "growth, RT allocation and xruns against the floor, and prints a verdict per goal.")
public final class SoakCommand implements Callable<Integer> {

    @Option(names = "--minutes", defaultValue = "" + SoakSettings.DEFAULT_MINUTES,
            description = "measured minutes, in whole churn intervals (default ${DEFAULT-VALUE})")
    double minutes;

    @Option(names = "--clients", defaultValue = "" + SoakSettings.DEFAULT_CLIENTS,
            description = "jack_test3 process clients (default ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--churn", defaultValue = "" + SoakSettings.DEFAULT_CHURN_CLIENTS,
            description = "clients that leave and rejoin every --churn-seconds (default ${DEFAULT-VALUE})")
    int churn;

    @Option(names = "--churn-seconds", defaultValue = "" + SoakSettings.DEFAULT_CHURN_SECONDS,
            description = "seconds between two churns (default ${DEFAULT-VALUE})")
    int churnSeconds;

    @Option(names = "--changes-per-minute", defaultValue = "" + SoakSettings.DEFAULT_CHANGES_PER_MINUTE,
            description = "graph changes a minute, each a connection made or undone (default ${DEFAULT-VALUE})")
    int changesPerMinute;

    @Option(names = "--ports", defaultValue = "" + SoakSettings.DEFAULT_PORTS,
            description = "input/output port pairs per client (default ${DEFAULT-VALUE})")
    int ports;

    @Option(names = {"--priority", "-P"}, defaultValue = "" + SoakSettings.DEFAULT_PRIORITY,
            description = "the engine's SCHED_FIFO priority (default ${DEFAULT-VALUE})")
    int priority;

    @Option(names = "--floor", negatable = true, defaultValue = "true", fallbackValue = "true",
            description = "run the floor (a bare realtime thread at the engine's scheduling, sleeping to each period)"
                    + " beside the server from minute 5 (the first fifth of a shorter run) to the end, and hold the"
                    + " xruns of those minutes against it (default: on)")
    boolean floor;

    @Option(names = "--name", defaultValue = SoakSettings.DEFAULT_NAME,
            description = "the soak server's name (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--out", description = "also write summary.txt and summary.json into this directory")
    Path out;

    @Override
    public Integer call() throws InterruptedException {
        SoakSettings settings = new SoakSettings(name, minutes, clients, churn, churnSeconds, changesPerMinute, ports,
                SchedulingSettings.fifo(priority), floor);
        settings.validate();
        SoakResult result = new Soak(settings, System.err).run();
        String text = SoakReport.format(result);
        System.out.print(text);
        if (out != null) {
            try {
                Files.createDirectories(out);
                Files.writeString(out.resolve("summary.txt"), text);
                Files.writeString(out.resolve("summary.json"), SoakReport.json(result));
            } catch (IOException e) {
                throw new TactusException("cannot write the soak's summary to " + out + ": " + e.getMessage());
            }
            System.err.println("tactus soak: wrote summary.txt and summary.json to " + out);
        }
        return result.verdicts().stream().allMatch(SoakResult.Verdict::met) ? 0 : 1;
    }
}
