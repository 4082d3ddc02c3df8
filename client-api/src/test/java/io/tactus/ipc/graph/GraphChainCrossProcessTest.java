package io.tactus.ipc.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tactus.rt.Futex;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Three child JVMs ({@link GraphChainClient}) chained on one graph segment in /dev/shm, this JVM the
 * engine: each cycle it writes the capture port, starts the cycle (client 1 is the first wave) and sleeps
 * on its own signal word until client 3 wakes it; no message goes through this process between the
 * clients. Asserts every cycle's result (capture + 3), one trigger per client per cycle (each record's
 * signal generation ends at the cycle count) and at most one futex wake-up per client per cycle. The
 * timings are printed for the record, never asserted; every wait is bounded and the children are killed
 * in a finally, so the test cannot hang.
 */
class GraphChainCrossProcessTest {

    private static final int CLIENTS = 3;
    private static final int CYCLES = 2000;
    private static final int NFRAMES = 64;
    private static final long WAIT_SLICE_NANOS = 100_000_000L;
    private static final long CYCLE_DEADLINE_NANOS = 30_000_000_000L;
    private static final Pattern COUNTS = Pattern.compile("runs=(\\d+) waits=(\\d+) woken=(\\d+)");

    @TempDir
    Path logs;

    @Test
    void shouldPassEachCycleDownAChainOfThreeProcessesWithOneWakeEach() throws Exception {
        Futex futex = Futex.linux();
        assumeTrue(futex.isAvailable(), "futexes are only bound on Linux: " + futex);
        assumeTrue(Files.isDirectory(Path.of("/dev/shm")), "no /dev/shm here");
        ActivationPlan.Builder chain = ActivationPlan.builder(CLIENTS + 1);
        for (int c = 1; c < CLIENTS; c++) {
            chain.feeds(c, c + 1);
        }
        ActivationPlan plan = chain.build();
        String name = GraphSegment.fileName("chain-test-" + ProcessHandle.current().pid() + "-" + System.nanoTime());
        List<Process> children = new ArrayList<>();
        long[] cycleNanos = new long[CYCLES];
        long wallStart;
        long wall;
        Path file;
        try (GraphSegment segment = GraphSegment.create(Path.of("/dev/shm"), name,
                GraphLayout.of(CLIENTS + 1, CLIENTS + 1, NFRAMES), 1_333_333)) {
            file = segment.path();
            plan.writeTo(segment, 0);
            GraphActivation graph = new GraphActivation(segment, futex);
            for (int c = 1; c <= CLIENTS; c++) {
                children.add(start(file, c));
            }
            FloatBuffer capture = segment.buffer(0);
            FloatBuffer last = segment.buffer(CLIENTS);
            ActivationRecord engine = graph.record(GraphLayout.ENGINE);
            wallStart = System.nanoTime();
            for (int cycle = 1; cycle <= CYCLES; cycle++) {
                for (int f = 0; f < NFRAMES; f++) {
                    capture.put(f, cycle + f);
                }
                graph.publish(0, cycle);
                int seen = engine.signal();
                long start = System.nanoTime();
                graph.startCycle(cycle, 0, start);
                awaitEngine(engine, seen, cycle, children);
                cycleNanos[cycle - 1] = System.nanoTime() - start;
                assertTrue(graph.isValid(CLIENTS, cycle), "cycle " + cycle + ": the chain's end published its output");
                for (int f = 0; f < NFRAMES; f++) {
                    assertEquals(cycle + f + CLIENTS, last.get(f), "cycle " + cycle + ", frame " + f);
                }
            }
            wall = System.nanoTime() - wallStart;
            for (int c = 0; c <= CLIENTS; c++) {
                assertEquals(CYCLES, graph.record(c).signal(), "record " + c + " triggered once per cycle");
                assertEquals(ClientState.FINISHED, c == 0 ? ClientState.FINISHED : graph.record(c).state());
            }
            for (int c = 1; c <= CLIENTS; c++) {
                Process child = children.get(c - 1);
                assertTrue(child.waitFor(30, TimeUnit.SECONDS), "client " + c + " did not exit after the last cycle");
                assertEquals(0, child.exitValue(), "client " + c + " exit code; its output: " + read(c));
                Matcher counts = COUNTS.matcher(read(c));
                assertTrue(counts.find(), "client " + c + " printed its counts: " + read(c));
                assertEquals(CYCLES, Integer.parseInt(counts.group(1)), "client " + c + " ran every cycle");
                int woken = Integer.parseInt(counts.group(3));
                assertTrue(woken <= CYCLES, "client " + c + " woken " + woken + " times in " + CYCLES + " cycles");
                System.out.printf("graph chain client %d: %d runs, %d futex waits, %d wake-ups (%.3f per cycle)%n",
                        c, CYCLES, Integer.parseInt(counts.group(2)), woken, woken / (double) CYCLES);
            }
        } finally {
            for (Process child : children) {
                if (child.isAlive()) {
                    child.destroyForcibly();
                }
            }
        }
        assertTrue(Files.notExists(file), "the owner deletes the graph segment on close");
        long[] warm = Arrays.copyOfRange(cycleNanos, 100, CYCLES);
        Arrays.sort(warm);
        System.out.printf("graph chain of %d processes, %d cycles in %.2f s: cycle median %.1f us, p99 %.1f us, "
                        + "max %.1f us (after 100 warm-up)%n", CLIENTS, CYCLES, wall / 1e9, warm[warm.length / 2] / 1e3,
                warm[(int) (warm.length * 0.99)] / 1e3, warm[warm.length - 1] / 1e3);
    }

    private Process start(Path file, int client) throws IOException {
        return new ProcessBuilder(javaCommand(), "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                "-cp", System.getProperty("java.class.path"), GraphChainClient.class.getName(), file.toString(),
                Integer.toString(client), Integer.toString(client - 1), Integer.toString(client),
                Integer.toString(CYCLES))
                .redirectErrorStream(true)
                .redirectOutput(logs.resolve("client-" + client + ".log").toFile())
                .start();
    }

    private void awaitEngine(ActivationRecord engine, int seen, int cycle, List<Process> children) throws IOException {
        long deadline = System.nanoTime() + CYCLE_DEADLINE_NANOS;
        while (engine.signal() == seen) {
            int outcome = engine.awaitSignal(seen, WAIT_SLICE_NANOS);
            if (outcome != Futex.WOKEN && outcome != Futex.VALUE_DIFFERED && outcome != Futex.TIMED_OUT
                    && outcome != Futex.INTERRUPTED) {
                fail("cycle " + cycle + ": futex wait failed with " + Futex.outcomeName(outcome));
            }
            for (int c = 1; c <= children.size(); c++) {
                if (!children.get(c - 1).isAlive() && engine.signal() == seen) {
                    fail("cycle " + cycle + ": client " + c + " exited; its output: " + read(c));
                }
            }
            if (System.nanoTime() > deadline) {
                fail("cycle " + cycle + ": the engine was not woken within 30 s; " + engine);
            }
        }
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private String read(int client) throws IOException {
        Path log = logs.resolve("client-" + client + ".log");
        return Files.exists(log) ? String.join(" | ", Files.readAllLines(log)) : "(none)";
    }
}
