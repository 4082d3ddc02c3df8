package io.tactus.server;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.spi.ClientTransport;
import io.tactus.api.spi.TransportRegistry;
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
    private final Thread engineThread;
    private final SchedulingOutcome scheduling;
    private final RunMetrics metrics;
    private final TelemetryConsumer telemetryConsumer;
    private final GraphController controller;
    private final Notifier notifier = new Notifier();
    private volatile boolean closed;

    private TactusServer(ServerSettings settings, RealtimeScheduler scheduler) {
        this.settings = settings;
        EngineSettings es = settings.engine();
        settings.driver().open(es.sampleRate(), es.nframes());
        Graph graph = new Graph(es.nframes(), settings.driver().captureChannels(), settings.driver().playbackChannels());
        EngineProxy proxy = new EngineProxy(es.commandSize());
        TelemetryRing telemetry = new TelemetryRing(es.telemetrySize(), es.maxClients());
        this.metrics = new RunMetrics(new PeriodTiming(0, es.sampleRate(), es.nframes()).periodNanos());
        this.telemetryConsumer = new TelemetryConsumer(telemetry, metrics).start();
        this.engine = new Engine(es, settings.driver(), ClockSource.SYSTEM, proxy, telemetry);
        this.controller = new GraphController(graph, proxy, engine, notifier);
        telemetryConsumer.addListener(this::onCycle);

        if (settings.lockMemory()) {
            scheduler.lockMemory();
        }
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-engine", settings.scheduling(), scheduler);
        this.engineThread = factory.newThread(engine);
        engineThread.start();
        try {
            this.scheduling = factory.awaitOutcome(5_000);
            engine.awaitReady(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TactusException("interrupted while starting the engine thread", e);
        }
        controller.changeVoid(g -> { }); // the first plan: the driver's ports
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
        ClientNode node = controller.graph().addClient(name);
        return new InProcessClient(this, controller, node);
    }

    /** Opens an in-process client on this server directly. */
    public TactusClient openClient(String name) {
        return open(name, ClientOptions.defaults().withServer(settings.name()));
    }

    private void onCycle(CycleRecord record) {
        if (record.failedClient != CycleRecord.NONE) {
            ClientNode client = controller.graph().clientOrNull(record.plan.clientName(record.failedClient));
            String reason = "its process callback threw " + record.failure;
            if (client != null) {
                notifier.post("eviction", () -> controller.evict(client, reason));
            }
        }
        if (record.xrun) {
            double lateMicros = (record.end - record.deadline) / 1000.0;
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

    public int sampleRate() {
        return settings.engine().sampleRate();
    }

    public int bufferSize() {
        return settings.engine().nframes();
    }

    public ServerSettings settings() {
        return settings;
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

    public long cyclesRun() {
        return engine.cyclesRun();
    }

    public long telemetryDropped() {
        return engine.telemetryDropped();
    }

    public long engineThreadId() {
        return engineThread.getId();
    }

    /** Waits until a driver with finite input (WAV) has delivered its last period; false on timeout. */
    public boolean awaitInputEnd(long timeout, TimeUnit unit) throws InterruptedException {
        engineThread.join(unit.toMillis(timeout));
        return engine.inputEnded();
    }

    /** Opens a measurement window at the next cycle: every figure so far is forgotten. Returns that cycle. */
    public long restartMetrics() {
        long cycle = engine.cyclesRun();
        metrics.restartAt(cycle);
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
        try {
            engineThread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
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
