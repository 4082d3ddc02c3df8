package io.tactus.server;

import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.driver.Driver;
import io.tactus.server.engine.Engine;
import io.tactus.server.engine.EngineProxy;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.IntSupplier;

/**
 * Buffer size and freewheel at run time (issue 20), as {@code jack_set_buffer_size} and {@code jack_set_freewheel}:
 * checks a request (one sentence, nothing changed), asks the engine through its command ring, waits until the
 * engine has switched at a cycle start, then tells the clients that do not run in the plan (the ones that do are
 * told by the thread that runs them, before their first call under the switch), and announces the switch through
 * the {@link Graph}, so every client hears it in its place among the graph's changes. Freewheel also takes the engine
 * thread and every process client's thread off the realtime class for its duration, as JACK does, and puts them
 * back at its end. Trade-off: every port buffer and shared slot is sized for the largest period at start
 * ({@link EngineSettings#maxFrames()}), so a switch allocates no buffer, at the price of that memory all along.
 * Switches are serialized; control threads only.
 */
final class PeriodSwitcher {

    private static final long SWITCH_TIMEOUT_NANOS = TimeUnit.SECONDS.toNanos(2);

    private final EngineSettings settings;
    private final Engine engine;
    private final EngineProxy proxy;
    private final Graph graph;
    private final Driver driver;
    private final RealtimeScheduler scheduler;
    private final SchedulingSettings engineScheduling;
    private final IntSupplier engineTid;

    PeriodSwitcher(EngineSettings settings, Engine engine, EngineProxy proxy, Graph graph, Driver driver,
                   RealtimeScheduler scheduler, SchedulingSettings engineScheduling, IntSupplier engineTid) {
        this.settings = settings;
        this.engine = engine;
        this.proxy = proxy;
        this.graph = graph;
        this.driver = driver;
        this.scheduler = scheduler;
        this.engineScheduling = engineScheduling;
        this.engineTid = engineTid;
    }

    synchronized void setBufferSize(int nframes) {
        if (nframes < TactusClient.MIN_BUFFER_SIZE || nframes > TactusClient.MAX_BUFFER_SIZE || Integer.bitCount(nframes) != 1) {
            throw new TactusException("the buffer size must be a power of two from " + TactusClient.MIN_BUFFER_SIZE
                    + " to " + TactusClient.MAX_BUFFER_SIZE + " frames, not " + nframes + "; nothing was changed");
        }
        if (nframes > settings.maxFrames()) {
            throw new TactusException("this server's port buffers hold periods of at most " + settings.maxFrames()
                    + " frames, so it cannot switch to " + nframes + "; start it with --max-bufsize " + nframes);
        }
        String refusal = driver.refuseResize(nframes);
        if (refusal != null) {
            throw new TactusException(refusal);
        }
        if (nframes == engine.appliedFrames()) {
            return; // as JACK: asking for the size it runs at changes nothing
        }
        long before = engine.switchesApplied();
        proxy.setPeriod(nframes);
        awaitSwitch(before);
        graph.announceBufferSize(nframes);
        tellOthers();
    }

    synchronized void setFreewheel(boolean on) {
        if (on == engine.appliedFreewheel()) {
            return; // already so: nothing to change
        }
        if (on) {
            demote(); // as JACK: realtime scheduling is dropped before the cycles run free
        }
        long before = engine.switchesApplied();
        proxy.setFreewheel(on);
        awaitSwitch(before);
        if (!on) {
            promote();
        }
        graph.announceFreewheel(on);
        tellOthers();
    }

    /** The period size the engine runs at. */
    int bufferSize() {
        return engine.appliedFrames();
    }

    boolean freewheel() {
        return engine.appliedFreewheel();
    }

    /** A client that joins hears of no switch before its own: it starts from the state it joined in. */
    void joined(ClientNode node) {
        node.seen(engine.appliedFrames(), engine.appliedFreewheel());
    }

    private void awaitSwitch(long before) {
        long end = System.nanoTime() + SWITCH_TIMEOUT_NANOS;
        while (engine.switchesApplied() == before) {
            if (!engine.isRunning()) {
                throw new TactusException("the engine has stopped, so it cannot switch; start the server again");
            }
            if (System.nanoTime() - end > 0) {
                throw new TactusException("the engine did not take the switch within 2 s; it may be stalled");
            }
            LockSupport.parkNanos(100_000);
        }
    }

    /**
     * Clients the engine does not call tell their callbacks here: a process client's is a notification (its
     * process thread has told them already when it runs), an in-process client's runs on this thread.
     */
    private void tellOthers() {
        int nframes = engine.appliedFrames();
        boolean wheel = engine.appliedFreewheel();
        for (String name : graph.clientNames()) {
            ClientNode node = graph.clientOrNull(name);
            if (node == null || Graph.SYSTEM.equals(name) || (!node.isRemote() && node.isActive())) {
                continue;
            }
            try {
                node.tellSwitch(nframes, wheel);
            } catch (RuntimeException e) {
                System.err.println("tactus: client '" + name + "''s buffer-size or freewheel callback threw " + e);
            }
        }
    }

    /** The engine thread and every process client's thread off the realtime class for the freewheel. */
    private void demote() {
        int tid = engineTid.getAsInt();
        if (tid > 0 && realtime(engineScheduling)) {
            scheduler.demoteThread(tid, "tactus-engine");
        }
        for (ClientNode node : remoteClients()) {
            scheduler.demoteThread(node.processThreadTid(), node.name() + "'s process thread");
        }
    }

    /** Back to their priorities: the engine's, and the process clients' 5 below it (as Welcome gave them). */
    private void promote() {
        int tid = engineTid.getAsInt();
        if (tid > 0 && realtime(engineScheduling)) {
            scheduler.promoteThread(tid, engineScheduling, "tactus-engine");
        }
        if (!realtime(engineScheduling)) {
            return;
        }
        SchedulingSettings clients = SchedulingSettings.fifo(Math.max(1, engineScheduling.priority() - 5));
        for (ClientNode node : remoteClients()) {
            scheduler.promoteThread(node.processThreadTid(), clients, node.name() + "'s process thread");
        }
    }

    private java.util.List<ClientNode> remoteClients() {
        return graph.clientNames().stream().map(graph::clientOrNull)
                .filter(n -> n != null && n.isRemote() && n.processThreadTid() > 0).toList();
    }

    private static boolean realtime(SchedulingSettings scheduling) {
        return scheduling.policy() == SchedulingPolicy.FIFO || scheduling.policy() == SchedulingPolicy.RR;
    }
}
