package io.tactus.server.watchdog;

/** Where the watchdog stands with a client. */
public enum ClientState {
    /** Joined less than the grace period ago: runs, is measured, is not judged. */
    GRACE,
    /** Runs and is judged. */
    ACTIVE,
    /** Left out of the graph by the watchdog; outputs read as silence. */
    MUTED,
    /** Removed by the watchdog. */
    EVICTED,
    /** Closed or deactivated by its owner. */
    GONE
}
