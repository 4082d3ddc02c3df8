package io.tactus.server.watchdog;

import io.tactus.server.telemetry.CycleRecord;

import java.util.Map;

/**
 * JACK1's behaviour in 2005, kept as the baseline the others are measured against: the client that was
 * running when a cycle timed out is zombified (evicted), whether it caused the overload or was only the
 * one caught holding the cycle when the kernel throttled the server. No grace period: JACK had none.
 */
final class JackPolicy implements DegradationPolicy {

    @Override
    public void onCycle(CycleRecord cycle, ClientWatch[] steps, Watchdog watchdog) {
        if (cycle.timeoutClient == CycleRecord.NONE) {
            return;
        }
        ClientWatch culprit = steps[cycle.timeoutClient];
        if (culprit == null || culprit.state == ClientState.EVICTED || culprit.state == ClientState.GONE) {
            return;
        }
        double own = cycle.clientNanos[cycle.timeoutClient] / 1000.0;
        watchdog.evict(culprit, cycle, String.format("zombified: it was running when cycle %d timed out "
                        + "(own work %.0f usecs, cycle %.0f usecs of a %.0f usecs period)", cycle.cycle, own,
                cycle.cycleNanos() / 1000.0, watchdog.periodNanos() / 1000.0),
                Map.of("ownMicros", own, "cycleMicros", cycle.cycleNanos() / 1000.0));
    }
}
