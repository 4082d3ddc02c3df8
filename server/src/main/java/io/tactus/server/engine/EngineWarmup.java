package io.tactus.server.engine;

import io.tactus.server.driver.DummyDriver;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Graph;
import io.tactus.server.telemetry.CycleRecord;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.util.concurrent.locks.LockSupport;

/**
 * A private graph for the engine to rehearse on before its first period: four clients with a chain,
 * a fan-out and a fan-in, and fan-in into playback, on its own dummy driver; and a second plan of another shape to switch to and fro. It exercises every
 * piece of engine code a plain plan runs (port rebinding, mixes, rewinds, timing, the driver calls) and
 * none of it is visible to the server or its clients. A plan over the shared graph is not rehearsed here.
 */
record EngineWarmup(ExecutionPlan plan, ExecutionPlan other, DummyDriver driver) {

    /** How long the warm-up may take before the first period, at most. */
    private static final long WARMUP_LIMIT_NANOS = 3_000_000_000L;

    /**
     * Before the first period: runs {@code engine}'s own code on a synthetic graph (a private plan and
     * driver, nothing the server sees) until the JIT has compiled it, and takes the overrun and
     * late-wake-up paths on synthetic times ({@code trainRarePaths}) so the JIT profiles both outcomes of every rare
     * branch.
     * Compiling, and above all deoptimising (a branch never seen taken is compiled as a trap), costs
     * the thread that runs into it a few hundred bytes of allocation; this moves all of that before the
     * first real period.
     */
    void rehearse(Engine engine, EngineSettings settings, ClockSource clock, com.sun.management.ThreadMXBean threads,
                  Runnable trainRarePaths) {
        EngineProxy switches = new EngineProxy(64);
        CycleRecord record = new CycleRecord(settings.maxClients());
        var compiler = ManagementFactory.getCompilationMXBean();
        long giveUp = clock.nanoTime() + WARMUP_LIMIT_NANOS;
        long compiled = -1;
        while (clock.nanoTime() < giveUp && compiled != compiler.getTotalCompilationTime()) {
            compiled = compiler.getTotalCompilationTime();
            for (int i = 0; i < 20_000; i++) {
                if (i % 50 == 0) {
                    switches.switchPlan(i % 100 == 0 ? plan : other);
                }
                if (i % 50 == 25) {
                    plan.step(1).silence(i % 100 == 25); // a client the watchdog silences
                }
                long cpuStart = threads.getCurrentThreadCpuTime(); // as cycle() reads it around each cycle
                engine.runCycle(switches.poller(), driver, record, settings.nframes(), Long.MAX_VALUE);
                record.cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
            }
            trainRarePaths.run();
            LockSupport.parkNanos(20_000_000); // let compilations queued by this round finish
        }
    }

    static EngineWarmup create(int nframes) {
        Graph graph = graph(nframes);
        ExecutionPlan plan = graph.plan(0);
        graph.disconnect("w3:out", "w4:in");
        graph.disconnect("w3:out", "system:playback_1");
        return new EngineWarmup(plan, graph.plan(0), new DummyDriver(1, 1));
    }

    /** Plans of generation 0: no control thread ever waits for that generation. */
    private static Graph graph(int nframes) {
        Graph graph = new Graph(nframes, 1, 1);
        for (int i = 1; i <= 4; i++) {
            ClientNode client = graph.addClient("w" + i);
            var in = graph.addPort(client, "in", true, false);
            var out = graph.addPort(client, "out", false, false);
            client.setProcess(n -> copy(in.getFloatBuffer(), out.getFloatBuffer(), n));
            graph.setActive(client, true);
        }
        graph.connect("system:capture_1", "w1:in");
        graph.connect("w1:out", "w2:in");
        graph.connect("w1:out", "w3:in");
        graph.connect("w2:out", "w4:in");
        graph.connect("w3:out", "w4:in");
        graph.connect("w4:out", "system:playback_1");
        graph.connect("w3:out", "system:playback_1");
        return graph;
    }

    private static void copy(FloatBuffer in, FloatBuffer out, int nframes) {
        for (int i = 0; i < nframes; i++) {
            out.put(i, in.get(i));
        }
    }
}
