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
}
