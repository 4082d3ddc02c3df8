package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Graph;
import io.tactus.server.telemetry.CycleRecord;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Drives a {@link Watchdog} with hand-made cycle records instead of an engine: a graph of idle clients, a
 * clock that advances one period per cycle, and made-up own work per client. Clients run one after the
 * other from the cycle's wakeup, so a client late in the order waits for all before it; the cycle ends
 * after the last client plus a fixed overhead. No threads, no sleeping: seconds of cycles take
 * milliseconds. By default the actions are carried out at once (the next cycle runs the new plan);
 * {@link #ignoreActions()} keeps the plan as it was, the worst case of a mute still on its way.
 */
final class SyntheticCycles {

    static final long PERIOD = 1_333_333;
    static final long MILLIS = 1_000_000;
    private static final long T0 = 1_000_000_000_000L;

    /** Own work of a client in a cycle, in nanoseconds. */
    interface Work {
        long nanos(String client, long cycle);
    }

    final Graph graph = new Graph(64, 2, 2);
    final RecordingActions actions = new RecordingActions();
    private final Map<String, Long> costs = new HashMap<>();
    private final CycleRecord record = new CycleRecord(64);
    private Work work = (client, cycle) -> costs.getOrDefault(client, 0L);
    private Watchdog watchdog;
    private ExecutionPlan plan;
    private boolean stale = true;
    private boolean follow = true;
    private long generation;
    private long cycle;
    private long overheadNanos = PERIOD / 100;
    private long delayNanos;
    private long loadBusy;
    private long loadCycles;
    private long lastEnd;

    static long share(double fractionOfPeriod) {
        return Math.round(fractionOfPeriod * PERIOD);
    }

    SyntheticCycles start(WatchdogSettings settings) {
        return start(settings, () -> 1.0);
    }

    SyntheticCycles start(WatchdogSettings settings, DoubleSupplier rtBudgetShare) {
        return start(settings, rtBudgetShare, () -> 0);
    }

    /** With {@code rtOverheadShare}: what the realtime threads other than the engine's spend, a share of a CPU. */
    SyntheticCycles start(WatchdogSettings settings, DoubleSupplier rtBudgetShare, DoubleSupplier rtOverheadShare) {
        watchdog = new Watchdog(settings, PERIOD, actions, rtBudgetShare, rtOverheadShare);
        return this;
    }

    Watchdog watchdog() {
        return watchdog;
    }

    /** Adds an active client with one port and an empty process callback; it runs from the next cycle. */
    ClientNode add(String name, ClientPriority priority, long ownNanos) {
        ClientNode node = graph.addClient(name, priority);
        graph.addPort(node, "out", false, false);
        node.setProcess(nframes -> { });
        graph.setActive(node, true);
        costs.put(name, ownNanos);
        stale = true;
        return node;
    }

    ClientNode add(String name, long ownNanos) {
        return add(name, ClientPriority.NORMAL, ownNanos);
    }

    /** Adds {@code count} clients named prefix-0, prefix-1, ... */
    List<String> addMany(String prefix, int count, ClientPriority priority, long ownNanos) {
        List<String> names = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            add(prefix + "-" + i, priority, ownNanos);
            names.add(prefix + "-" + i);
        }
        return names;
    }

    /**
     * Makes {@code client} an out-of-process client the server gave up on in every cycle from now: one that
     * had begun the cycle (its own work so far as set by {@link #cost}), or one that had not begun it.
     */
    void giveUpOn(String client, boolean began) {
        givenUp.put(client, began);
    }

    private final Map<String, Boolean> givenUp = new HashMap<>();

    void cost(String client, long ownNanos) {
        costs.put(client, ownNanos);
    }

    /** Replaces the per-client costs by a model (e.g. bursts or jitter). */
    void work(Work model) {
        this.work = model;
    }

    void overhead(long nanos) {
        this.overheadNanos = nanos;
    }

    /** How late the engine wakes after the ideal start (host or kernel delay). */
    void delay(long nanos) {
        this.delayNanos = nanos;
    }

    /** The client leaves the graph (closes), as one whose connection ended. */
    void remove(String client) {
        graph.removeClient(graph.client(client));
        costs.remove(client);
        stale = true;
    }

    void deactivate(String client) {
        graph.setActive(graph.client(client), false);
        stale = true;
    }

    /** Actions are recorded but the plan is left as it was: a muted client keeps running and being measured. */
    void ignoreActions() {
        follow = false;
    }

    /** Time of each cycle the engine thread spends off the CPU (throttled, preempted), inside the longest call. */
    private long offCpuNanos;

    SyntheticCycles offCpu(long nanos) {
        this.offCpuNanos = nanos;
        return this;
    }

    /** End of the last cycle run. */
    long now() {
        return lastEnd;
    }

    /** Runs one cycle and hands its record to the watchdog, as the telemetry consumer does. */
    CycleRecord runCycle() {
        if (stale) {
            plan = graph.plan(++generation);
            stale = false;
            record.planSwitched = true;
        } else {
            record.planSwitched = false;
        }
        long ideal = T0 + cycle * PERIOD;
        record.cycle = cycle;
        record.idealStart = ideal;
        record.wakeup = ideal + delayNanos;
        record.commandsDone = record.wakeup;
        record.deadline = ideal + PERIOD;
        record.plan = plan;
        record.clientCount = plan.stepCount();
        long t = record.commandsDone;
        for (int i = 0; i < record.clientCount; i++) {
            Boolean began = givenUp.get(plan.clientName(i));
            record.clientTimedOut[i] = began != null;
            if (began != null && !began) {
                record.clientStarts[i] = t; // as the engine records it: when it called the client, no own work
                record.clientNanos[i] = 0;
                continue;
            }
            record.clientStarts[i] = t;
            record.clientNanos[i] = work.nanos(plan.clientName(i), cycle);
            t += record.clientNanos[i];
        }
        record.end = t + overheadNanos;
        record.cpuNanos = record.cycleNanos() - offCpuNanos; // the thread ran all the time unless told otherwise
        record.xrun = record.end > record.deadline;
        record.afterOverrun = false;
        record.skippedPeriods = 0;
        record.failedClient = CycleRecord.NONE;
        record.failure = null;
        record.rtAllocatedBytes = -1;
        record.findTimeoutClient();
        record.findWaits();
        loadBusy += record.cycleNanos();
        loadCycles++;
        lastEnd = record.end;
        cycle++;
        watchdog.onCycle(record);
        return record;
    }

    void runCycles(long count) {
        for (long i = 0; i < count; i++) {
            runCycle();
        }
    }

    /** Runs whole periods until at least {@code millis} have passed. */
    void runFor(long millis) {
        runCycles((millis * MILLIS + PERIOD - 1) / PERIOD);
    }

    /** Starts measuring the DSP load (cycle time over period) the watchdog is fed. */
    void markLoad() {
        loadBusy = 0;
        loadCycles = 0;
    }

    /** Mean DSP load in percent since {@link #markLoad()}. */
    double loadPercentSinceMark() {
        return 100.0 * loadBusy / ((double) loadCycles * PERIOD);
    }

    List<WatchdogEvent> events(WatchdogEvent.Action action) {
        return watchdog.events().stream().filter(e -> e.action() == action).toList();
    }

    List<WatchdogEvent> actionEvents() {
        return watchdog.events().stream().filter(e -> e.action().isAction()).toList();
    }

    ClientView view(String client) {
        return watchdog.clients().stream().filter(v -> v.name().equals(client)).findFirst().orElseThrow();
    }

    /** Records what the watchdog asked for ("mute hog") and, unless told not to, carries it out on the graph. */
    final class RecordingActions implements WatchdogActions {

        final List<String> calls = new ArrayList<>();

        @Override
        public void mute(ClientNode client) {
            calls.add("mute " + client.name());
            if (follow) {
                graph.setMuted(client, true);
                stale = true;
            }
        }

        @Override
        public void readmit(ClientNode client) {
            calls.add("readmit " + client.name());
            if (follow) {
                graph.setMuted(client, false);
                stale = true;
            }
        }

        @Override
        public void evict(ClientNode client, String reason) {
            calls.add("evict " + client.name());
            if (follow) {
                graph.removeClient(client);
                stale = true;
            }
        }
    }
}
