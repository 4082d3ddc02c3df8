package io.tactus.ipc;

import io.tactus.rt.Futex;
import java.nio.FloatBuffer;
import java.nio.file.Path;

/**
 * The other process of {@link SharedSegmentCrossProcessTest}: opens the segment, and for each round waits
 * until the trigger word reaches the round number, writes port 1 = 2 x port 0, publishes the round in the
 * done word and wakes the test. Exit codes: 0 all rounds played, 2 a wait failed or timed out, 3 bad usage.
 */
public final class PingPongClient {

    private static final long WAIT_SLICE_NANOS = 1_000_000_000L;
    private static final long ROUND_DEADLINE_NANOS = 60_000_000_000L;

    private PingPongClient() {
    }

    public static void main(String[] args) {
        if (args.length != 2) {
            System.err.println("usage: PingPongClient SEGMENT_FILE ROUNDS");
            System.exit(3);
        }
        Futex futex = Futex.linux();
        try (SharedSegment segment = SharedSegment.open(Path.of(args[0]))) {
            SegmentLayout layout = segment.layout();
            int rounds = Integer.parseInt(args[1]);
            int trigger = layout.triggerOffset(0);
            int done = layout.doneOffset(0);
            long triggerAddress = segment.wordAddress(trigger);
            long doneAddress = segment.wordAddress(done);
            FloatBuffer in = segment.port(0);
            FloatBuffer out = segment.port(1);

            for (int round = 1; round <= rounds; round++) {
                long deadline = System.nanoTime() + ROUND_DEADLINE_NANOS;
                int seen;
                while ((seen = segment.getIntAcquire(trigger)) != round) {
                    int outcome = futex.wait(triggerAddress, seen, WAIT_SLICE_NANOS);
                    boolean expected = outcome == Futex.WOKEN || outcome == Futex.VALUE_DIFFERED
                            || outcome == Futex.TIMED_OUT || outcome == Futex.INTERRUPTED;
                    if (!expected || System.nanoTime() > deadline) {
                        System.err.println("round " + round + ": trigger stuck at " + seen + ", last wait "
                                + Futex.outcomeName(outcome));
                        System.exit(2);
                    }
                }
                for (int i = 0; i < layout.nframes(); i++) {
                    out.put(i, 2 * in.get(i));
                }
                segment.setLongRelease(layout.cycleOffset(0), round);
                segment.setIntRelease(done, round);
                futex.wake(doneAddress, 1);
            }
        }
        System.exit(0);
    }
}
