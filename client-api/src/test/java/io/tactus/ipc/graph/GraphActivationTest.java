package io.tactus.ipc.graph;

import static io.tactus.ipc.graph.ClientState.FINISHED;
import static io.tactus.ipc.graph.ClientState.NOT_TRIGGERED;
import static io.tactus.ipc.graph.ClientState.RUNNING;
import static io.tactus.ipc.graph.ClientState.TIMED_OUT;
import static io.tactus.ipc.graph.ClientState.TRIGGERED;
import static io.tactus.ipc.graph.GraphLayout.ENGINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The cycle protocol on one mapping, driven step by step from the test (processes: the CrossProcessTest). */
class GraphActivationTest {

    private static final int[] NO_PORTS = {};

    @TempDir
    Path directory;

    private final CountingFutex futex = new CountingFutex();
    private GraphSegment segment;
    private GraphActivation graph;

    private void open(ActivationPlan plan, int ports) {
        segment = GraphSegment.create(directory, "graph", GraphLayout.of(plan.records(), ports, 8), 1_333_333);
        plan.writeTo(segment, 0);
        graph = new GraphActivation(segment, futex);
    }

    @AfterEach
    void close() {
        if (segment != null) {
            segment.close();
        }
    }

    @Test
    void shouldRunAChainInOrderWithOneWakePerClientAndOneForTheEngine() {
        open(ActivationPlan.builder(4).feeds(1, 2).feeds(2, 3).build(), 0);

        assertEquals(1, graph.startCycle(1, 0, 10));
        assertEquals(TRIGGERED, graph.record(1).state());
        assertEquals(NOT_TRIGGERED, graph.record(2).state());
        for (int client = 1; client <= 3; client++) {
            assertEquals(1, graph.record(client).begin(20));
            assertTrue(graph.finish(client, 1, 30, NO_PORTS));
            assertEquals(FINISHED, graph.record(client).state());
        }

        assertEquals(TRIGGERED, graph.record(ENGINE).state(), "the chain's end woke the engine");
        assertEquals(4, futex.wakes(), "one wake per client and one for the engine");
        for (int r = 0; r < 4; r++) {
            assertEquals(1, graph.record(r).signal(), "record " + r + " signalled once");
        }
    }

    @Test
    void shouldLoseTheRaceWhenALateClientFinishesAfterTheServerSteppedIn() {
        open(ActivationPlan.builder(3).feeds(1, 2).build(), 1);
        graph.startCycle(1, 0, 0);
        assertEquals(1, graph.record(1).begin(5));

        assertTrue(graph.stepIn(1, 1, 100), "the deadline: the server steps in");
        assertEquals(TIMED_OUT, graph.record(1).state());
        assertEquals(TRIGGERED, graph.record(2).state(), "client 2 activated without client 1");
        assertFalse(graph.finish(1, 1, 150, new int[] {0}), "the late finish loses");

        assertEquals(TIMED_OUT, graph.record(1).state());
        assertEquals(1, graph.record(2).signal(), "client 2 signalled once, not twice");
        assertEquals(0, graph.record(2).count());
        assertFalse(graph.isValid(0, 1), "a lost finish publishes no output: readers mix silence");
        assertEquals(150, graph.record(1).finishedNanos(), "its own stamps still tell the watchdog how late it was");
        assertFalse(graph.stepIn(1, 1, 200), "and nobody steps in twice");
    }

    @Test
    void shouldNotStepInForAClientThatFinishedFirst() {
        open(ActivationPlan.builder(3).feeds(1, 2).build(), 0);
        graph.startCycle(1, 0, 0);
        graph.record(1).begin(5);
        assertTrue(graph.finish(1, 1, 10, NO_PORTS));

        assertFalse(graph.stepIn(1, 1, 100));
        assertEquals(1, graph.record(2).signal());
        assertEquals(FINISHED, graph.record(1).state());
    }

    @Test
    void shouldLetExactlyOneOfARacingFinishAndTimeOutSignalTheSuccessor() throws Exception {
        open(ActivationPlan.builder(3).feeds(1, 2).build(), 0);
        int cycles = 20_000;
        CyclicBarrier start = new CyclicBarrier(2);
        CyclicBarrier end = new CyclicBarrier(2);
        AtomicInteger finishWins = new AtomicInteger();
        Thread client = new Thread(() -> {
            try {
                for (int cycle = 1; cycle <= cycles; cycle++) {
                    start.await();
                    if (graph.finish(1, cycle, cycle, NO_PORTS)) {
                        finishWins.incrementAndGet();
                    }
                    end.await();
                }
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        client.start();
        int stepIns = 0;
        for (int cycle = 1; cycle <= cycles; cycle++) {
            graph.startCycle(cycle, 0, cycle);
            graph.record(1).begin(cycle);
            start.await();
            if (graph.stepIn(1, cycle, cycle)) {
                stepIns++;
            }
            end.await();
            assertEquals(cycle, graph.record(2).signal(), "cycle " + cycle + ": client 2 signalled exactly once");
        }
        client.join();

        assertEquals(cycles, finishWins.get() + stepIns, "exactly one winner per cycle");
        System.out.printf("racing finish against time-out over %d cycles: the finish won %d, the server %d%n",
                cycles, finishWins.get(), stepIns);
    }

    @Test
    void shouldRejectADecrementMeantForAnEarlierCycle() {
        open(ActivationPlan.builder(4).feeds(1, 3).feeds(2, 3).build(), 0);
        graph.startCycle(1, 0, 0);
        graph.startCycle(2, 0, 0);

        assertFalse(graph.record(3).decrement(1), "a stalled feeder of cycle 1 arrives in cycle 2");
        assertEquals(2, graph.record(3).count());
        assertEquals(-1, graph.record(3).begin(0), "not triggered: nothing to run");
        assertFalse(graph.record(2).finish(1, 0), "a finish of cycle 1 cannot end cycle 2");
        assertEquals(TRIGGERED, graph.record(2).state());
        assertEquals(2, graph.record(2).begin(0), "cycle 2 is the one it runs");
        assertEquals(RUNNING, graph.record(2).state());
    }

    @Test
    void shouldMixOnlyTheSourcesWrittenInThisCycle() {
        open(ActivationPlan.builder(2).client(1).build(), 3);
        FloatBuffer[] buffers = {segment.buffer(0), segment.buffer(1), segment.buffer(2)};
        for (int p = 0; p < 3; p++) {
            for (int f = 0; f < 8; f++) {
                buffers[p].put(f, (p + 1) * 10 + f);
            }
        }
        FloatBuffer into = FloatBuffer.allocate(8);
        int[] sources = {0, 1, 2};
        graph.publish(0, 7);
        graph.publish(1, 6);
        graph.publish(2, 7);

        graph.mix(7, sources, buffers, into, 8);
        assertEquals(10 + 30, into.get(0), "ports 0 and 2, not port 1 of the cycle before");
        assertEquals(11 + 31, into.get(1));

        graph.mix(8, sources, buffers, into, 8);
        assertEquals(0f, into.get(0), "no source written in cycle 8: silence");
        assertEquals(0f, into.get(7));
    }
}
