package io.tactus.server;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.api.ClientTransport;
import io.tactus.api.TransportRegistry;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.RealtimeThreadFactory;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.server.engine.ClockSource;
import io.tactus.server.engine.Engine;
import io.tactus.server.engine.EngineProxy;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.engine.PeriodTiming;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.CycleRecord;
import io.tactus.server.telemetry.TelemetryConsumer;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.telemetry.RunMetrics;
import io.tactus.server.telemetry.TelemetryRing;
import io.tactus.server.watchdog.KernelRtBudget;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.StallMonitor;
import io.tactus.server.watchdog.Watchdog;
import io.tactus.server.watchdog.WatchdogActions;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A running server: driver, graph, engine thread, telemetry consumer, and the in-process transport
 * registered under the server's name so {@link io.tactus.api.Tactus#open} finds it. Start one with
 * {@link #start(ServerSettings)}; {@link #close()} stops it and tells every client why.
 */
public final class TactusServer implements AutoCloseable, ClientTransport {

    private final ServerSettings settings;
    private final Engine engine;
    private final RealtimeScheduler scheduler;
    private final RealtimeThreadFactory engineThreads;
    private volatile Thread engineThread;
    private volatile SchedulingOutcome engineOutcome;
    private final SchedulingOutcome scheduling;
    private final Watchdog watchdog;
    private final ServerWatchdogActions watchdogActions;
    private final Thread monitorThread;
    private final StallMonitor stallMonitor;
    private long budgetCheckedAt;
    private final RunMetrics metrics;
    private final TelemetryConsumer telemetryConsumer;
    private final GraphController controller;
    private final CallbackNotifier notifier = new CallbackNotifier("tactus-notify");
    private volatile boolean closed;

    private TactusServer(ServerSettings settings, RealtimeScheduler scheduler) {
        this.settings = settings;
        EngineSettings es = settings.engine();
        settings.driver().open(es.sampleRate(), es.nframes());
        Graph graph = new Graph(es.nframes(), settings.driver().captureChannels(), settings.driver().playbackChannels());
        EngineProxy proxy = new EngineProxy(es.commandSize());
        TelemetryRing telemetry = new TelemetryRing(es.telemetrySize(), es.maxClients());
        this.metrics = new RunMetrics(new PeriodTiming(0, es.sampleRate(), es.nframes()).periodNanos());
        // The watchdog lives on the consumer and acts through its own thread; both must not wait behind
        // ordinary processes on a busy machine, so they run realtime, below the engine.
        this.telemetryConsumer = new TelemetryConsumer(telemetry, metrics,
                new RealtimeThreadFactory("tactus-metrics", watchdogScheduling(settings.scheduling()), scheduler)).start();
        this.engine = new Engine(es, settings.driver(), ClockSource.SYSTEM, proxy, telemetry);
        this.controller = new GraphController(graph, proxy, engine, notifier);
        telemetryConsumer.addListener(this::onCycle);
        this.scheduler = scheduler;
        this.watchdogActions = new ServerWatchdogActions(controller,
                new RealtimeThreadFactory("tactus-watchdog-actions", watchdogScheduling(settings.scheduling()), scheduler),
                scheduler);
        this.watchdog = new Watchdog(settings.watchdog(), metricsPeriod(es), watchdogActions, TactusServer::rtBudgetShare);
        telemetryConsumer.addListener(watchdog);
        engine.setSpinBudgetPercent(spinBudget());

        if (settings.lockMemory()) {
            scheduler.lockMemory();
        }
        this.engineThreads = new RealtimeThreadFactory("tactus-engine", settings.scheduling(), scheduler);
        this.engineThread = engineThreads.newThread(engine);
        engineThread.start();
        try {
            this.scheduling = engineThreads.awaitOutcome(5_000);
            this.engineOutcome = scheduling;
            engine.awaitReady(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TactusException("interrupted while starting the engine thread", e);
        }
        controller.changeVoid(g -> { }); // the first plan: the driver's ports
        if (settings.watchdog().policy() != PolicyKind.NONE) {
            this.stallMonitor = new StallMonitor(engine, settings.watchdog().stallMillis() * 1_000_000,
                    () -> engineOutcome == null ? -1 : engineOutcome.tid(), this::recover);
            this.monitorThread = new RealtimeThreadFactory("tactus-stall-monitor", monitorScheduling(settings.scheduling()),
                    scheduler).newThread(stallMonitor);
            monitorThread.start();
        } else {
            this.stallMonitor = null;
            this.monitorThread = null;
        }
    }

    private static long metricsPeriod(EngineSettings es) {
        return new PeriodTiming(0, es.sampleRate(), es.nframes()).periodNanos();
    }

    /** The watchdog's threads: realtime well below the engine when the engine is realtime, else as the engine. */
    private static io.tactus.rt.SchedulingSettings watchdogScheduling(io.tactus.rt.SchedulingSettings engine) {
        return switch (engine.policy()) {
            case FIFO, RR -> io.tactus.rt.SchedulingSettings.fifo(Math.max(1, engine.priority() - 20));
            case DEADLINE -> io.tactus.rt.SchedulingSettings.fifo(50);
            case OTHER -> engine;
        };
    }

    /** The stall monitor must outrank the engine to run while a runaway holds the engine's CPU. */
    private static io.tactus.rt.SchedulingSettings monitorScheduling(io.tactus.rt.SchedulingSettings engine) {
        return switch (engine.policy()) {
            case FIFO, RR, DEADLINE -> io.tactus.rt.SchedulingSettings.fifo(Math.min(99,
                    engine.policy() == io.tactus.rt.SchedulingPolicy.DEADLINE ? 90 : engine.priority() + 5));
            case OTHER -> engine;
        };
    }

    /** The kernel's RT budget as a share of the CPU; 1 when it cannot be read (not Linux: no throttling to fear). */
    private static double rtBudgetShare() {
        try {
            return Math.min(1.0, KernelRtBudget.system().share());
        } catch (RuntimeException unreadable) {
            return 1.0;
        }
    }

    /** Spin plus work may use the kernel's RT budget minus the watchdog's headroom (at most the engine's own cap). */
    private long spinBudget() {
        return (long) Math.floor(rtBudgetShare() * 100 - settings.watchdog().headroomPercent());
    }

    /**
     * A client's process call has held the engine thread past the stall limit: take that thread off the
     * realtime class, continue the period loop on a fresh one, evict the client. Stall monitor thread.
     */
    private void recover(Engine.Stall stall) {
        long detected = System.nanoTime();
        Thread stuck = stall.stuckThread();
        SchedulingOutcome stuckOutcome = engineOutcome;
        int errno = stuckOutcome == null || stuckOutcome.tid() <= 0 ? io.tactus.rt.RealtimeNative.ESRCH
                : scheduler.demoteThread(stuckOutcome.tid(), stuck.getName());
        Thread fresh = engineThreads.newThread(() -> engine.resume(stall));
        engineThread = fresh;
        fresh.start();
        try {
            engineOutcome = engineThreads.awaitOutcome(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double stuckMillis = (detected - stall.startedNanos()) / 1e6;
        String action = "engine thread '" + stuck.getName() + "' " + (errno == 0 ? "demoted to SCHED_OTHER" : "could not be demoted")
                + " and replaced by '" + fresh.getName() + "'";
        ClientNode client = controller.graph().clientOrNull(stall.client());
        if (client != null) {
            watchdog.onRunaway(client, System.nanoTime(), engine.cyclesRun(), stuckMillis, action);
        }
    }

    /** Starts a server; throws {@link TactusException} with one clear sentence when it cannot. */
    public static TactusServer start(ServerSettings settings) {
        return start(settings, RealtimeScheduler.system());
    }

    public static TactusServer start(ServerSettings settings, RealtimeScheduler scheduler) {
        settings.validate();
        if (TransportRegistry.inProcess(settings.name()).isPresent()) {
            throw new TactusException("a Tactus server named '" + settings.name()
                    + "' is already running in this process; give this one another name");
        }
        TactusServer server = new TactusServer(settings, scheduler);
        if (!TransportRegistry.register(settings.name(), server)) {
            server.close();
            throw new TactusException("a Tactus server named '" + settings.name() + "' is already running in this process");
        }
        return server;
    }

    /** The in-process transport: a client whose process callback runs on the engine thread. */
    @Override
    public TactusClient open(String name, ClientOptions options) {
        if (closed) {
            throw new TactusException("server '" + settings.name() + "' has stopped");
        }
        ClientNode node = controller.graph().addClient(name, options.priority());
        return new InProcessClient(this, controller, node);
    }

    /** Opens an in-process client on this server directly. */
    public TactusClient openClient(String name) {
        return open(name, ClientOptions.defaults().withServer(settings.name()));
    }

    private void onCycle(CycleRecord record) {
        if (record.end - budgetCheckedAt > 100_000_000L) { // the RT budget may change at any time (--rt-limit)
            budgetCheckedAt = record.end;
            engine.setSpinBudgetPercent(spinBudget());
        }
        if (record.failedClient != CycleRecord.NONE) {
            ClientNode client = controller.graph().clientOrNull(record.plan.clientName(record.failedClient));
            String reason = "its process callback threw " + record.failure;
            if (client != null) {
                notifier.post("eviction", () -> controller.evict(client, reason));
            }
        }
        if (record.xrun) {
            double lateMicros = Math.max(0, record.end - record.deadline) / 1000.0; // 0: a device xrun
            for (int i = 0; i < record.clientCount; i++) {
                ClientNode client = controller.graph().clientOrNull(record.plan.clientName(i));
                if (client != null && client.xrunCallback() != null) {
                    notifier.post("xrun", () -> client.xrunCallback().xrun(lateMicros));
                }
            }
        }
    }

    public String name() {
        return settings.name();
    }

    /** Realtime, engine thread: the running cycle's deadline (see {@link Engine#cycleDeadline}). */
    public long cycleDeadline() {
        return engine.cycleDeadline();
    }

    public int sampleRate() {
        return settings.engine().sampleRate();
    }

    public int bufferSize() {
        return settings.engine().nframes();
    }

    public ServerSettings settings() {
        return settings;
    }

    /** The degradation policy at work, its event log and its view of every client. */
    public Watchdog watchdog() {
        return watchdog;
    }

    /** What the engine thread got from the kernel. */
    public SchedulingOutcome scheduling() {
        return scheduling;
    }

    public MetricsSnapshot metrics() {
        return metrics.snapshot();
    }

    /** Adds a listener that sees every cycle on the telemetry consumer thread. */
    public void addCycleListener(CycleListener listener) {
        telemetryConsumer.addListener(listener);
    }

    public Graph graph() {
        return controller.graph();
    }

    /** The one way to change the graph so that the engine switches plans: for the control socket's clients. */
    public GraphController controller() {
        return controller;
    }

    /** True once {@link #close()} has begun: no new client may join. */
    public boolean isClosed() {
        return closed;
    }

    public long cyclesRun() {
        return engine.cyclesRun();
    }

    public long telemetryDropped() {
        return engine.telemetryDropped();
    }

    public long engineThreadId() {
        return engineThread.getId();
    }

    /** The thread running the period loop now; a new one after a runaway recovery. */
    public Thread engineThread() {
        return engineThread;
    }

    /** True once a driver with finite input (WAV) has delivered its last period. */
    public boolean inputEnded() {
        return engine.inputEnded();
    }

    /** Waits until a driver with finite input (WAV) has delivered its last period; false on timeout. */
    public boolean awaitInputEnd(long timeout, TimeUnit unit) throws InterruptedException {
        engineThread.join(unit.toMillis(timeout));
        return engine.inputEnded();
    }

    /**
     * Opens a measurement window at the next cycle: every figure so far is forgotten, and so are the
     * watchdog's logged xruns and timeouts (not its actions). Returns that cycle.
     */
    public long restartMetrics() {
        long cycle = engine.cyclesRun();
        metrics.restartAt(cycle);
        watchdog.restartObservations(cycle);
        return cycle;
    }

    /**
     * Closes the measurement window at the current cycle and waits (up to {@code timeout}) until the
     * telemetry consumer has seen every cycle before it; returns the figures of the window.
     */
    public MetricsSnapshot stopMetrics(long timeout, TimeUnit unit) throws InterruptedException {
        long cycle = engine.cyclesRun();
        metrics.stopAt(cycle);
        long end = System.nanoTime() + unit.toNanos(timeout);
        while (metrics.lastCycleSeen() < cycle - 1 && engine.isRunning() && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        return metrics.snapshot();
    }

    /** Stops the engine, tells every client "server stopped", closes the driver. Idempotent. */
    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        TransportRegistry.unregister(settings.name(), this);
        engine.requestStop();
        if (stallMonitor != null) {
            stallMonitor.stop();
        }
        try {
            engineThread.join(5_000);
            if (monitorThread != null) {
                monitorThread.join(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        watchdogActions.close();
        telemetryConsumer.close();
        List<ClientNode> remaining = new ArrayList<>();
        for (String name : controller.clientNames()) {
            ClientNode client = controller.graph().clientOrNull(name);
            if (client != null && !Graph.SYSTEM.equals(name)) {
                remaining.add(client);
            }
        }
        for (ClientNode client : remaining) {
            if (client.shutdownCallback() != null) {
                notifier.post("shutdown", () -> client.shutdownCallback().clientShutdown("server stopped"));
            }
        }
        notifier.close();
        settings.driver().close();
    }
}
