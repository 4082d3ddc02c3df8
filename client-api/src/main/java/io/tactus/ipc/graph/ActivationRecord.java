package io.tactus.ipc.graph;

import static io.tactus.ipc.graph.ClientState.FINISHED;
import static io.tactus.ipc.graph.ClientState.NOT_TRIGGERED;
import static io.tactus.ipc.graph.ClientState.RUNNING;
import static io.tactus.ipc.graph.ClientState.TIMED_OUT;
import static io.tactus.ipc.graph.ClientState.TRIGGERED;

import io.tactus.rt.Futex;

/**
 * One client's words in the {@link GraphSegment} and the transitions of its state, each a single atomic
 * step that any process may race with any other: the state and activation words carry the cycle in
 * their high half, so a step meant for an earlier cycle (a late finish, a decrement after the engine
 * moved on) fails its compare-and-set instead of corrupting the current one. Whoever wins the
 * NOT_TRIGGERED → TRIGGERED step alone bumps the signal word and wakes the client; whoever wins
 * RUNNING → FINISHED or the server's step to TIMED_OUT alone signals the successors. So a client is woken
 * at most once per cycle and its successors are counted down for it exactly once. Trade-off: a CAS loop
 * per decrement instead of JACK2's plain atomic decrement, the price of rejecting stale ones.
 *
 * <p>Realtime: every method allocates nothing and takes no lock; only {@link #trigger} and
 * {@link #awaitSignal} make a system call (the futex). Make the records once, at setup.
 */
public final class ActivationRecord {

    private static final long LOW = 0xFFFF_FFFFL;

    private final GraphSegment segment;
    private final Futex futex;
    private final int index;
    private final int activation;
    private final int signal;
    private final long signalAddress;
    private final int triggered;
    private final int state;
    private final int started;
    private final int finished;

    public ActivationRecord(GraphSegment segment, Futex futex, int index) {
        GraphLayout layout = segment.layout();
        this.segment = segment;
        this.futex = futex;
        this.index = index;
        this.activation = layout.activationOffset(index);
        this.signal = layout.signalOffset(index);
        this.signalAddress = segment.wordAddress(signal);
        this.triggered = layout.triggeredOffset(index);
        this.state = layout.stateOffset(index);
        this.started = layout.startedOffset(index);
        this.finished = layout.finishedOffset(index);
    }

    /** A state or activation word: the cycle's low 32 bits high, {@code low} below. */
    static long word(long cycle, int low) {
        return (cycle << 32) | (low & LOW);
    }

    private static boolean sameCycle(long word, long cycle) {
        return (int) (word >>> 32) == (int) cycle;
    }

    public int index() {
        return index;
    }

    /** Engine, at cycle start, before any trigger: NOT_TRIGGERED, waiting for {@code feeders}. Realtime. */
    public void reset(long cycle, int feeders) {
        segment.setLongRelease(state, word(cycle, NOT_TRIGGERED));
        segment.setLongRelease(activation, word(cycle, feeders));
    }

    /**
     * A feeder finished (or was given up on) in {@code cycle}: one full-fence decrement of the count.
     * Realtime. Returns true for the one call that brought it to zero; false for a stale cycle or a
     * count already at zero.
     */
    public boolean decrement(long cycle) {
        while (true) {
            long seen = segment.getLongAcquire(activation);
            if (!sameCycle(seen, cycle) || (seen & LOW) == 0) {
                return false;
            }
            if (segment.compareAndSetLong(activation, seen, seen - 1)) {
                return (seen & LOW) == 1;
            }
        }
    }

    /**
     * NOT_TRIGGERED → TRIGGERED for {@code cycle}; the winner stamps the time, bumps the signal word and
     * makes one FUTEX_WAKE. Realtime. Returns false when the record was not waiting in that cycle (timed
     * out already, or triggered by someone else), and then signals nothing.
     */
    public boolean trigger(long cycle, long nowNanos) {
        if (!segment.compareAndSetLong(state, word(cycle, NOT_TRIGGERED), word(cycle, TRIGGERED))) {
            return false;
        }
        segment.setLongRelease(triggered, nowNanos);
        segment.getAndAddInt(signal, 1);
        futex.wake(signalAddress, 1);
        return true;
    }

    /** The signal word's generation (acquire); wait until it moves past the one last seen. Realtime. */
    public int signal() {
        return segment.getIntAcquire(signal);
    }

    /** FUTEX_WAIT while the signal word still holds {@code seen}; a {@link Futex} outcome. Realtime. */
    public int awaitSignal(int seen, long timeoutNanos) {
        return futex.wait(signalAddress, seen, timeoutNanos);
    }

    /**
     * The client, once signalled: TRIGGERED → RUNNING, stamping the start. Realtime. Returns the cycle
     * (its low 32 bits, non-negative) to run, or -1 when there is nothing to run (the server timed it
     * out before it began, or it was not triggered).
     */
    public long begin(long nowNanos) {
        long seen = segment.getLongAcquire(state);
        if ((int) seen != TRIGGERED || !segment.compareAndSetLong(state, seen, (seen & ~LOW) | RUNNING)) {
            return -1;
        }
        segment.setLongRelease(started, nowNanos);
        return seen >>> 32;
    }

    /**
     * The client, woken with nothing to run (the server gave up on it, or a spurious wake): stamps the
     * finish, which tells the server it is no longer busy with an earlier cycle. Realtime.
     */
    public void idle(long nowNanos) {
        segment.setLongRelease(finished, nowNanos);
    }

    /**
     * The client, done: stamps the finish, then RUNNING → FINISHED for {@code cycle}. Realtime. Returns
     * false when the server timed it out first: then its outputs stay invalid and it signals no one.
     */
    public boolean finish(long cycle, long nowNanos) {
        segment.setLongRelease(finished, nowNanos);
        return segment.compareAndSetLong(state, word(cycle, RUNNING), word(cycle, FINISHED));
    }

    /**
     * The server, at the client's deadline: NOT_TRIGGERED, TRIGGERED or RUNNING → TIMED_OUT in
     * {@code cycle}. Realtime. Returns true when this call won; the caller then signals the successors in
     * the client's place. False when it had finished, was timed out already, or the cycle is another.
     */
    public boolean timeOut(long cycle) {
        while (true) {
            long seen = segment.getLongAcquire(state);
            int current = (int) seen;
            if (!sameCycle(seen, cycle) || current == FINISHED || current == TIMED_OUT) {
                return false;
            }
            if (segment.compareAndSetLong(state, seen, word(cycle, TIMED_OUT))) {
                return true;
            }
        }
    }

    /** One FUTEX_WAKE on the signal word without moving it: the waiter looks again (to stop, say). */
    public void wakeWaiter() {
        futex.wake(signalAddress, 1);
    }

    /** The {@link ClientState} code (acquire). */
    public int state() {
        return (int) segment.getLongAcquire(state);
    }

    /** The low 32 bits of the cycle the state word belongs to. */
    public int stateCycle() {
        return (int) (segment.getLongAcquire(state) >>> 32);
    }

    /** How many feeders the current cycle still waits for. */
    public int count() {
        return (int) segment.getLongAcquire(activation);
    }

    public long triggeredNanos() {
        return segment.getLongAcquire(triggered);
    }

    public long startedNanos() {
        return segment.getLongAcquire(started);
    }

    public long finishedNanos() {
        return segment.getLongAcquire(finished);
    }

    @Override
    public String toString() {
        return "ActivationRecord[" + index + ", " + ClientState.name(state()) + " in cycle " + stateCycle()
                + ", count " + count() + "]";
    }
}
