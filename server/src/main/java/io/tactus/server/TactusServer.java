package io.tactus.server;

import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.ClientOptions;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.api.ClientTransport;
import io.tactus.api.TransportRegistry;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.ipc.graph.SegmentClock;
import io.tactus.ipc.graph.SegmentTransport;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.server.graph.CpuPlacement;
import io.tactus.rt.RealtimeThreadFactory;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.server.driver.Driver;
import io.tactus.server.engine.ClockSource;
import io.tactus.server.engine.CycleClock;
import io.tactus.server.engine.Engine;
import io.tactus.server.engine.EngineProxy;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import io.tactus.server.os.RtBudgetMonitor;
import io.tactus.server.os.RtOverheadMonitor;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.DelayStatistics;
import io.tactus.server.telemetry.JackCpuLoad;
import io.tactus.server.telemetry.TelemetryConsumer;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.telemetry.RunMetrics;
import io.tactus.server.telemetry.TelemetryRing;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.Watchdog;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A running server, and the place its parts are wired together: driver, graph, engine (run by an
 * {@link EngineRunner}), telemetry consumer with the watchdog, the spin budget and the clients' fan-out
 * listening on it, and the in-process transport registered under the server's name so
 * {@link io.tactus.api.Tactus#open} finds it. Start one with {@link #start(ServerSettings)};
 * {@link #close()} stops it and tells every client why.
 */
public final class TactusServer implements AutoCloseable {

    private final ServerSettings settings;
    private final Engine engine;
    private final EngineRunner runner;
    private final Watchdog watchdog;
    private final ServerWatchdogActions watchdogActions;
    private final RunMetrics metrics;
    private final TelemetryConsumer telemetryConsumer;
    private final GraphController controller;
    private final TransportProxy transportProxy;
    private final PeriodSwitcher periods;
    private final InProcessTransport transport = new InProcessTransport(this);
    private final CallbackNotifier notifier = new CallbackNotifier("tactus-notify");
    private final DelayStatistics delays = new DelayStatistics();
    private final JackCpuLoad cpuLoad = new JackCpuLoad();
    private volatile boolean closed;
    /** Idle CPUs kept quick to wake while the server runs (ServerSettings#cpuLatencyMicros). */
    private final CpuLatencyRequest cpuLatency;
    /** Whether the playback ports' latency holds the async graph's extra period; set by the control server. */
    private volatile boolean asyncGraph;

    private TactusServer(ServerSettings settings, RealtimeScheduler scheduler) {
        this.settings = settings;
        EngineSettings es = settings.engine();
        settings.driver().open(es.sampleRate(), es.nframes());
        // Port buffers hold the largest period the server may switch to, so that a switch allocates none (issue 20).
        Graph graph = new Graph(es.maxFrames(), settings.driver().captureChannels(), settings.driver().playbackChannels());
        graph.setDriverLatency(settings.driver().captureLatency(es.nframes()), settings.driver().playbackLatency(es.nframes()));
        EngineProxy proxy = new EngineProxy(es.commandSize());
        TelemetryRing telemetry = new TelemetryRing(es.telemetrySize(), es.maxClients());
        this.metrics = new RunMetrics(es.periodNanos());
        // The watchdog judges on the consumer and acts through its own thread; neither may wait long behind
        // ordinary processes on a busy machine, yet only the rare actions run realtime (EngineRunner's plan).
        RealtimeThreadFactory consumerThreads = new RealtimeThreadFactory("tactus-metrics",
                EngineRunner.besideEngine(settings.scheduling()), scheduler.withoutWarnings());
        this.telemetryConsumer = new TelemetryConsumer(telemetry, metrics, consumerThreads).start();
        this.engine = new Engine(es, settings.driver(), ClockSource.SYSTEM, proxy, telemetry);
        this.controller = new GraphController(graph, proxy, engine, notifier, CpuPlacement.system(scheduler));
        this.transportProxy = new TransportProxy(proxy, engine.transportView());
        this.periods = new PeriodSwitcher(es, engine, proxy, graph, settings.driver(), scheduler, settings.scheduling(),
                this::engineTid);
        RtBudgetMonitor rtBudget = RtBudgetMonitor.system();
        // Every realtime thread spends the one kernel budget: the engine's work and spin, and the rest.
        RtOverheadMonitor rtOverhead = RtOverheadMonitor.system(this::engineTid, graph::clientProcessIds);
        SpinBudget spinBudget = new SpinBudget(engine, rtBudget, rtOverhead, settings.watchdog().headroomPercent());
        telemetryConsumer.addListener(spinBudget);
        telemetryConsumer.addListener(new CycleFanOut(controller, notifier));
        telemetryConsumer.addListener(delays);
        telemetryConsumer.addListener(cpuLoad);
        graph.metadata().setListener(new PropertyFanOut(graph, notifier));
        this.watchdogActions = new ServerWatchdogActions(controller, new RealtimeThreadFactory("tactus-watchdog-actions",
                EngineRunner.belowEngine(settings.scheduling()), scheduler), scheduler);
        this.watchdog = new Watchdog(settings.watchdog(), es.periodNanos(), watchdogActions, rtBudget, rtOverhead);
        telemetryConsumer.addListener(watchdog);

        if (settings.lockMemory()) {
            scheduler.lockMemory();
        }
        this.cpuLatency = scheduler.holdCpuLatency(settings.cpuLatencyMicros());
        this.runner = new EngineRunner(engine, settings.scheduling(), scheduler);
        runner.start();
        controller.changeVoid(g -> { }); // the first plan: the driver's ports
        if (settings.watchdog().policy() != PolicyKind.NONE) {
            runner.watchForRunaways(settings.watchdog().stallMillis() * 1_000_000, this::onRunaway);
        }
    }

    /** The engine runs on a fresh thread after a runaway: the watchdog logs it and evicts the client. */
    private void onRunaway(Engine.Stall stall, double stuckMillis, String engineAction) {
        ClientNode client = controller.graph().clientOrNull(stall.client());
        if (client != null) {
            watchdog.onRunaway(client, System.nanoTime(), engine.cyclesRun(), stuckMillis, engineAction);
        }
    }

    /** The engine thread's kernel tid now, -1 before it has started: its time is the graph's, not overhead. */
    private int engineTid() {
        EngineRunner r = runner;
        return r == null ? -1 : r.engineTid();
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
        if (!TransportRegistry.register(settings.name(), server.transport)) {
            server.close();
            throw new TactusException("a Tactus server named '" + settings.name() + "' is already running in this process");
        }
        return server;
    }

    /**
     * Opens an in-process client on this server directly, named exactly {@code name} (a taken name is refused: the
     * caller wires it by that name); {@link io.tactus.api.Tactus#open} follows its options instead.
     */
    public TactusClient openClient(String name) {
        return transport.open(name, ClientOptions.defaults().withServer(settings.name()).withExactName());
    }

    public String name() {
        return settings.name();
    }

    /** Every client's way to the transport: requests into the engine's ring, queries of what it published. */
    public TransportProxy transport() {
        return transportProxy;
    }

    /** Runs in-process clients' callbacks on a normal thread, in order. */
    CallbackNotifier notifier() {
        return notifier;
    }

    /** The frame time, stamped by the engine at each cycle's start. */
    public CycleClock cycleClock() {
        return engine.cycleClock();
    }

    /**
     * Also stamps the frame time and publishes the transport into {@code segment} every cycle, for clients in
     * other processes; null stops it (before the segment is closed: the engine stops within a cycle).
     */
    public void mirrorTimeTo(GraphSegment segment) {
        engine.cycleClock().mirrorTo(segment == null ? null : new SegmentClock(segment));
        engine.transportView().mirrorTo(segment == null ? null : new SegmentTransport(segment));
        engine.mirrorPeriodTo(segment);
    }

    /** Realtime, engine thread: the running cycle's deadline (see {@link Engine#cycleDeadline}). */
    public long cycleDeadline() {
        return engine.cycleDeadline();
    }

    public int sampleRate() {
        return settings.engine().sampleRate();
    }

    /** The period size the engine runs at now: the one it started with until a switch (issue 20). */
    public int bufferSize() {
        return periods.bufferSize();
    }

    // Buffer size and freewheel at run time (issue 20)

    /**
     * Switches the engine to {@code nframes} per period at a cycle start (see {@link PeriodSwitcher}); returns once it
     * runs at it. One sentence, nothing changed, for a size it cannot take.
     */
    public void setBufferSize(int nframes) {
        int before = bufferSize();
        periods.setBufferSize(nframes);
        if (bufferSize() != before) {
            applyDriverLatency(); // the driver's ports carry a latency in periods: it follows the new one
        }
    }

    /**
     * The driver's ports carry its latency at the period running now, and one period more at the playback ports
     * while {@code asyncGraph} (the driver plays the previous cycle's output); the graph recomputes and tells.
     */
    public void applyDriverLatency(boolean asyncGraph) {
        this.asyncGraph = asyncGraph;
        applyDriverLatency();
    }

    private void applyDriverLatency() {
        int nframes = bufferSize();
        Driver driver = settings.driver();
        controller.graph().setDriverLatency(driver.captureLatency(nframes),
                driver.playbackLatency(nframes).plus(asyncGraph ? nframes : 0));
    }

    /** Starts or ends freewheeling (see {@link PeriodSwitcher}); returns once the engine has switched. */
    public void setFreewheel(boolean on) {
        periods.setFreewheel(on);
    }

    public boolean isFreewheeling() {
        return periods.freewheel();
    }

    /** What the first cycle after each switch allocated on the engine thread, in all: the switches' own cost. */
    public long switchAllocatedBytes() {
        return engine.switchAllocatedBytes();
    }

    /** Period switches the engine has applied so far (issue 20). */
    public long periodSwitches() {
        return engine.switchesApplied();
    }

    /** A new client starts from the period size and freewheel state it joins in. */
    public void joined(ClientNode node) {
        periods.joined(node);
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
        return runner.scheduling();
    }

    /** The period in nanoseconds now: the started one ({@link EngineSettings#periodNanos()}) until a switch. */
    public long periodNanos() {
        return new io.tactus.server.engine.PeriodTiming(0, sampleRate(), bufferSize()).periodNanos();
    }

    public MetricsSnapshot metrics() {
        return metrics.snapshot();
    }

    /** The DSP load in percent, as {@code jack_cpu_load} and {@code status} give it: JACK2's figure ({@link JackCpuLoad}). */
    public double cpuLoadPercent() {
        return cpuLoad.percent();
    }

    /** The largest wake-up delay since start or reset, and the lateness of the last xrun. */
    public DelayStatistics delays() {
        return delays;
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
        return runner.engineThread().getId();
    }

    /** The thread running the period loop now; a new one after a runaway recovery. */
    public Thread engineThread() {
        return runner.engineThread();
    }

    /** True once a driver with finite input (WAV) has delivered its last period. */
    public boolean inputEnded() {
        return engine.inputEnded();
    }

    /** Waits until a driver with finite input (WAV) has delivered its last period; false on timeout. */
    public boolean awaitInputEnd(long timeout, TimeUnit unit) throws InterruptedException {
        runner.engineThread().join(unit.toMillis(timeout));
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
        TransportRegistry.unregister(settings.name(), transport);
        runner.stop();
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
        cpuLatency.close();
    }

    /** The CPU wake-up latency the server holds in µs, -1 when it holds none (not asked, or refused). */
    public int cpuLatencyMicros() {
        return cpuLatency.micros();
    }
}
