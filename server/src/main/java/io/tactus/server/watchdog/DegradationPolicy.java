package io.tactus.server.watchdog;

import io.tactus.server.telemetry.CycleRecord;

/**
 * Decides, cycle by cycle, whom to shed when realtime load is more than the machine can give. A policy
 * only reads the cycle and the watchdog's per-client files and acts through the {@link Watchdog}, which
 * logs every action with its reason and leaves the doing to the server. Runs on the telemetry consumer
 * thread, never on the engine's; a policy may keep state and allocate.
 */
interface DegradationPolicy {

    /**
     * One finished cycle. {@code steps[i]} is the file of the client at plan position i (null for a
     * client that left); its work and wait are already recorded.
     */
    void onCycle(CycleRecord cycle, ClientWatch[] steps, Watchdog watchdog);

    static DegradationPolicy of(PolicyKind kind) {
        return switch (kind) {
            case NONE -> (cycle, steps, watchdog) -> { };
            case JACK -> new JackPolicy();
            case EVICT -> new StrikePolicy(false);
            case BYPASS -> new StrikePolicy(true);
            case GOVERNOR -> new GovernorPolicy();
        };
    }
}
