package io.tactus.server.graph;

import io.tactus.api.ProcessCallback;

/**
 * A process callback that can give up on its client before the period's deadline: an out-of-process
 * client, whose outputs count as silence when it has not answered within its time limit. The engine
 * asks after each call, so the telemetry consumer can record the timeout without the cycle overrunning.
 */
public interface TimedProcess extends ProcessCallback {

    /** Realtime: the last call gave up on the client (or found it still busy) and silenced its outputs. */
    boolean timedOut();

    /**
     * Realtime: starts the client's cycle now, without waiting for it; the next {@link #process} call then
     * only waits for the answer. The engine uses it to wake independent out-of-process clients together, so
     * they run in parallel on every core instead of one after another.
     */
    void trigger(int nframes);

    /**
     * Realtime: when the client began its own work in the last {@link #process} call, on the clock of
     * {@link System#nanoTime}, as the client itself stamped it; 0 when it did not begin this cycle.
     */
    long ownStart();

    /** Realtime: the client's own work in the last call, from {@link #ownStart} to its answer (or to the give-up). */
    long ownNanos();
}
