package io.tactus.bench.soak;

import io.tactus.api.TactusClient;
import io.tactus.bench.floor.FloorProbe;
import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;
import io.tactus.bench.os.ProcessResources;
import io.tactus.bench.os.ProportionalSetSize;
import io.tactus.bench.os.ResidentMemory;
import io.tactus.bench.stress.ProcessClients;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.server.ServerSettings;
import java.nio.file.Path;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The long run: an in-process server on the dummy driver with jack_test3 clients in processes of their own, the
 * last few leaving and rejoining every interval (the churn; or as soon as the last churn's clients joined, when that
 * took longer), graph changes at a steady rate among the others, and the server's resources counted in the same
 * state before and after (all clients joined, the churn and the changes going on, the counts settled). One churn
 * runs before the first count, so every path has run once. The watchdog is off: a client evicted on a busy machine
 * would change the counts without a leak. The floor runs beside the server in the seconds whose xruns are held
 * against it (from the first memory reading to the end): the load of a soak (client JVMs starting every few seconds,
 * twenty playing) is the run's own, and a floor measured before and after it, on a quieter machine, compared unlike
 * with like. At the engine's priority it waits for the engine's CPU or preempts a client on the other for the
 * microseconds of its wake-up. Everything it starts it stops, also on failure.
 */
public final class Soak {
    /** Where the server keeps its graph segment. */
    private static final Path SHM = Path.of("/dev/shm");


    /** The stress run's spin before each period (RunOptions' default): a late vCPU wake-up is covered. */
    static final long SPIN_NANOS = 1_000_000;
    private static final int PROGRESS_SECONDS = 30;
    /** Counts are taken once they have stood still this many looks in a row, 250 ms apart (at most 10 s). */
    private static final int SETTLED_LOOKS = 4;

    private final SoakSettings settings;
    private final PrintStream progress;
    private final List<String> notJoined = new ArrayList<>();
    private int churns;
    private int rejoins;

    public Soak(SoakSettings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public SoakResult run() throws InterruptedException {
        settings.validate();
        // Held for the floor too: the bare thread sleeps on the CPUs the server's engine has.
        try (CpuLatencyRequest latency = RealtimeScheduler.system().holdCpuLatency(ServerSettings.DEFAULT_CPU_LATENCY_MICROS)) {
            return measure();
        }
    }

    private SoakResult measure() throws InterruptedException {
        ServerSettings server = ServerSettings.defaults().withName(settings.serverName())
                .withEngine(EngineSettings.of(SoakSettings.RATE, SoakSettings.FRAMES).withSpinNanos(SPIN_NANOS))
                .withDriver(new DummyDriver(settings.ports(), settings.ports()))
                .withScheduling(settings.scheduling())
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE));
        try (TactusServer tactus = TactusServer.start(server);
             ControlServer control = ControlServer.start(tactus);
             ProcessClients processes = new ProcessClients(settings.serverName(), control.directory().path(), progress)) {
            progress.printf("tactus soak: %d jack_test3 process clients, %d of them leaving and rejoining every %d s, %d"
                            + " graph changes a minute, %s, for %d s; engine %s%n", settings.clients(),
                    settings.churnClients(), settings.churnSeconds(), settings.changesPerMinute(), "dummy driver",
                    settings.seconds(), tactus.scheduling().describe());
            for (int c = 1; c <= settings.clients(); c++) {
                start(processes, c);
            }
            processes.awaitJoined(tactus).forEach(n -> notJoined.add(n.describe()));
            TactusClient wiring = tactus.openClient("soak-wiring");
            try (WiringChanges changes = new WiringChanges(wiring, stayingOutputs(processes), "system:playback_1",
                    settings.changesPerMinute())) {
                return measure(tactus, processes, changes);
            } finally {
                wiring.close();
            }
        }
    }

    private SoakResult measure(TactusServer tactus, ProcessClients processes, WiringChanges changes)
            throws InterruptedException {
        churn(tactus, processes);
        ProcessResources before = settled();
        tactus.restartMetrics();
        long t0 = System.nanoTime();
        int ticks = settings.seconds() / settings.churnSeconds();
        long rssFirst = -1;
        long pssFirst = -1;
        long anonFirst = -1;
        long xrunsFirst = 0;
        long delaysFirst = 0;
        long firstNanos = 0;
        FloorProbe.Running floor = null;
        try {
            int tick = 0;
            int progressed = 0;
            while (tick < ticks) {
                // The clock keeps the time: a churn that overran its interval (client JVMs slow to start on a busy
                // machine) skips the ticks it covered, so a 30-minute soak lasts 30 minutes.
                long elapsed = TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - t0);
                tick = (int) Math.min(ticks, Math.max(tick + 1, elapsed / settings.churnSeconds() + 1));
                int second = tick * settings.churnSeconds();
                TimeUnit.NANOSECONDS.sleep(Math.max(0, t0 + TimeUnit.SECONDS.toNanos(second) - System.nanoTime()));
                if (rssFirst < 0 && second >= settings.memorySecond()) {
                    rssFirst = ResidentMemory.kilobytes();
                    ProportionalSetSize.Parts parts = ProportionalSetSize.selfParts();
                    pssFirst = parts == null ? -1 : parts.totalKb();
                    anonFirst = parts == null ? -1 : parts.anonKb();
                    MetricsSnapshot first = tactus.metrics();
                    xrunsFirst = first.xruns();
                    delaysFirst = first.delayOver1000us();
                    firstNanos = System.nanoTime();
                    floor = startFloor();
                }
                if (second / PROGRESS_SECONDS > progressed && tick < ticks) {
                    progressed = second / PROGRESS_SECONDS;
                    progress(tactus, changes, second);
                }
                if (tick < ticks) {
                    churn(tactus, processes);
                }
            }
            // The floor's window and the xruns held against it end together, before the counts (the floor's thread
            // would be counted as one of Tactus's).
            MetricsSnapshot last = tactus.metrics();
            long xrunsAfter = rssFirst < 0 ? 0 : last.xruns() - xrunsFirst;
            long delaysAfter = rssFirst < 0 ? 0 : last.delayOver1000us() - delaysFirst;
            FloorWindow window = floor == null ? null : floor.stop();
            long endNanos = System.nanoTime();
            ProcessResources after = settled();
            long rssEnd = ResidentMemory.kilobytes();
            ProportionalSetSize.Parts pssEnd = ProportionalSetSize.selfParts();
            MetricsSnapshot m = tactus.stopMetrics(5, TimeUnit.SECONDS);
            return new SoakResult(settings, settings.seconds(), churns, rejoins, notJoined, changes.done(),
                    changes.refused(), changes.firstRefusal(), before, after, settings.memorySecond(), rssFirst, rssEnd,
                    pssFirst, pssEnd == null ? -1 : pssEnd.totalKb(), anonFirst, pssEnd == null ? -1 : pssEnd.anonKb(),
                    m.rtAllocatedBytes(), m.xruns(), xrunsAfter, delaysAfter, m.clientsAtEnd(), window,
                    rssFirst < 0 ? 0 : (endNanos - firstNanos) / 1e9);
        } finally {
            if (floor != null) {
                floor.close();
            }
        }
    }

    /** The floor beside the run, from the first memory reading to the end; null when the settings say none. */
    private FloorProbe.Running startFloor() {
        if (!settings.floor()) {
            return null;
        }
        progress.printf("tactus soak: the floor (a bare realtime thread sleeping to each period, %s) runs beside the"
                + " server from here to the end%n", settings.scheduling().describe());
        return new FloorProbe(settings.scheduling(), settings.periodNanos(), FloorWait.NANOSLEEP).start();
    }

    private void progress(TactusServer tactus, WiringChanges changes, int second) {
        MetricsSnapshot m = tactus.metrics();
        ProcessResources now = ProcessResources.self(SHM, segmentPrefix());
        ProportionalSetSize.Parts pss = ProportionalSetSize.selfParts();
        progress.printf("[%5d s] churns %d (%d clients not joined), graph changes %d (%d refused), xruns %d,"
                        + " clients %d, fds %d, threads %d, /dev/shm files %d, resident %d KiB, %s%n", second,
                churns, notJoined.size(), changes.done(), changes.refused(), m.xruns(), m.clientsAtEnd(),
                now.fileDescriptors(), now.threads(), now.files(), ResidentMemory.kilobytes(),
                pss == null ? "no PSS" : pss.describe());
    }

    /** The churning clients leave (cleanly, all at once) and start again; returns when they have joined. */
    private void churn(TactusServer tactus, ProcessClients processes) throws InterruptedException {
        List<String> names = new ArrayList<>();
        for (int c = settings.clients() - settings.churnClients() + 1; c <= settings.clients(); c++) {
            names.add(name(c));
        }
        processes.stop(names);
        for (int c = settings.clients() - settings.churnClients() + 1; c <= settings.clients(); c++) {
            start(processes, c);
        }
        List<ProcessClients.NotJoined> missing = processes.awaitJoined(tactus);
        missing.forEach(n -> notJoined.add(n.describe()));
        churns++;
        rejoins += names.size() - missing.size();
    }

    private void start(ProcessClients processes, int c) {
        processes.start("jt3", name(c), "--ports", Integer.toString(settings.ports()));
    }

    private static String name(int c) {
        return "jack_test3_" + c;
    }

    /** The first output of each client that stays (does not churn) and joined. */
    private List<String> stayingOutputs(ProcessClients processes) {
        List<String> outputs = new ArrayList<>();
        for (int c = 1; c <= settings.clients() - settings.churnClients(); c++) {
            if (processes.process(name(c)).isPresent()) {
                outputs.add(name(c) + ":out_1");
            }
        }
        return outputs;
    }

    private String segmentPrefix() {
        return "tactus-" + settings.serverName() + "-";
    }

    /** The server's resources once they stand still (connections of clients that just left are closing). */
    private ProcessResources settled() throws InterruptedException {
        ProcessResources last = null;
        int same = 0;
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end) {
            ProcessResources now = ProcessResources.self(SHM, segmentPrefix());
            same = now.equals(last) ? same + 1 : 1;
            last = now;
            if (same >= SETTLED_LOOKS) {
                break;
            }
            Thread.sleep(250);
        }
        return last;
    }
}
