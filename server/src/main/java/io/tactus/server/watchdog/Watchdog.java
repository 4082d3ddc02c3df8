package io.tactus.server.watchdog;

import io.tactus.server.graph.ClientNode;
import io.tactus.server.os.RtBudgetMonitor;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.CycleRecord;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;

/**
 * Reads every cycle the engine publishes and lets the {@link DegradationPolicy} decide whom to shed. The
 * work is split by role: {@link ClientFiles} keeps a file on each client, {@link Blame} names the client(s)
 * behind each xrun and timeout, {@link EventLog} keeps what happened, {@link Enforcer} carries out the
 * policy's decisions, and an {@link RtBudgetMonitor} gives the governor its ceiling (and an
 * {@link io.tactus.server.os.RtOverheadMonitor} what the other realtime threads take of it). It never touches the
 * engine: actions go to {@link WatchdogActions}, which the server carries out through graph changes on a
 * thread of its own. Runs on the telemetry consumer thread; the views ({@link #events()}, {@link #clients()})
 * may be read from any thread.
 */
public final class Watchdog implements CycleListener {

    /** Xrun and timeout events kept in the log; the rest are counted. Actions are always kept. */
    public static final int OBSERVED_EVENTS_KEPT = EventLog.OBSERVED_EVENTS_KEPT;

    private final WatchdogSettings settings;
    private final DegradationPolicy policy;
    /** The period of the last cycle seen: budgets follow the engine's period when it changes (issue 20). */
    private volatile long periodNanos;
    private final DoubleSupplier rtBudgetShare;
    private final DoubleSupplier rtOverheadShare;
    private final ClientFiles files;
    private final EventLog log = new EventLog();
    private final Blame blame;
    private final Enforcer enforcer;

    /**
     * @param rtBudgetShare the kernel's RT budget as a share (0..1], the governor's ceiling; re-read every
     *                      100 ms at most (an {@link RtBudgetMonitor}, or wrapped in one)
     */
    public Watchdog(WatchdogSettings settings, long periodNanos, WatchdogActions actions, DoubleSupplier rtBudgetShare) {
        this(settings, periodNanos, actions, rtBudgetShare, () -> 0);
    }

    /**
     * @param rtBudgetShare   as above
     * @param rtOverheadShare what the realtime threads other than the engine's spend (the server's, its process
     *                        clients'), as a share of a CPU: the governor counts it with the graph's load (an
     *                        {@link io.tactus.server.os.RtOverheadMonitor}, which re-reads it every 250 ms at most)
     */
    public Watchdog(WatchdogSettings settings, long periodNanos, WatchdogActions actions, DoubleSupplier rtBudgetShare,
                    DoubleSupplier rtOverheadShare) {
        settings.validate();
        this.rtOverheadShare = rtOverheadShare;
        this.settings = settings;
        this.policy = DegradationPolicy.of(settings.policy());
        this.periodNanos = periodNanos;
        this.rtBudgetShare = rtBudgetShare instanceof RtBudgetMonitor monitor ? monitor : new RtBudgetMonitor(rtBudgetShare);
        this.files = new ClientFiles(settings.strikes());
        this.blame = new Blame(periodNanos, settings.policy().label(), files, log);
        this.enforcer = new Enforcer(settings.policy().label(), files, log, actions);
    }

    @Override
    public synchronized void onCycle(CycleRecord cycle) {
        files.follow(cycle.plan);
        if (enforcer.shedsPending()) {
            enforcer.noteShedsApplied(cycle);
        }
        if (cycle.periodNanos > 0 && cycle.periodNanos != periodNanos) {
            periodNanos = cycle.periodNanos;
            blame.setPeriod(periodNanos);
        }
        if (cycle.freewheel) {
            return; // no period to be judged by: the engine runs cycles as fast as the graph allows
        }
        blame.chargeOwnWork(cycle);
        ClientWatch[] steps = files.steps();
        for (int i = 0; i < cycle.clientCount; i++) {
            if (steps[i] != null && cycle.clientStarts[i] != 0) {
                steps[i].ran(cycle.end, blame.own(i), cycle.clientWaits[i]);
                judged(steps[i], cycle.end); // GRACE turns ACTIVE here, whatever the policy looks at
            }
        }
        if (cycle.xrun) {
            blame.xrun(cycle);
        }
        if (cycle.timeouts > 0) {
            blame.timeouts(cycle);
        }
        policy.onCycle(cycle, steps, this);
    }

    // ---- for policies (consumer thread) ----

    WatchdogSettings settings() {
        return settings;
    }

    long periodNanos() {
        return periodNanos;
    }

    /** The own work of the client at plan position {@code step} this cycle, as {@link Blame} charged it. */
    long own(int step) {
        return blame.own(step);
    }

    Collection<ClientWatch> watches() {
        return files.all();
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
        return Math.max(1, rtBudgetShare.getAsDouble() * 100 - settings.headroomPercent());
    }

    /** What the realtime threads beside the engine's spend now, in percent of a CPU; the governor adds it to the load. */
    double rtOverheadPercent() {
        return 100 * rtOverheadShare.getAsDouble();
    }

    void mute(ClientWatch watch, CycleRecord cycle, long until, String reason, Map<String, Double> figures) {
        enforcer.mute(watch, cycle, until, reason, figures);
    }

    void readmit(ClientWatch watch, CycleRecord cycle, String reason, Map<String, Double> figures) {
        enforcer.readmit(watch, cycle, reason, figures);
    }

    /** Readmits every client whose back-off has run out (evict's probation, bypass's back-off). */
    void readmitExpired(long now, CycleRecord cycle) {
        enforcer.readmitExpired(now, cycle);
    }

    void evict(ClientWatch watch, CycleRecord cycle, String reason, Map<String, Double> figures) {
        enforcer.evict(watch, cycle, reason, figures);
    }

    /**
     * The engine thread was stuck in {@code client}'s process call and has been replaced: logs it and
     * evicts the client. Called by the server's stall monitor, whatever the policy but none.
     */
    public synchronized void onRunaway(ClientNode client, long now, long cycle, double stuckMillis, String engineAction) {
        enforcer.onRunaway(client, now, cycle, stuckMillis, engineAction);
    }

    /**
     * Forgets the xrun and timeout events logged so far (actions are kept) and logs none of a cycle before
     * {@code fromCycle}, so that a measurement window opening at that cycle gets the whole
     * {@value #OBSERVED_EVENTS_KEPT} to itself: clients in JVMs of their own can fill the log while they
     * start, and the consumer may still be working through those cycles when the window opens. Any thread.
     */
    public synchronized void restartObservations(long fromCycle) {
        log.restartObservations(fromCycle);
    }

    // ---- views (any thread) ----

    public PolicyKind policy() {
        return settings.policy();
    }

    /**
     * Everything logged so far, in order: every action, and the first {@value #OBSERVED_EVENTS_KEPT} xruns and
     * timeouts.
     */
    public synchronized List<WatchdogEvent> events() {
        return log.events();
    }

    /** Xrun and timeout events seen but not kept in {@link #events()}. */
    public synchronized long observedEventsDropped() {
        return log.observedDropped();
    }

    public synchronized long actionsTaken() {
        return log.actionsTaken();
    }

    /** Every client the watchdog has a file on, in the order they first ran. */
    public synchronized List<ClientView> clients() {
        return files.views(periodNanos);
    }
}
