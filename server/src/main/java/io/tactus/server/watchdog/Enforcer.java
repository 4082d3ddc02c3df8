package io.tactus.server.watchdog;

import io.tactus.server.graph.ClientNode;
import io.tactus.server.telemetry.CycleRecord;

import java.util.Map;

/**
 * Carries out a policy's decisions: marks the client's file, silences it in the running plan at once (the
 * plan without it follows through {@link WatchdogActions}, a period or two later), logs the action, and logs
 * again when the shed took effect. It never touches the engine or the graph itself. Guarded by the
 * {@link Watchdog}'s lock.
 */
final class Enforcer {

    private final String label;
    private final ClientFiles files;
    private final EventLog log;
    private final WatchdogActions actions;
    /** Mutes and evictions decided whose effect has not been seen in a cycle yet. */
    private int shedsPending;

    Enforcer(String label, ClientFiles files, EventLog log, WatchdogActions actions) {
        this.label = label;
        this.files = files;
        this.log = log;
        this.actions = actions;
    }

    boolean shedsPending() {
        return shedsPending > 0;
    }

    /** Logs, for each client muted or evicted, the first cycle that did not run it: when the action took effect. */
    void noteShedsApplied(CycleRecord cycle) {
        for (ClientWatch watch : files.all()) {
            if (watch.shedPendingSince < 0 || files.ranIn(cycle, watch)) {
                continue;
            }
            shedsPending--;
            long cycles = cycle.cycle - watch.shedPendingSince;
            log.observe(new WatchdogEvent(cycle.wakeup, cycle.cycle, label, WatchdogEvent.Action.SILENCED,
                    watch.name, String.format("no longer run from cycle %d on, %d cycle(s) after the decision", cycle.cycle, cycles),
                    Map.of("cyclesAfterDecision", (double) cycles)));
            watch.shedPendingSince = -1;
        }
    }

    void mute(ClientWatch watch, CycleRecord cycle, long until, String reason, Map<String, Double> figures) {
        watch.state = ClientState.MUTED;
        files.silenceNow(watch);
        shedPending(watch, cycle);
        watch.mutedUntil = until;
        watch.costWhenMuted = watch.ownMean;
        watch.mutes++;
        watch.actions++;
        log.act(new WatchdogEvent(cycle.end, cycle.cycle, label, WatchdogEvent.Action.MUTE, watch.name,
                reason, figures));
        actions.mute(watch.node);
    }

    void readmit(ClientWatch watch, CycleRecord cycle, String reason, Map<String, Double> figures) {
        watch.state = ClientState.ACTIVE;
        if (watch.shedPendingSince >= 0) {
            watch.shedPendingSince = -1;
            shedsPending--;
        }
        watch.mutedUntil = Long.MAX_VALUE;
        watch.actions++;
        log.act(new WatchdogEvent(cycle.end, cycle.cycle, label, WatchdogEvent.Action.READMIT, watch.name,
                reason, figures));
        actions.readmit(watch.node);
    }

    private void shedPending(ClientWatch watch, CycleRecord cycle) {
        if (watch.shedPendingSince < 0) {
            shedsPending++;
        }
        watch.shedPendingSince = cycle.cycle;
    }

    /** Readmits every client whose back-off has run out (evict's probation, bypass's back-off). */
    void readmitExpired(long now, CycleRecord cycle) {
        for (ClientWatch watch : files.all()) {
            if (watch.state == ClientState.MUTED && !watch.mutedByGovernor && watch.mutedUntil <= now) {
                readmit(watch, cycle, "back-off over; readmitted on probation", Map.of());
            }
        }
    }

    void evict(ClientWatch watch, CycleRecord cycle, String reason, Map<String, Double> figures) {
        watch.state = ClientState.EVICTED;
        files.silenceNow(watch);
        shedPending(watch, cycle);
        watch.actions++;
        log.act(new WatchdogEvent(cycle.end, cycle.cycle, label, WatchdogEvent.Action.EVICT, watch.name,
                reason, figures));
        actions.evict(watch.node, "evicted by watchdog (" + label + "): " + reason);
    }

    /**
     * The engine thread was stuck in {@code client}'s process call and has been replaced: logs it, evicts the client.
     */
    void onRunaway(ClientNode client, long now, long cycle, double stuckMillis, String engineAction) {
        ClientWatch watch = files.fileOn(client);
        String reason = String.format("its process call had not returned after %.1f ms (runaway); %s", stuckMillis, engineAction);
        log.act(new WatchdogEvent(now, cycle, label, WatchdogEvent.Action.RESTART, watch.name, reason,
                Map.of("stuckMillis", stuckMillis)));
        watch.state = ClientState.EVICTED;
        watch.actions++;
        log.act(new WatchdogEvent(now, cycle, label, WatchdogEvent.Action.EVICT, watch.name, reason,
                Map.of("stuckMillis", stuckMillis)));
        actions.evict(client, "evicted by watchdog (" + label + "): " + reason);
    }
}
