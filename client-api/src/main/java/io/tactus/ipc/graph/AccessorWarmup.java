package io.tactus.ipc.graph;

import com.sun.management.ThreadMXBean;
import io.tactus.api.TactusException;

import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.LockSupport;

/**
 * Runs every word accessor of {@link GraphSegment} on a scratch segment until the JIT has compiled them,
 * once per JVM, so that a realtime thread meets only code that has run before. The first runs of this code
 * allocate, on whichever thread makes them: linking each VarHandle call site, then the first run of the
 * JIT's code for it; after this warm-up an interpreted caller allocates nothing (AccessorWarmupFreshJvmTest).
 * The engine calls some accessors only on rare paths, after a late cycle or a deoptimisation, so without it
 * that thread could be the engine in the middle of a run (docs/realtime.md; the figures are in
 * docs/measurements/from-code-apibench.md). Linking and compiling are per code, not per thread, which is why
 * a normal thread can take them.
 * Trade-off: about half a second, mostly waiting for the JIT, when a server starts or a client joins, once
 * per JVM.
 */
final class AccessorWarmup {

    private static final AtomicBoolean DONE = new AtomicBoolean();
    private static volatile Outcome outcome = Outcome.PENDING;
    private static final int CALLS_PER_ROUND = 20_000;
    /** Rounds in a row in which this thread allocated nothing, each after a pause for the compilations queued. */
    private static final int QUIET_ROUNDS = 5;
    private static final long PAUSE_NANOS = 20_000_000;
    /**
     * The bound, in rounds: 2 s of pauses on an idle host, longer on a loaded one, where the JIT that it waits
     * for is slow too (a wall-clock bound of 2 s gave up there before the first compilations had arrived).
     */
    private static final int MAX_ROUNDS = 100;
    /** However loaded the host, a server's start or a client's join is not held longer than this. */
    private static final long LIMIT_NANOS = 10_000_000_000L;

    private AccessorWarmup() {
    }

    /**
     * Warms the accessors up unless this JVM has (or is doing so on another thread); returns what this JVM's
     * warm-up saw, {@link Outcome#PENDING} while it runs on another thread.
     */
    static Outcome ensure() {
        if (!DONE.compareAndSet(false, true)) {
            return outcome;
        }
        try (GraphSegment scratch = GraphSegment.scratch("warmup", GraphLayout.of(2, 1, 64))) {
            outcome = run(scratch);
        } catch (TactusException e) {
            // Not fatal: without the warm-up a realtime thread pays for these first runs itself, once.
            System.err.println("tactus: warning: the shared-memory accessors were not warmed up (" + e.getMessage()
                    + "); the first realtime cycles may allocate");
            outcome = Outcome.SKIPPED;
        }
        return outcome;
    }

    /**
     * Rounds of calls until {@link #QUIET_ROUNDS} in a row allocated nothing on this thread, or the bound: a
     * round that allocates ran code for the first time (linked it, or ran a compiled version that had just
     * arrived), and a compilation that is still queued arrives in one of the pauses. Without the JVM's
     * per-thread allocation counter, {@link #QUIET_ROUNDS} rounds, and the outcome does not say it converged.
     */
    private static Outcome run(GraphSegment scratch) {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean() instanceof ThreadMXBean t
                && t.isThreadAllocatedMemorySupported() && t.isThreadAllocatedMemoryEnabled() ? t : null;
        long giveUp = System.nanoTime() + LIMIT_NANOS;
        long[] bytes = new long[MAX_ROUNDS];
        int rounds = 0;
        long sink = 0;
        int quiet = 0;
        while (quiet < QUIET_ROUNDS && System.nanoTime() < giveUp && rounds < bytes.length) {
            long before = threads == null ? 0 : threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < CALLS_PER_ROUND; i++) {
                sink += exercise(scratch, i);
            }
            LockSupport.parkNanos(PAUSE_NANOS);
            bytes[rounds] = threads == null ? 0 : threads.getCurrentThreadAllocatedBytes() - before;
            quiet = bytes[rounds++] != 0 ? 0 : quiet + 1;
        }
        scratch.setLongRelease(scratch.layout().finishedOffset(0), sink); // keeps the calls from being dropped
        return new Outcome(threads != null && quiet >= QUIET_ROUNDS, Arrays.copyOf(bytes, rounds));
    }

    /**
     * What a JVM's warm-up saw: whether it ended on {@link #QUIET_ROUNDS} rounds that allocated nothing (it
     * converged) rather than at its bound, and the bytes its thread allocated in each round.
     */
    record Outcome(boolean converged, long[] roundBytes) {
        /** Another thread is warming the accessors up and has not finished. */
        static final Outcome PENDING = new Outcome(false, new long[0]);
        /** No scratch segment could be made, so nothing ran. */
        static final Outcome SKIPPED = new Outcome(false, new long[0]);

        @Override
        public String toString() {
            return (converged ? "converged" : "did not converge") + " in " + roundBytes.length
                    + " rounds, bytes allocated per round " + Arrays.toString(roundBytes);
        }
    }

    /** One call of each accessor, on the words the engine and a client's process thread use. */
    private static long exercise(GraphSegment s, int i) {
        GraphLayout layout = s.layout();
        int signal = layout.signalOffset(1);
        int state = layout.stateOffset(1);
        int valid = layout.validOffset(0);
        s.setIntRelease(layout.feedersOffset(1, 0), i);
        s.getAndAddInt(signal, 1);
        s.setLongRelease(state, i);
        s.compareAndSetLong(state, i, i + 1);
        s.setLongVolatile(valid, i);
        return s.getIntAcquire(signal) + s.getLongAcquire(state) + s.getLongAcquire(valid);
    }
}
