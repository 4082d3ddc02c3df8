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
 * The watchdog's files on its clients ({@link ClientWatch}), one per client, and which file each position of the
 * running plan belongs to. The mapping is rebuilt only when the plan changes, so a cycle finds its clients' files
 * by position. A client that left keeps its file, so a report or {@code tactus top} still shows what it did, but
 * only the last {@value #DEPARTED_KEPT} of those: a file holds its client's node, and the node its ports and its
 * connection, so a server whose clients come and go kept every one it ever had (a soak's server, 30 clients a
 * minute). Guarded by the {@link Watchdog}'s lock.
 */
final class ClientFiles {

    /** Files kept on clients that left the graph (gone or evicted), the most recent ones. */
    static final int DEPARTED_KEPT = 64;

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
        int departed = 0;
        for (ClientWatch watch : watches.values()) {
            if (watch.node.isClosed() && watch.state != ClientState.EVICTED) {
                watch.state = ClientState.GONE;
            }
            if (watch.node.isClosed()) {
                departed++;
            }
        }
        // The oldest first: the map keeps the order in which clients first ran.
        for (var files = watches.values().iterator(); departed > DEPARTED_KEPT && files.hasNext(); ) {
            if (files.next().node.isClosed()) {
                files.remove();
                departed--;
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
