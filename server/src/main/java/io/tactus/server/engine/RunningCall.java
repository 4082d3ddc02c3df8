package io.tactus.server.engine;

import io.tactus.server.graph.Step;

/**
 * The client call an engine thread is in, as a runaway watch sees it ({@link Engine} is the one there is;
 * tests stand in for it without instrumenting the engine's own class).
 */
public interface RunningCall {

    /** When the running client call started ({@link System#nanoTime()}), or 0 between calls. Any thread. */
    long runningSince();

    /** The step whose client call is running now, or null between calls; a racy peek. */
    Step runningStep();

    /**
     * Takes the engine away from the thread stuck in the call that started at {@code started}; null when it returned
     * meanwhile.
     */
    Engine.Stall takeOver(long started);

    /** Whether the period loop still runs. */
    boolean isRunning();
}
