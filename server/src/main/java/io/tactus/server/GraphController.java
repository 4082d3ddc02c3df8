package io.tactus.server;

import io.tactus.api.TactusException;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.rt.StringConstants;
import io.tactus.server.engine.Engine;
import io.tactus.server.engine.EngineProxy;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.CpuPlacement;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Graph;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

/**
 * Applies graph changes for control threads: validate and change the {@link Graph}, build the next
 * plan aside, send it through the engine's command ring, and wait until the engine has switched to it
 * (so that, as in JACK, a deactivated client is no longer called once deactivate returns). Changes are
 * serialized; the engine is never blocked by them. Public for the control socket's adapters, which make
 * the same changes for out-of-process clients as {@link InProcessClient} makes for in-process ones.
 */
public final class GraphController implements GraphChanges {

    /** How long a plan switch is looked for every 50 us: a cycle and a half at 64 frames, 48 kHz. */
    private static final long PROMPT_WAIT_NANOS = 2_000_000;
    private static final long SWITCH_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);
    /** The most one look at the engine counts, however long this thread was away in between. */
    static final long LOOK_CREDIT_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    private final Graph graph;
    private final EngineProxy proxy;
    private final Engine engine;
    private final CallbackNotifier notifier;
    private final CpuPlacement placement;
    private long generation;

    GraphController(Graph graph, EngineProxy proxy, Engine engine, CallbackNotifier notifier, CpuPlacement placement) {
        this.graph = graph;
        this.proxy = proxy;
        this.engine = engine;
        this.notifier = notifier;
        this.placement = placement;
    }

    @Override
    public Graph graph() {
        return graph;
    }

    /** Runs {@code change} on the graph; if it succeeds, switches the engine to the resulting plan. */
    @Override
    public synchronized <T> T change(java.util.function.Function<Graph, T> change) {
        T result = change.apply(graph);
        publish();
        return result;
    }

    @Override
    public synchronized void changeVoid(Consumer<Graph> change) {
        change.accept(graph);
        publish();
    }

    private void publish() {
        ExecutionPlan plan = graph.plan(++generation);
        StringConstants.resolveInitialised(); // the plan's classes, before the JIT does it on the engine thread
        proxy.switchPlan(plan);
        awaitSwitch(plan.generation());
        placement.apply(plan); // after the switch: the engine runs the new plan while threads move
        for (String name : plan.clientOrder()) {
            ClientNode client = graph.client(name);
            if (client.graphOrderCallback() != null) {
                notifier.post("graph order", client.graphOrderCallback()::graphOrderChanged);
            }
        }
    }

    /**
     * Waits for the engine to run {@code target}. The time counted against the engine is the time this thread
     * watched it, at most {@link #LOOK_CREDIT_NANOS} between two looks: when the whole process stands still (a
     * safepoint, a busy machine not scheduling this thread, the host taking the CPU), the engine stood still too,
     * through no fault of its own, and gets its next cycle to take the change.
     */
    private void awaitSwitch(long target) {
        long watched = 0;
        long start = System.nanoTime();
        long last = start;
        while (engine.appliedGeneration() < target) {
            if (!engine.isRunning()) {
                return; // a stopped engine runs no plan; nothing to wait for
            }
            long now = System.nanoTime();
            watched += Math.min(now - last, LOOK_CREDIT_NANOS);
            last = now;
            if (watched > SWITCH_TIMEOUT_NANOS) {
                throw new TactusException("the engine did not take the graph change within 2 s; it may be stalled");
            }
            // Short looks while the switch is due (the next cycle start), then a millisecond apart: the waiter
            // may be realtime (the watchdog's actions), and while the kernel throttles the engine for hundreds of
            // milliseconds, looks every 50 us would spend the RT budget the engine is waiting for.
            LockSupport.parkNanos(System.nanoTime() - start < PROMPT_WAIT_NANOS ? 50_000 : 1_000_000);
        }
    }

    /** Removes a client the server gave up on and tells it why. */
    public void evict(ClientNode client, String reason) {
        synchronized (this) {
            if (client.isClosed()) {
                return;
            }
            graph.removeClient(client);
            publish();
        }
        if (client.shutdownCallback() != null) {
            notifier.post("shutdown", () -> client.shutdownCallback().clientShutdown(reason));
        }
    }

    List<String> clientNames() {
        return graph.clientNames();
    }
}
