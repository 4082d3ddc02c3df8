package io.tactus.server.watchdog;

import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.CycleRecord;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Reads every cycle the engine publishes, keeps a file on each client (own work, waiting, strikes, blame),
 * names the client(s) behind each xrun and timeout, and lets the {@link DegradationPolicy} decide whom
 * to shed. It never touches the engine: actions go to {@link WatchdogActions}, which the server carries
 * out through graph changes on a thread of its own. Runs on the telemetry consumer thread; the views
 * ({@link #events()}, {@link #clients()}) may be read from any thread.
 */
public final class Watchdog implements CycleListener {

    /** Xrun and timeout events kept in the log; the rest are counted. Actions are always kept. */
    public static final int OBSERVED_EVENTS_KEPT = 1000;
    static final int ACTIONS_KEPT = 10_000;
    /** A client whose own work took this share of the period is named as having consumed an xrun cycle. */
    static final double CONSUMER_SHARE = 0.25;
    /** The budget is re-read this often: a user (or --rt-limit) may change it at any time. */
    private static final long BUDGET_REREAD_NANOS = 100_000_000L;

    private final WatchdogSettings settings;
    private final DegradationPolicy policy;
    private final long periodNanos;
    private final WatchdogActions actions;
    private final DoubleSupplier rtBudgetShare;
    private final Map<ClientNode, ClientWatch> watches = new LinkedHashMap<>();
    private final List<WatchdogEvent> events = new ArrayList<>();
    private ExecutionPlan lastPlan;
    private ClientWatch[] steps = new ClientWatch[0];
    private long[] own = new long[0];
    private long xrunEvents;
    private long timeoutEvents;
    private long observedDropped;
    /** Xruns and timeouts of earlier cycles are not logged (see {@link #restartObservations}). */
    private long observeFrom;
    private long actionsTaken;
    private int shedsPending;
    private double budgetShare = 1;
    private long budgetReadAt = Long.MIN_VALUE;

    /**
     * @param rtBudgetShare the kernel's RT budget as a share (0..1], re-read every 100 ms (the governor's ceiling)
     */
    public Watchdog(WatchdogSettings settings, long periodNanos, WatchdogActions actions, DoubleSupplier rtBudgetShare) {
        settings.validate();
        this.settings = settings;
        this.policy = DegradationPolicy.of(settings.policy());
        this.periodNanos = periodNanos;
        this.actions = actions;
        this.rtBudgetShare = rtBudgetShare;
    }

    @Override
    public synchronized void onCycle(CycleRecord cycle) {
        if (cycle.plan != lastPlan) {
            resolve(cycle.plan);
        }
        if (shedsPending > 0) {
            noteShedsApplied(cycle);
        }
        chargeOwnWork(cycle);
        for (int i = 0; i < cycle.clientCount; i++) {
            if (steps[i] != null && cycle.clientStarts[i] != 0) {
                steps[i].ran(cycle.end, own[i], cycle.clientWaits[i]);
                judged(steps[i], cycle.end); // GRACE turns ACTIVE here, whatever the policy looks at
            }
        }
        if (cycle.xrun) {
            blameXrun(cycle);
        }
        if (cycle.timeouts > 0) {
            blameTimeouts(cycle);
        }
        policy.onCycle(cycle, steps, this);
    }

    /**
     * Each client's own work this cycle: its call's wall time, except that time the engine thread spent
     * off the CPU (the kernel's RT throttling, preemption, the host) is taken off the longest in-process
     * call, where it most likely fell; an out-of-process client's work comes from its own stamps. A client blocking inside its call is off the CPU too; the stall monitor, which
     * can see the thread's state, deals with that one.
     */
    private void chargeOwnWork(CycleRecord cycle) {
        if (own.length < cycle.clientCount) {
            own = new long[cycle.clientNanos.length];
        }
        int heaviest = -1;
        for (int i = 0; i < cycle.clientCount; i++) {
            own[i] = cycle.clientNanos[i];
            // An out-of-process client's figure is its own stamps: the engine's time off the CPU is not in it.
            if (!cycle.plan.step(i).isRemote() && (heaviest < 0 || own[i] > own[heaviest])) {
                heaviest = i;
            }
        }
        if (heaviest >= 0) {
            own[heaviest] = Math.max(0, own[heaviest] - cycle.offCpuNanos());
        }
    }

    /** The own work of the client at plan position {@code step} this cycle, as charged (see {@link #chargeOwnWork}). */
    long own(int step) {
        return own[step];
    }

    /** Maps plan positions to client files, opening a file for each newcomer. */
    private void resolve(ExecutionPlan plan) {
        lastPlan = plan;
        steps = new ClientWatch[plan.stepCount()];
        for (int i = 0; i < steps.length; i++) {
            ClientNode node = plan.step(i).client();
            steps[i] = watches.computeIfAbsent(node, n -> new ClientWatch(n, settings.strikes()));
        }
        for (ClientWatch watch : watches.values()) {
            if (watch.node.isClosed() && watch.state != ClientState.EVICTED) {
                watch.state = ClientState.GONE;
            }
        }
    }

    /** Logs, for each client muted or evicted, the first cycle that did not run it: when the action took effect. */
    private void noteShedsApplied(CycleRecord cycle) {
        for (ClientWatch watch : watches.values()) {
            if (watch.shedPendingSince < 0 || ranIn(cycle, watch)) {
                continue;
            }
            shedsPending--;
            long cycles = cycle.cycle - watch.shedPendingSince;
            observe(new WatchdogEvent(cycle.wakeup, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.SILENCED,
                    watch.name, String.format("no longer run from cycle %d on, %d cycle(s) after the decision", cycle.cycle, cycles),
                    Map.of("cyclesAfterDecision", (double) cycles)));
            watch.shedPendingSince = -1;
        }
    }

    private boolean ranIn(CycleRecord cycle, ClientWatch watch) {
        for (int i = 0; i < cycle.clientCount; i++) {
            if (steps[i] == watch && cycle.clientStarts[i] != 0) {
                return true;
            }
        }
        return false;
    }

    private void blameXrun(CycleRecord cycle) {
        xrunEvents++;
        if (cycle.end <= cycle.deadline) {
            // Only the device's xrun (the driver's writer or reader fell behind it): no client is to blame.
            observe(new WatchdogEvent(cycle.end, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.XRUN,
                    "(device)", String.format("cycle %d ended in time but the driver counted %d device xrun(s) during it",
                            cycle.cycle, cycle.driverXruns), Map.of("driverXruns", (double) cycle.driverXruns)));
            return;
        }
        StringBuilder names = new StringBuilder();
        StringBuilder figures = new StringBuilder();
        long threshold = (long) (periodNanos * CONSUMER_SHARE);
        int named = 0;
        boolean[] taken = new boolean[cycle.clientCount];
        while (named < 3) {
            int top = -1;
            for (int i = 0; i < cycle.clientCount; i++) {
                if (!taken[i] && cycle.clientNanos[i] >= threshold && (top < 0 || cycle.clientNanos[i] > cycle.clientNanos[top])) {
                    top = i;
                }
            }
            if (top < 0) {
                break;
            }
            taken[top] = true;
            named++;
            String name = cycle.plan.clientName(top);
            names.append(names.length() == 0 ? "" : ", ").append(name);
            figures.append(figures.length() == 0 ? "" : ", ").append(name).append(' ')
                    .append(Math.round(cycle.clientNanos[top] / 1000.0)).append(" usecs");
            if (steps[top] != null) {
                steps[top].xruns++;
            }
        }
        double late = (cycle.end - cycle.deadline) / 1000.0;
        double delay = cycle.delayNanos() / 1000.0;
        double used = cycle.cycleNanos() / 1000.0;
        double offCpu = cycle.offCpuNanos() / 1000.0;
        double remoteWait = cycle.remoteWaitNanos / 1000.0;
        String reason = named > 0
                ? String.format("cycle %d ended %.0f usecs late; it took %.0f usecs, consumed by %s", cycle.cycle, late, used, figures)
                : String.format("cycle %d ended %.0f usecs late with no client over %.0f usecs: the engine woke %.0f usecs late "
                        + "and the cycle took %.0f usecs, %.0f of them with the engine off the CPU and %.0f waiting for "
                        + "out-of-process clients (host or kernel)", cycle.cycle, late, threshold / 1000.0, delay, used, offCpu, remoteWait);
        observe(new WatchdogEvent(cycle.end, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.XRUN,
                named > 0 ? names.toString() : "(host)", reason,
                Map.of("lateMicros", late, "delayMicros", delay, "cycleMicros", used, "offCpuMicros", offCpu,
                        "remoteWaitMicros", remoteWait)));
    }

    /** One event per client that timed out this cycle: still running at the deadline, or not answering in time. */
    private void blameTimeouts(CycleRecord cycle) {
        for (int i = 0; i < cycle.clientCount; i++) {
            if (cycle.timedOut(i)) {
                blameTimeout(cycle, i);
            }
        }
    }

    private void blameTimeout(CycleRecord cycle, int i) {
        timeoutEvents++;
        String name = cycle.plan.clientName(i);
        if (steps[i] != null) {
            steps[i].timeouts++;
        }
        double own = cycle.clientNanos[i] / 1000.0;
        double wait = cycle.clientWaits[i] / 1000.0;
        String reason;
        if (cycle.spansDeadline(i)) {
            reason = String.format("still running at the deadline of cycle %d: own work %.0f usecs after waiting %.0f usecs",
                    cycle.cycle, own, wait);
        } else if (!cycle.began(i)) {
            reason = String.format("did not begin cycle %d before the server stopped waiting for it "
                    + "(not scheduled, stopped, or still busy with an earlier cycle)", cycle.cycle);
        } else {
            reason = String.format("began cycle %d %.0f usecs after it was due and had worked %.0f usecs "
                    + "when the server stopped waiting for it", cycle.cycle, wait, own);
        }
        observe(new WatchdogEvent(cycle.end, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.TIMEOUT, name,
                reason, Map.of("ownMicros", own, "waitMicros", wait, WatchdogEvent.BEGAN, cycle.began(i) ? 1.0 : 0.0)));
    }

    private void observe(WatchdogEvent event) {
        if (event.cycle() < observeFrom && isXrunOrTimeout(event)) {
            return; // before the measurement window: the consumer can still be catching up on those
        }
        if (events.size() - actionsTaken < OBSERVED_EVENTS_KEPT) {
            events.add(event);
        } else {
            observedDropped++;
        }
    }

    private void act(WatchdogEvent event) {
        actionsTaken++;
        if (events.size() < OBSERVED_EVENTS_KEPT + ACTIONS_KEPT) {
            events.add(event);
        }
    }

    // ---- for policies (consumer thread) ----

    WatchdogSettings settings() {
        return settings;
    }

    long periodNanos() {
        return periodNanos;
    }

    Collection<ClientWatch> watches() {
        return watches.values();
    }

    boolean judged(ClientWatch watch, long now) {
        if (watch.node.isClosed() && watch.state != ClientState.EVICTED) {
            watch.state = ClientState.GONE;
        }
        return watch.judged(now, settings.graceMillis() * 1_000_000);
    }

    /** The governor's ceiling in percent: the configured one, or the kernel's RT budget minus headroom. */
    double ceilingPercent() {
        if (settings.ceilingPercent() > 0) {
            return settings.ceilingPercent();
        }
        long now = System.nanoTime();
        if (budgetReadAt == Long.MIN_VALUE || now - budgetReadAt > BUDGET_REREAD_NANOS) {
            budgetShare = rtBudgetShare.getAsDouble();
            budgetReadAt = now;
        }
        return Math.max(1, budgetShare * 100 - settings.headroomPercent());
    }

    void mute(ClientWatch watch, CycleRecord cycle, long until, String reason, Map<String, Double> figures) {
        watch.state = ClientState.MUTED;
        silenceNow(watch);
        shedPending(watch, cycle);
        watch.mutedUntil = until;
        watch.costWhenMuted = watch.ownMean;
        watch.mutes++;
        watch.actions++;
        act(new WatchdogEvent(cycle.end, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.MUTE, watch.name,
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
        act(new WatchdogEvent(cycle.end, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.READMIT, watch.name,
                reason, figures));
        actions.readmit(watch.node);
    }

    private void shedPending(ClientWatch watch, CycleRecord cycle) {
        if (watch.shedPendingSince < 0) {
            shedsPending++;
        }
        watch.shedPendingSince = cycle.cycle;
    }

    /** Skips the client in the plan the engine runs now, from its next cycle; the plan without it follows. */
    private void silenceNow(ClientWatch watch) {
        for (int i = 0; i < steps.length; i++) {
            if (steps[i] == watch) {
                lastPlan.step(i).silence(true);
            }
        }
    }

    /** Readmits every client whose back-off has run out (evict's probation, bypass's back-off). */
    void readmitExpired(long now, CycleRecord cycle) {
        for (ClientWatch watch : watches.values()) {
            if (watch.state == ClientState.MUTED && !watch.mutedByGovernor && watch.mutedUntil <= now) {
                readmit(watch, cycle, "back-off over; readmitted on probation", Map.of());
            }
        }
    }

    void evict(ClientWatch watch, CycleRecord cycle, String reason, Map<String, Double> figures) {
        watch.state = ClientState.EVICTED;
        silenceNow(watch);
        shedPending(watch, cycle);
        watch.actions++;
        act(new WatchdogEvent(cycle.end, cycle.cycle, settings.policy().label(), WatchdogEvent.Action.EVICT, watch.name,
                reason, figures));
        actions.evict(watch.node, "evicted by watchdog (" + settings.policy().label() + "): " + reason);
    }

    /**
     * The engine thread was stuck in {@code client}'s process call and has been replaced: logs it and
     * evicts the client. Called by the server's stall monitor, whatever the policy but none.
     */
    public synchronized void onRunaway(ClientNode client, long now, long cycle, double stuckMillis, String engineAction) {
        ClientWatch watch = watches.computeIfAbsent(client, n -> new ClientWatch(n, settings.strikes()));
        String reason = String.format("its process call had not returned after %.1f ms (runaway); %s", stuckMillis, engineAction);
        act(new WatchdogEvent(now, cycle, settings.policy().label(), WatchdogEvent.Action.RESTART, watch.name, reason,
                Map.of("stuckMillis", stuckMillis)));
        watch.state = ClientState.EVICTED;
        watch.actions++;
        act(new WatchdogEvent(now, cycle, settings.policy().label(), WatchdogEvent.Action.EVICT, watch.name, reason,
                Map.of("stuckMillis", stuckMillis)));
        actions.evict(client, "evicted by watchdog (" + settings.policy().label() + "): " + reason);
    }

    /**
     * Forgets the xrun and timeout events logged so far (actions are kept) and logs none of a cycle before
     * {@code fromCycle}, so that a measurement window opening at that cycle gets the whole
     * {@value #OBSERVED_EVENTS_KEPT} to itself: clients in JVMs of their own can fill the log while they
     * start, and the consumer may still be working through those cycles when the window opens. Any thread.
     */
    public synchronized void restartObservations(long fromCycle) {
        observeFrom = fromCycle;
        events.removeIf(Watchdog::isXrunOrTimeout);
        observedDropped = 0;
    }

    private static boolean isXrunOrTimeout(WatchdogEvent e) {
        return e.action() == WatchdogEvent.Action.XRUN || e.action() == WatchdogEvent.Action.TIMEOUT;
    }

    // ---- views (any thread) ----

    public PolicyKind policy() {
        return settings.policy();
    }

    /** Everything logged so far, in order: every action, and the first {@value #OBSERVED_EVENTS_KEPT} xruns and timeouts. */
    public synchronized List<WatchdogEvent> events() {
        return List.copyOf(events);
    }

    /** Xrun and timeout events seen but not kept in {@link #events()}. */
    public synchronized long observedEventsDropped() {
        return observedDropped;
    }

    public synchronized long actionsTaken() {
        return actionsTaken;
    }

    /** Every client the watchdog has a file on, in the order they first ran. */
    public synchronized List<ClientView> clients() {
        List<ClientView> views = new ArrayList<>();
        for (ClientWatch watch : watches.values()) {
            views.add(watch.view(periodNanos));
        }
        return views;
    }
}
