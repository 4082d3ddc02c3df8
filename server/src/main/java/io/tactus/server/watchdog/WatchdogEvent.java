package io.tactus.server.watchdog;

import java.util.Map;

/**
 * Something the watchdog saw or did, with the figures behind it: an xrun or timeout and the client(s)
 * that consumed the cycle, or an action (mute, readmit, evict, engine thread restarted) and why.
 *
 * @param timeNanos when, as {@link System#nanoTime()} (the end of the cycle that triggered it)
 * @param cycle     the period index of that cycle
 * @param policy    the policy in force
 * @param action    what happened
 * @param client    the client(s) concerned, comma-separated; "(host)" when no client consumed the cycle
 * @param reason    one sentence with the figures
 * @param figures   the same figures as numbers (microseconds and percent), for the JSON report
 */
public record WatchdogEvent(long timeNanos, long cycle, String policy, Action action, String client, String reason,
                            Map<String, Double> figures) {

    /** The figure of a TIMEOUT event that says whether the client had begun its cycle: 1 it had, 0 it had not. */
    public static final String BEGAN = "began";

    /** A TIMEOUT of a client that had not begun its cycle when the server stopped waiting for it. */
    public boolean timeoutNotBegun() {
        return action == Action.TIMEOUT && figures.getOrDefault(BEGAN, 1.0) == 0.0;
    }

    public enum Action {
        /** A cycle missed its deadline (observed, not an action). */
        XRUN,
        /**
         * A client was still running at the deadline, or (in its own process) had not answered within its
         * own limit (observed); {@link #BEGAN} says whether it had begun the cycle.
         */
        TIMEOUT,
        /** The client is left out of the graph; its outputs read as silence. */
        MUTE,
        /** A muted client runs again. */
        READMIT,
        /** The client is removed and told why. */
        EVICT,
        /** The engine thread was stuck in a client's call: demoted, replaced by a fresh one. */
        RESTART,
        /** A muted or evicted client is no longer in the plan the engine runs (observed: the action took effect). */
        SILENCED;

        /** True for what the watchdog did, false for what it only observed. */
        public boolean isAction() {
            return this != XRUN && this != TIMEOUT && this != SILENCED;
        }
    }
}
