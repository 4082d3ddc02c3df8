package io.tactus.bench.jmh;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;
import io.tactus.clients.Jt3Client;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.ClockSource;
import io.tactus.server.engine.Engine;
import io.tactus.server.engine.EngineProxy;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.graph.Graph;
import io.tactus.server.telemetry.CycleRecord;
import io.tactus.server.telemetry.TelemetryRing;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.runner.IterationType;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.IntStream;

/**
 * The engine's cost per client per cycle (goal: under 1 µs), measured on {@link Engine#runCycle} driven
 * by hand: no thread, no pacing, a {@link DummyDriver}, 64 frames, clients of 4 inputs and 4 outputs.
 * The trade-off: it isolates the engine's own work (plan walk, port rewinds, per-client timing, capture
 * and playback) from scheduling and wake-up latency, which the stress test measures instead.
 *
 * <ul>
 *   <li>{@code emptyClients}: callbacks that only store a field, so ns/cycle ÷ clients is the overhead.</li>
 *   <li>{@code jt3Clients}: the jack_test3 mixer (work 0), unconnected; overhead is the cycle time minus
 *       the clients' own time as the engine recorded it in {@link CycleRecord#clientNanos}.</li>
 *   <li>{@code chainedClients}: the same mixers in a chain capture → c1 → … → cN → playback, registered
 *       in reverse so graph order differs from join order; inputs read the previous client's buffers.</li>
 * </ul>
 * JMH reports ns per cycle; at the end of each trial the forked JVM prints one {@code [EngineOverhead]}
 * line with the clients' own ns per cycle and the overhead per client, from measurement iterations only, and
 * the median of each cycle's own overhead (its time less its clients' own) per client: on a shared host the
 * mean takes in every preemption of the benchmark thread, the median leaves the preempted cycles out.
 *
 * <p>Run from the project root after {@code mvn -q -B -o -DskipTests package}:
 * <pre>
 * java -cp "bench/target/tactus-bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/classpath.txt)" \
 *     org.openjdk.jmh.Main EngineOverhead
 * </pre>
 * About 90 s for all nine runs; add {@code -p clients=100} for one size.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(value = 1, jvmArgs = {"-XX:+UseZGC", "-Xms512m", "-Xmx512m"})
public class EngineOverhead {

    static final int SAMPLE_RATE = 48_000;
    static final int NFRAMES = 64;
    static final int PORTS = 4;
    static final int CHANNELS = 4;
    static final int MAX_CLIENTS = 256;

    @Benchmark
    public boolean emptyClients(Empty rig) {
        return rig.cycle();
    }

    @Benchmark
    public boolean jt3Clients(Jt3 rig) {
        return rig.cycle();
    }

    @Benchmark
    public boolean chainedClients(Chain rig) {
        return rig.cycle();
    }

    @Benchmark
    public boolean midiChainedClients(MidiChain rig) {
        return rig.cycle();
    }

    /** An engine over a graph of {@code clients} clients, plus the accounting of their own time. */
    @State(Scope.Thread)
    public abstract static class Rig {

        @Param({"1", "20", "100"})
        public int clients;

        private final String benchmark;
        private Engine engine;
        private CycleRecord record;
        private long iterationStart;
        private long iterationCycles;
        private long iterationOwnNanos;
        private long measuredNanos;
        private long measuredCycles;
        private long measuredOwnNanos;
        /** Each measured cycle's time less its clients' own, kept for the median; preallocated. */
        private final long[] overheads = new long[1 << 22];
        private int overheadCount;
        private boolean measuring;

        Rig(String benchmark) {
            this.benchmark = benchmark;
        }

        /** Adds and activates the clients; off the measured path. */
        abstract void populate(Graph graph, int clients);

        /** Clients the rig runs besides the {@code clients} measured ones (a MIDI source and sink). */
        int extraClients() {
            return 0;
        }

        @Setup(Level.Trial)
        public void build() {
            Graph graph = new Graph(NFRAMES, CHANNELS, CHANNELS);
            populate(graph, clients);
            EngineProxy proxy = new EngineProxy(1024);
            proxy.switchPlan(graph.plan(1));
            engine = new Engine(EngineSettings.of(SAMPLE_RATE, NFRAMES), new DummyDriver(CHANNELS, CHANNELS),
                    ClockSource.SYSTEM, proxy, new TelemetryRing(1024, MAX_CLIENTS));
            record = new CycleRecord(MAX_CLIENTS);
            engine.runCycle(record, NFRAMES, Long.MAX_VALUE); // applies the plan switch
            if (record.clientCount != clients + extraClients()) {
                throw new IllegalStateException("the plan runs " + record.clientCount + " clients, not "
                        + (clients + extraClients()));
            }
        }

        @Setup(Level.Iteration)
        public void startIteration(IterationParams params) {
            measuring = params.getType() == IterationType.MEASUREMENT;
            iterationCycles = 0;
            iterationOwnNanos = 0;
            iterationStart = System.nanoTime();
        }

        @TearDown(Level.Iteration)
        public void endIteration(IterationParams params) {
            long elapsed = System.nanoTime() - iterationStart;
            if (params.getType() == IterationType.MEASUREMENT) {
                measuredNanos += elapsed;
                measuredCycles += iterationCycles;
                measuredOwnNanos += iterationOwnNanos;
            }
        }

        @TearDown(Level.Trial)
        public void report() {
            double cycle = (double) measuredNanos / measuredCycles;
            double own = (double) measuredOwnNanos / measuredCycles;
            int all = clients + extraClients();
            long[] sorted = java.util.Arrays.copyOf(overheads, overheadCount);
            java.util.Arrays.sort(sorted);
            double median = sorted.length == 0 ? Double.NaN : sorted[sorted.length / 2];
            System.out.printf("%n[EngineOverhead] %s clients=%d: %.1f ns/cycle, clients' own %.1f ns/cycle, "
                            + "cycle/clients %.1f ns, (cycle - own)/clients %.1f ns per client per cycle (%d cycles), "
                            + "median (cycle - own)/clients %.1f ns%n",
                    benchmark, all, cycle, own, cycle / all, (cycle - own) / all,
                    measuredCycles, median / all);
        }

        /**
         * One engine cycle, then its clients' own time from the record (a short sum, ~0.1 ns a client) and, in
         * measurement iterations, the cycle's own overhead for the median (two clock reads more per cycle).
         */
        final boolean cycle() {
            CycleRecord r = record;
            long start = System.nanoTime();
            boolean more = engine.runCycle(r, NFRAMES, Long.MAX_VALUE);
            long elapsed = System.nanoTime() - start;
            long[] nanos = r.clientNanos;
            long own = 0;
            for (int i = 0, n = r.clientCount; i < n; i++) {
                own += nanos[i];
            }
            iterationOwnNanos += own;
            iterationCycles++;
            if (measuring && overheadCount < overheads.length) {
                overheads[overheadCount++] = elapsed - own;
            }
            return more;
        }
    }

    /** Clients whose callback only stores a field: all of the cycle is the engine's. */
    public static class Empty extends Rig {
        public Empty() {
            super("emptyClients");
        }

        @Override
        void populate(Graph graph, int clients) {
            for (int c = 1; c <= clients; c++) {
                TactusClient client = HandDrivenGraph.client(graph, "empty_" + c, SAMPLE_RATE);
                for (int p = 1; p <= PORTS; p++) {
                    client.registerPort("in_" + p, PortType.AUDIO, PortFlag.INPUT);
                }
                for (int p = 1; p <= PORTS; p++) {
                    client.registerPort("out_" + p, PortType.AUDIO, PortFlag.OUTPUT);
                }
                client.setProcessCallback(new Idle());
                client.activate();
            }
        }
    }

    /** Unconnected jack_test3 mixers: inputs read silence. */
    public static class Jt3 extends Rig {
        public Jt3() {
            super("jt3Clients");
        }

        @Override
        void populate(Graph graph, int clients) {
            for (int c = 1; c <= clients; c++) {
                TactusClient client = HandDrivenGraph.client(graph, "jt3_" + c, SAMPLE_RATE);
                new Jt3Client(client, PORTS, 0);
                client.activate();
            }
        }
    }

    /** jack_test3 mixers in one chain from capture to playback, joined last-first. */
    public static class Chain extends Rig {
        public Chain() {
            this("chainedClients");
        }

        Chain(String benchmark) {
            super(benchmark);
        }

        /** Whether each mixer has a MIDI input and output too (stress --midi). */
        boolean midi() {
            return false;
        }

        @Override
        void populate(Graph graph, int clients) {
            for (int c = clients; c >= 1; c--) {
                TactusClient client = HandDrivenGraph.client(graph, "c" + c, SAMPLE_RATE);
                new Jt3Client(client, PORTS, 0, midi());
                client.activate();
            }
            for (int p = 1; p <= PORTS; p++) {
                graph.connect(Graph.SYSTEM + ":capture_" + p, "c1:in_" + p);
                for (int c = 1; c < clients; c++) {
                    graph.connect("c" + c + ":out_" + p, "c" + (c + 1) + ":in_" + p);
                }
                graph.connect("c" + clients + ":out_" + p, Graph.SYSTEM + ":playback_" + p);
            }
            List<String> expected = IntStream.rangeClosed(1, clients).mapToObj(c -> "c" + c).toList();
            List<String> order = graph.plan(0).clientOrder();
            if (!order.equals(expected)) {
                throw new IllegalStateException("the chain runs in the order " + order + ", not " + expected);
            }
        }
    }

    /**
     * The chain of {@link Chain} with a MIDI input and output on every mixer, chained as the audio is, from a
     * source that writes {@value #MIDI_EVENTS_PER_CYCLE} note-on a cycle (750 a second, about {@code stress
     * --midi}'s 1000) to a sink that counts them: the engine's cost of MIDI ports with traffic, per client,
     * beside {@code chainedClients}. The source and sink are clients too, so the per-client figures divide by
     * {@code clients + 2}.
     */
    public static class MidiChain extends Chain {
        static final int MIDI_EVENTS_PER_CYCLE = 1;

        public MidiChain() {
            super("midiChainedClients");
        }

        @Override
        boolean midi() {
            return true;
        }

        @Override
        int extraClients() {
            return 2;
        }

        @Override
        void populate(Graph graph, int clients) {
            super.populate(graph, clients);
            TactusClient source = HandDrivenGraph.client(graph, "midi_source", SAMPLE_RATE);
            Port out = source.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
            source.setProcessCallback(nframes -> out.getMidiBuffer().write(0, 0x90, 60, 100));
            source.activate();
            TactusClient sink = HandDrivenGraph.client(graph, "midi_sink", SAMPLE_RATE);
            Port in = sink.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            Idle counter = new Idle();
            sink.setProcessCallback(nframes -> counter.frames += in.getMidiBuffer().eventCount());
            sink.activate();
            graph.connect("midi_source:midi_out", "c1:midi_in");
            for (int c = 1; c < clients; c++) {
                graph.connect("c" + c + ":midi_out", "c" + (c + 1) + ":midi_in");
            }
            graph.connect("c" + clients + ":midi_out", "midi_sink:midi_in");
        }
    }

    /** The least a callback can do without being removed as dead code. */
    static final class Idle implements ProcessCallback {
        int frames;

        @Override
        public void process(int nframes) {
            frames = nframes;
        }
    }
}
