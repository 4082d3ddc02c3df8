package io.tactus.bench.stress;

import io.tactus.bench.floor.FloorProbe;
import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.telemetry.MetricsSnapshot;

import java.io.PrintStream;
import java.util.concurrent.TimeUnit;

/**
 * An idle server as {@code tactus server} runs it, with N jack_test3 clients in JVMs of their own, beside the
 * floor: the bare realtime thread at the server's scheduling for as long as the server is measured, half before
 * it starts and half after it stops. The check of issue 22 that a server's defaults are as good as the stress
 * test's: its xruns, read against what the host gave a thread that only sleeps.
 */
public final class IdleCheck {

    private static final int WARMUP_SECONDS = 2;

    private final ServerSettings settings;
    private final int clients;
    private final int seconds;
    private final PrintStream progress;

    /** What the server counted over its measured seconds, and the floor beside it. */
    public record Outcome(MetricsSnapshot metrics, FloorWindow floor) {
    }

    public IdleCheck(ServerSettings settings, int clients, int seconds, PrintStream progress) {
        if (clients < 0 || clients > 200 || seconds < 2) {
            throw new IllegalArgumentException("an idle check needs 0 to 200 clients and at least 2 s, not "
                    + clients + " clients in " + seconds + " s");
        }
        this.settings = settings;
        this.clients = clients;
        this.seconds = seconds;
        this.progress = progress;
    }

    public Outcome run() throws InterruptedException {
        // Held for the floor windows too: the bare thread sleeps on the CPUs the server's engine has.
        try (CpuLatencyRequest latency = RealtimeScheduler.system().holdCpuLatency(settings.cpuLatencyMicros())) {
            return measure();
        }
    }

    private Outcome measure() throws InterruptedException {
        FloorProbe probe = new FloorProbe(settings.scheduling(), settings.engine().periodNanos(), FloorWait.NANOSLEEP);
        progress.printf("tactus idle-check: the floor, %.1f s before the server%n", seconds / 2.0);
        FloorWindow before = probe.measure(seconds / 2.0);
        MetricsSnapshot metrics;
        try (TactusServer server = TactusServer.start(settings);
             ControlServer control = ControlServer.start(server);
             ProcessClients processes = new ProcessClients(settings.name(), control.directory().path())) {
            for (int c = 1; c <= clients; c++) {
                processes.start("jt3", "jack_test3_" + c, "--ports", "4");
            }
            processes.awaitActive(server, 120, TimeUnit.SECONDS);
            TimeUnit.SECONDS.sleep(WARMUP_SECONDS);
            server.restartMetrics();
            progress.printf("tactus idle-check: server '%s' (%s) with %d jack_test3 process client(s), %d s%n",
                    settings.name(), server.scheduling().describe(), clients, seconds);
            TimeUnit.SECONDS.sleep(seconds);
            metrics = server.stopMetrics(5, TimeUnit.SECONDS);
        }
        progress.printf("tactus idle-check: the floor, %.1f s after the server%n", seconds / 2.0);
        return new Outcome(metrics, before.plus(probe.measure(seconds / 2.0)));
    }
}
