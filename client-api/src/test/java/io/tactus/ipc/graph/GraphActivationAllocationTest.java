package io.tactus.ipc.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tactus.rt.Futex;
import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The hot path of a cycle (start, trigger with a real FUTEX_WAKE where there is one, begin, mix, finish and
 * signal, the server stepping in) allocates nothing once warm: the least of three windows is 0 bytes, so a
 * late JIT transition landing in one window cannot fail it, while code that allocates shows in all three.
 */
class GraphActivationAllocationTest {

    private static final int CYCLES_PER_WINDOW = 10_000;

    @TempDir
    Path directory;

    @Test
    void shouldAllocateNothingPerCycleAfterWarmUp() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        Futex futex = Futex.linux().isAvailable() ? Futex.linux() : new CountingFutex();
        ActivationPlan plan = ActivationPlan.builder(6).feeds(1, 2).feeds(1, 3).feeds(2, 4).feeds(3, 4).client(5).build();
        try (GraphSegment segment = GraphSegment.create(directory, "graph", GraphLayout.of(6, 5, 64), 1_333_333)) {
            plan.writeTo(segment, 0);
            Cycle cycle = new Cycle(new GraphActivation(segment, futex), segment);
            long warmUpEnd = System.nanoTime() + 1_000_000_000L;
            while (System.nanoTime() < warmUpEnd) {
                cycle.play(CYCLES_PER_WINDOW / 10);
            }

            long[] allocated = new long[3];
            for (int w = 0; w < allocated.length; w++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                cycle.play(CYCLES_PER_WINDOW);
                allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
            }

            assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes allocated per window of "
                    + CYCLES_PER_WINDOW + " cycles: " + Arrays.toString(allocated));
            assertTrue(cycle.engineWakes > 0 && cycle.engineWakes == cycle.cycle, "the engine was woken once per cycle");
            long before = threads.getCurrentThreadAllocatedBytes();
            cycle.playAllocating(CYCLES_PER_WINDOW);
            long control = threads.getCurrentThreadAllocatedBytes() - before;
            assertTrue(control >= 16L * CYCLES_PER_WINDOW, "negative control: the measurement sees one small array "
                    + "per cycle (" + control + " bytes)");
            assertEquals(2.0 * cycle.cycle, cycle.mixed, "the join mixed both branches every cycle");
        }
    }

    /** One thread playing every side of a diamond plus a client the server steps in for each cycle. */
    private static final class Cycle {
        private final GraphActivation graph;
        private final int[][] outputs = {{}, {0}, {1}, {2}, {3}, {4}};
        private final int[] joinSources = {1, 2};
        private final FloatBuffer[] joinBuffers;
        private final FloatBuffer joinInput = FloatBuffer.allocate(64);
        private long cycle;
        private long engineWakes;
        private double mixed;
        private long[] escaped;

        Cycle(GraphActivation graph, GraphSegment segment) {
            this.graph = graph;
            this.joinBuffers = new FloatBuffer[] {segment.buffer(1), segment.buffer(2)};
            joinBuffers[0].put(0, 1f);
            joinBuffers[1].put(0, 1f);
        }

        void play(int cycles) {
            for (int i = 0; i < cycles; i++) {
                cycle++;
                int engineSignal = graph.record(GraphLayout.ENGINE).signal();
                graph.startCycle(cycle, 0, System.nanoTime());
                run(1);
                run(3);
                run(2);
                graph.mix(cycle, joinSources, joinBuffers, joinInput, 64);
                mixed += joinInput.get(0);
                run(4);
                graph.stepIn(5, cycle, System.nanoTime());
                if (graph.record(GraphLayout.ENGINE).signal() != engineSignal) {
                    engineWakes++;
                }
            }
        }

        /** As {@link #play}, plus one small array per cycle that escapes: what the test must be able to see. */
        void playAllocating(int cycles) {
            for (int i = 0; i < cycles; i++) {
                play(1);
                escaped = new long[] {cycle};
            }
        }

        private void run(int client) {
            ActivationRecord record = graph.record(client);
            if (record.begin(System.nanoTime()) >= 0) {
                graph.finish(client, cycle, System.nanoTime(), outputs[client]);
            }
        }
    }
}
