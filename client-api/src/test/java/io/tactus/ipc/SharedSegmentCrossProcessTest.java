package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tactus.rt.Futex;
import java.io.IOException;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real second JVM ({@link PingPongClient}) plays 1000 rounds of trigger/done ping-pong with this one
 * over futex words in /dev/shm, doubling a port buffer each round. Asserts counts and data, never speed;
 * the round-trip figures are printed for the record.
 */
class SharedSegmentCrossProcessTest {

    private static final int ROUNDS = 1000;
    private static final long WAIT_SLICE_NANOS = 100_000_000L;
    private static final long ROUND_DEADLINE_NANOS = 60_000_000_000L;

    @TempDir
    Path logs;

    @Test
    void shouldPlayAThousandRoundTripsWithAnotherProcess() throws Exception {
        Futex futex = Futex.linux();
        assumeTrue(futex.isAvailable(), "futexes are only bound on Linux: " + futex);
        SegmentLayout layout = SegmentLayout.of(1, 2, 64);
        String name = "tactus-pingpong-" + ProcessHandle.current().pid() + "-" + System.nanoTime();
        Path log = logs.resolve("child.log");
        Path file;
        Process child = null;
        int played = 0;
        long[] roundTrips = new long[ROUNDS];

        try (SharedSegment segment = SharedSegment.create(name, layout)) {
            file = segment.path();
            child = new ProcessBuilder(javaCommand(), "-Xmx64m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1",
                    "-cp", System.getProperty("java.class.path"),
                    PingPongClient.class.getName(), file.toString(), Integer.toString(ROUNDS))
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile())
                    .start();
            int trigger = layout.triggerOffset(0);
            int done = layout.doneOffset(0);
            long triggerAddress = segment.wordAddress(trigger);
            long doneAddress = segment.wordAddress(done);
            FloatBuffer in = segment.port(0);
            FloatBuffer out = segment.port(1);

            for (int round = 1; round <= ROUNDS; round++) {
                for (int i = 0; i < layout.nframes(); i++) {
                    in.put(i, round + i);
                }
                long start = System.nanoTime();
                segment.setIntRelease(trigger, round);
                futex.wake(triggerAddress, 1);
                awaitDone(futex, segment, done, doneAddress, round, child, log);
                roundTrips[round - 1] = System.nanoTime() - start;
                for (int i = 0; i < layout.nframes(); i++) {
                    assertEquals(2f * (round + i), out.get(i), "round " + round + ", frame " + i);
                }
                played++;
            }
            assertEquals(ROUNDS, segment.getLongAcquire(layout.cycleOffset(0)));

            assertTrue(child.waitFor(60, TimeUnit.SECONDS), "the child did not exit after the last round");
            assertEquals(0, child.exitValue(), "child exit code; its output: " + read(log));
        } finally {
            if (child != null && child.isAlive()) {
                ProcessHandle.of(child.pid()).ifPresent(ProcessHandle::destroyForcibly);
            }
        }

        assertEquals(ROUNDS, played);
        assertTrue(Files.notExists(file), "the owner deletes the segment on close");
        // The first rounds include the child's JVM start-up and JIT warm-up; report the rest.
        long[] warm = Arrays.copyOfRange(roundTrips, 100, ROUNDS);
        Arrays.sort(warm);
        System.out.printf("cross-process futex round trip over %d rounds (after 100 warm-up): median %.1f us, "
                        + "p99 %.1f us, max %.1f us%n", warm.length, warm[warm.length / 2] / 1e3,
                warm[(int) (warm.length * 0.99)] / 1e3, warm[warm.length - 1] / 1e3);
    }

    private static void awaitDone(Futex futex, SharedSegment segment, int done, long doneAddress, int round,
                                  Process child, Path log) throws IOException {
        long deadline = System.nanoTime() + ROUND_DEADLINE_NANOS;
        int seen;
        while ((seen = segment.getIntAcquire(done)) != round) {
            int outcome = futex.wait(doneAddress, seen, WAIT_SLICE_NANOS);
            if (outcome != Futex.WOKEN && outcome != Futex.VALUE_DIFFERED && outcome != Futex.TIMED_OUT
                    && outcome != Futex.INTERRUPTED) {
                fail("round " + round + ": futex wait failed with " + Futex.outcomeName(outcome));
            }
            if (!child.isAlive() && segment.getIntAcquire(done) != round) {
                fail("round " + round + ": the child exited with " + child.exitValue() + "; its output: " + read(log));
            }
            if (System.nanoTime() > deadline) {
                fail("round " + round + ": no done after 60 s (done = " + seen + "); child output: " + read(log));
            }
        }
    }

    private static String javaCommand() {
        return ProcessHandle.current().info().command()
                .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    }

    private static String read(Path log) throws IOException {
        return Files.exists(log) ? String.join(" | ", Files.readAllLines(log)) : "(none)";
    }
}
