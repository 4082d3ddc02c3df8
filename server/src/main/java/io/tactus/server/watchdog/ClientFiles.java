package io.tactus.server.watchdog;

import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.telemetry.CycleRecord;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The watchdog's files on its clients ({@link ClientWatch}), one per client for the whole run, and which
 * file each position of the running plan belongs to. The mapping is rebuilt only when the plan changes, so
 * a cycle finds its clients' files by position. Guarded by the {@link Watchdog}'s lock.
 */
final class ClientFiles {

    private final int strikes;
    private final Map<ClientNode, ClientWatch> watches = new LinkedHashMap<>();
    private ExecutionPlan lastPlan;
    private ClientWatch[] steps = new ClientWatch[0];

    ClientFiles(int strikes) {
        this.strikes = strikes;
    }

    /** Maps plan positions to client files when {@code plan} is new, opening a file for each newcomer. */
    void follow(ExecutionPlan plan) {
        if (plan == lastPlan) {
            return;
        }
        lastPlan = plan;
        steps = new ClientWatch[plan.stepCount()];
        for (int i = 0; i < steps.length; i++) {
            steps[i] = fileOn(plan.step(i).client());
        }
        for (ClientWatch watch : watches.values()) {
            if (watch.node.isClosed() && watch.state != ClientState.EVICTED) {
                watch.state = ClientState.GONE;
            }
        }
    }

    /** The client's file, opened now if it has none. */
    ClientWatch fileOn(ClientNode client) {
        return watches.computeIfAbsent(client, n -> new ClientWatch(n, strikes));
    }

    /** The files by position in the plan last followed. */
    ClientWatch[] steps() {
        return steps;
    }

    Collection<ClientWatch> all() {
        return watches.values();
    }

    /** True when {@code cycle} ran the client of {@code watch}. */
    boolean ranIn(CycleRecord cycle, ClientWatch watch) {
        for (int i = 0; i < cycle.clientCount; i++) {
            if (steps[i] == watch && cycle.clientStarts[i] != 0) {
                return true;
            }
        }
        return false;
    }

    /** Skips the client in the plan the engine runs now, from its next cycle; the plan without it follows. */
    void silenceNow(ClientWatch watch) {
        for (int i = 0; i < steps.length; i++) {
            if (steps[i] == watch) {
                lastPlan.step(i).silence(true);
            }
        }
    }

    List<ClientView> views(long periodNanos) {
        List<ClientView> views = new ArrayList<>();
        for (ClientWatch watch : watches.values()) {
            views.add(watch.view(periodNanos));
        }
        return views;
    }
}
