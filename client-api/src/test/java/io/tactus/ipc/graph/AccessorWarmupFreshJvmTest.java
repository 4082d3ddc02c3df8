package io.tactus.ipc.graph;

import io.tactus.testing.FreshJvm;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The first runs of the segment's word accessors allocate (linking, then each compiled version's first
 * run), on whichever thread makes them; within one test JVM other tests have made them already, so this
 * runs a thread that only calls accessors in a fresh JVM ({@link #main}), once after
 * {@link GraphSegment#warmUp} and once without it, and reads that thread's allocation from the output. The
 * fresh JVM runs with {@code -Xbatch}: each compilation ends before the call that asked for it returns, so
 * on a loaded machine no compiled accessor arrives late, after the warm-up's quiet rounds.
 */
class AccessorWarmupFreshJvmTest {

    @TempDir
    Path temp;

    @Test
    void shouldLeaveNothingToAllocateForTheFirstThreadThatUsesASegmentAfterWarmUp() throws Exception {
        Scenario warm = inFreshJvm("warm");
        assertTrue(warm.converged, "the warm-up did not converge within its bound: " + warm.output);
        assertEquals(0, warm.allocated, "bytes the accessor thread allocated after the warm-up, in total over "
                + "its windows: " + warm.output);
    }

    @Test
    void shouldSeeTheAllocationThatTheWarmUpTakesWhenThereIsNone() throws Exception {
        Scenario cold = inFreshJvm("cold");
        assertTrue(cold.allocated > 0, "without the warm-up the first thread allocates (this is what the other "
                + "test would miss if its measurement could not see it): " + cold.output);
    }

    /** The fresh JVM's report: whether its warm-up converged, and its accessor thread's allocation. */
    private record Scenario(boolean converged, long allocated, String output) {
    }

    private Scenario inFreshJvm(String mode) throws Exception {
        String output = FreshJvm.run(AccessorWarmupFreshJvmTest.class, 60, temp.toString(), mode);
        String[] lines = output.split("\n");
        assertTrue(lines.length == 2 && lines[0].startsWith("warm-up ") && lines[1].startsWith("allocated "), output);
        return new Scenario(lines[0].startsWith("warm-up converged"),
                Long.parseLong(lines[1].substring("allocated ".length()).split(" ")[0]), output);
    }

    /**
     * Never compiled (the scenario's JVM compiles nothing of this class), so it calls each accessor's own
     * version, as the engine's interpreted code did after a deoptimisation; and no compiled code of the test
     * itself runs for the first time while it measures.
     */
    private static void interpretedCalls(GraphSegment segment, int word, int wide) {
        for (int i = 0; i < 2_000; i++) {
            segment.setIntRelease(word, i);
            segment.setIntRelease(word, segment.getIntAcquire(word) + 1);
            segment.getAndAddInt(word, 1);
            segment.compareAndSetLong(wide, i, i + 1);
            segment.setLongVolatile(wide, segment.getLongAcquire(wide) + 1);
            segment.setLongRelease(wide, segment.getLongAcquire(wide) + 1);
        }
    }

    /**
     * Warms up (or not, "cold"), then a new thread calls every accessor from interpreted code, in 30 windows
     * of 2000 calls each; prints what the warm-up saw, then the thread's allocation in total and per window.
     */
    public static void main(String[] args) throws Exception {
        if (args[1].equals("warm")) {
            GraphSegment.warmUp();
        }
        System.out.println("warm-up " + (args[1].equals("warm") ? AccessorWarmup.ensure() : "not run")); // its outcome
        long[] allocated = new long[30];
        try (GraphSegment segment = GraphSegment.create(Path.of(args[0]), "fresh", GraphLayout.of(2, 4, 64), 1)) {
            var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            for (int i = 0; i < 200_000; i++) {
                threads.getCurrentThreadAllocatedBytes(); // the measurement's own first compiled runs allocate too
            }
            GraphLayout layout = segment.layout();
            int word = layout.signalOffset(1);
            int wide = layout.stateOffset(1);
            long[] sink = {0};
            Thread user = new Thread(() -> {
                for (int w = 0; w < allocated.length; w++) {
                    long before = threads.getCurrentThreadAllocatedBytes();
                    interpretedCalls(segment, word, wide);
                    allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
                }
                sink[0] = segment.getLongAcquire(wide);
            }, "accessor-user");
            user.start();
            user.join();
        }
        System.out.println("allocated " + Arrays.stream(allocated).sum() + " " + Arrays.toString(allocated));
    }
}
