package io.tactus.api;

/**
 * A slow-starting client's say in a transport start or reposition ({@code jack_set_sync_callback}): while
 * the transport is {@link TransportState#STARTING} the server asks every such client each cycle, and rolls
 * when all are ready or the sync timeout passes. In-process, it runs on the engine thread at the start of
 * the cycle, under the process callback's rules.
 */
@FunctionalInterface
public interface SyncCallback {

    /** True when the client is ready to roll from {@code position}. */
    boolean sync(TransportState state, TransportPosition position);
}
