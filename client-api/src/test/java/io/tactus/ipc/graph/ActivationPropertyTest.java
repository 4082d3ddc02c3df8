package io.tactus.ipc.graph;

import static io.tactus.ipc.graph.ClientState.FINISHED;
import static io.tactus.ipc.graph.ClientState.TIMED_OUT;
import static io.tactus.ipc.graph.GraphLayout.ENGINE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

/**
 * For random DAGs of clients and random interleavings of begins and finishes (and, in the second
 * property, of the server stepping in), every client runs once per cycle (at most once, with step-ins)
 * and never before all its feeders are done, and the engine's count reaches zero exactly once: after the
 * last client, or with step-ins after the last of its own feeders (a client upstream of one the server
 * gave up on may still be running then; its late finish signals nobody).
 */
class ActivationPropertyTest {

    private static final int CYCLES = 3;
    private static final int[] NO_PORTS = {};

    @Property(tries = 300)
    void shouldRunEveryClientOncePerCycleAfterAllItsFeeders(@ForAll @IntRange(min = 1, max = 12) int clients,
                                                           @ForAll long seed) throws IOException {
        run(clients, seed, 0);
    }

    @Property(tries = 300)
    void shouldSignalEverySuccessorOnceWhenTheServerStepsInForLateClients(
            @ForAll @IntRange(min = 1, max = 12) int clients, @ForAll long seed,
            @ForAll @IntRange(min = 1, max = 40) int stepInPercent) throws IOException {
        run(clients, seed, stepInPercent);
    }

    private static void run(int clients, long seed, int stepInPercent) throws IOException {
        Random random = new Random(seed);
        int records = clients + 1;
        boolean[][] feeds = randomDag(clients, random);
        ActivationPlan.Builder builder = ActivationPlan.builder(records);
        for (int c = 1; c < records; c++) {
            builder.client(c);
            for (int d = 1; d < records; d++) {
                if (feeds[c][d]) {
                    builder.feeds(c, d);
                }
            }
        }
        ActivationPlan plan = builder.build();
        Path directory = Files.createTempDirectory("tactus-graph-property");
        try (GraphSegment segment = GraphSegment.create(directory, "graph", GraphLayout.of(records, 0, 1), 1)) {
            plan.writeTo(segment, 0);
            GraphActivation graph = new GraphActivation(segment, new CountingFutex());
            int[] signals = new int[records];
            for (long cycle = 1; cycle <= CYCLES; cycle++) {
                playCycle(graph, feeds, cycle, signals, random, stepInPercent, plan);
            }
        } finally {
            Files.deleteIfExists(directory);
        }
    }

    private static void playCycle(GraphActivation graph, boolean[][] feeds, long cycle, int[] signals, Random random,
                                  int stepInPercent, ActivationPlan plan) {
        int records = feeds.length;
        int engineSignal = graph.record(ENGINE).signal();
        graph.startCycle(cycle, 0, cycle);
        int[] begun = new int[records];
        List<Integer> running = new ArrayList<>();
        while (true) {
            List<Integer> signalled = new ArrayList<>();
            List<Integer> unfinished = new ArrayList<>();
            for (int r = 1; r < records; r++) {
                int signal = graph.record(r).signal();
                assertTrue(signal - signals[r] <= 1, "client " + r + " signalled twice in cycle " + cycle);
                if (signal != signals[r]) {
                    signalled.add(r);
                }
                int state = graph.record(r).state();
                if (state != FINISHED && state != TIMED_OUT) {
                    unfinished.add(r);
                }
            }
            if (graph.record(ENGINE).signal() != engineSignal) {
                assertEngineFeedersDone(graph, plan, cycle);
                // Without step-ins, all are done; with them, a client upstream of one given up on may run on.
                assertTrue(stepInPercent > 0 || unfinished.isEmpty(),
                        "the engine was woken while " + unfinished + " had not finished");
            }
            int choice = random.nextInt(100);
            if (!unfinished.isEmpty() && choice < stepInPercent) {
                graph.stepIn(unfinished.get(random.nextInt(unfinished.size())), cycle, cycle);
            } else if (!signalled.isEmpty() && (running.isEmpty() || random.nextBoolean())) {
                int r = signalled.get(random.nextInt(signalled.size()));
                signals[r] = graph.record(r).signal();
                if (graph.record(r).begin(cycle) >= 0) {
                    assertEquals(cycle, graph.record(r).stateCycle());
                    assertFeedersDone(graph, feeds, r, cycle);
                    begun[r]++;
                    running.add(r);
                }
            } else if (!running.isEmpty()) {
                int r = running.remove(random.nextInt(running.size()));
                graph.finish(r, cycle, cycle, NO_PORTS);
            } else {
                break;
            }
        }
        for (int r = 1; r < records; r++) {
            int state = graph.record(r).state();
            assertTrue(state == FINISHED || state == TIMED_OUT, "client " + r + " ended " + ClientState.name(state));
            assertTrue(begun[r] <= 1, "client " + r + " began " + begun[r] + " times");
            if (stepInPercent == 0) {
                assertEquals(1, begun[r], "client " + r + " ran once in cycle " + cycle + " of " + plan);
                assertEquals(FINISHED, state);
            }
        }
        assertEquals(engineSignal + 1, graph.record(ENGINE).signal(), "the engine woken exactly once in " + plan);
        assertEquals(0, graph.record(ENGINE).count());
    }

    private static void assertEngineFeedersDone(GraphActivation graph, ActivationPlan plan, long cycle) {
        for (int r = 1; r < plan.records(); r++) {
            for (int i = 0; i < plan.successorCount(r); i++) {
                int state = graph.record(r).state();
                assertTrue(plan.successor(r, i) != ENGINE || state == FINISHED || state == TIMED_OUT, "the engine "
                        + "was woken in cycle " + cycle + " while its feeder " + r + " was " + ClientState.name(state));
            }
        }
    }

    private static void assertFeedersDone(GraphActivation graph, boolean[][] feeds, int client, long cycle) {
        for (int f = 1; f < feeds.length; f++) {
            if (feeds[f][client]) {
                int state = graph.record(f).state();
                assertTrue(state == FINISHED || state == TIMED_OUT, "client " + client + " began in cycle " + cycle
                        + " while its feeder " + f + " was " + ClientState.name(state));
            }
        }
    }

    /** Edges only from earlier to later in a random order of the clients, so always acyclic. */
    private static boolean[][] randomDag(int clients, Random random) {
        List<Integer> order = new ArrayList<>();
        for (int c = 1; c <= clients; c++) {
            order.add(c);
        }
        java.util.Collections.shuffle(order, random);
        double density = random.nextDouble() * 0.6;
        boolean[][] feeds = new boolean[clients + 1][clients + 1];
        for (int i = 0; i < clients; i++) {
            for (int j = i + 1; j < clients; j++) {
                feeds[order.get(i)][order.get(j)] = random.nextDouble() < density;
            }
        }
        return feeds;
    }
}
