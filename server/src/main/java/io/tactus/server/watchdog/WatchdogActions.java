package io.tactus.server.watchdog;

import io.tactus.server.graph.ClientNode;

/**
 * What the watchdog can do to a client, carried out by the server through graph changes (and so through
 * the engine's command ring). Implementations must not block the caller, the telemetry consumer: a plan
 * switch waits for the engine, so the server runs these on a thread of its own.
 */
public interface WatchdogActions {

    /** Leaves the client out of the plan; its outputs read as silence. */
    void mute(ClientNode client);

    /** Puts a muted client back into the plan. */
    void readmit(ClientNode client);

    /** Removes the client and calls its shutdown callback with {@code reason}. */
    void evict(ClientNode client, String reason);
}
