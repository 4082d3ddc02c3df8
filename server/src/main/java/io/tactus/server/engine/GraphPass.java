package io.tactus.server.engine;

import io.tactus.ipc.graph.ActivationRecord;
import io.tactus.ipc.graph.ClientState;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.server.driver.Driver;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.SharedGraph;
import io.tactus.server.graph.Step;
import io.tactus.server.telemetry.CycleRecord;

/**
 * One cycle of a plan over the {@link SharedGraph}, as JACK2 runs a graph (docs/ipc-contract.md, "The
 * cycle"): the engine publishes the capture, resets every record and triggers the first wave; clients in
 * other processes then wake each other, and the engine runs its own clients inline at their place, each
 * once the clients that feed it have finished, and waits on its own record until the last sinks have. What
 * JACK2 has not: at a client's deadline the engine steps in for it (its outputs invalid, so silence, its
 * successors counted down in its place), so a late client never holds the graph hostage; and a client the
 * engine gave up on that is still stuck (running an old cycle, or not woken since) is stepped in for at once,
 * not waited for again. Trade-off: the engine thread sleeps while the other processes work, where the
 * version-1 path kept it busy copying; it wakes once per cycle, not twice per client.
 *
 * <p>Asynchronous ({@link SharedGraph#isAsync}), JACK2's default: a cycle is started in one period and
 * completed at the start of the next, so the driver plays the previous cycle's complete output and the
 * whole graph has a period, every path through it one period late.
 *
 * <p>Engine thread only. Realtime, allocation-free after the thread's first timed futex wait
 * ({@link #prime}); no lock; the futex and the clock are its only system calls.
 */
final class GraphPass {

    /** How soon to look again at a client whose trigger stamp is still being written. */
    private static final long STAMP_PENDING_NANOS = 50_000;
    /**
     * Freewheeling, a client is waited for without a period (a render loses nothing to a slow client), up to this
     * long after its trigger, as JACK2's freewheel driver waits: only a client that hangs is stepped in for.
     */
    private static final long FREEWHEEL_TIMEOUT_NANOS = 10_000_000_000L;
    /** With no client's deadline to wait for (a trigger on its way), how soon to look again. */
    private static final long LOOK_AGAIN_NANOS = 200_000;

    private final ClockSource clock;
    private final CallGuard guard;
    /** The cycle number of the shared graph: one per started cycle for the server's life, from 1. */
    private long cycle;
    private final long[] steppedInAt = new long[SharedGraph.RECORDS];
    /** The engine gave up on the record's client in the cycle before: see {@link #stuck}. */
    private final boolean[] gaveUp = new boolean[SharedGraph.RECORDS];
    /** Given up on at the cycle's start, without a trigger: no work of this cycle is charged to it. */
    private final boolean[] skipped = new boolean[SharedGraph.RECORDS];
    private Thread primedOn;
    private long waitedNanos;
    /** When the running cycle started: a trigger stamp older than that is one not written yet. */
    private long startedAt;
    /** Asynchronous: the cycle started in the previous period, to complete in this one; null when none. */
    private ExecutionPlan pending;
    private long pendingDeadline;
    private int resumeAt;
    /** The period now (issue 20): a client's reserve and time-out follow it; 0 until the first switch. */
    private long periodNanos;
    private boolean freewheel;
    /** Asynchronous: the nframes of the pending cycle, which completes under the size it started with. */
    private int pendingFrames;

    GraphPass(ClockSource clock, CallGuard guard) {
        this.clock = clock;
        this.guard = guard;
    }

    /** Engine thread, at a switch: the period's length (deadlines follow it) and freewheel. Allocation-free. */
    void setPeriod(long periodNanos, boolean freewheel) {
        this.periodNanos = periodNanos;
        this.freewheel = freewheel;
    }

    /**
     * Synchronous: the whole cycle, capture to playback. Asynchronous: this period's capture starts a cycle,
     * the previous cycle's playback (completed by {@link #completePending} before the engine took its
     * commands) is written. Returns false when input ended or this thread was abandoned. Realtime, allocation-free.
     */
    boolean run(ExecutionPlan plan, Driver driver, CycleRecord record, int nframes, long deadline, ExecutionPlan played) {
        prime(plan.shared());
        boolean more = driver.read(plan.capture(), nframes);
        record.plan = plan;
        record.clientCount = plan.stepCount();
        record.failedClient = CycleRecord.NONE;
        record.failure = null;
        waitedNanos = 0;
        start(plan, nframes);
        boolean async = plan.shared().isAsync();
        int next = runClients(plan, record, nframes, deadline, 0, !async);
        if (next < 0) {
            return false;
        }
        if (async) {
            pending = plan;
            pendingFrames = nframes;
            pendingDeadline = deadline;
            resumeAt = next;
            record.remoteWaitNanos = waitedNanos;
            driver.write((played != null ? played : plan).playback(), nframes); // the first: what the buffers hold
            return more;
        }
        complete(plan, record, nframes, deadline);
        record.remoteWaitNanos = waitedNanos;
        driver.write(plan.playback(), nframes);
        return more;
    }

    /**
     * Asynchronous: completes the cycle the previous period started (its own clients still to run, the wait
     * for its sinks, its playback mixed) and returns its plan, whose playback the driver is to play; null when
     * none is pending. Realtime, allocation-free.
     */
    ExecutionPlan completePending(CycleRecord record, int nframes, long deadline) {
        ExecutionPlan plan = pending;
        if (plan == null) {
            return null;
        }
        pending = null;
        nframes = pendingFrames;
        waitedNanos = 0;
        pendingDeadline = deadline; // the engine waits for it within this period
        if (runClients(plan, record, nframes, pendingDeadline, resumeAt, true) < 0) {
            return null;
        }
        complete(plan, record, nframes, pendingDeadline);
        record.remoteWaitNanos += waitedNanos;
        return plan;
    }

    /**
     * The number the next started cycle gets: the segment's clock and transport are stamped for it before it
     * starts (a plan without the shared graph starts none, and its stamps go to the same bank again).
     */
    long nextCycle() {
        return cycle + 1;
    }

    /** Asynchronous: forgets a started cycle (the server switched to a plan without the shared graph). */
    boolean hasPending() {
        return pending != null;
    }

    /** Realtime, allocation-free: capture published, records reset, stuck clients given up on, first wave triggered. */
    private void start(ExecutionPlan plan, int nframes) {
        SharedGraph shared = plan.shared();
        GraphActivation activation = shared.activation();
        long now = clock.nanoTime();
        startedAt = now;
        cycle++;
        plan.exportCapture(nframes, cycle);
        activation.resetCycle(cycle, plan.bank());
        for (int i = 0; i < plan.stepCount(); i++) {
            Step step = plan.step(i);
            int r = step.record();
            skipped[r] = false;
            if (!step.isRemote()) {
                continue;
            }
            if (step.skipped()) { // silenced by the watchdog: not run, and not a timeout
                skipped[r] = true;
                activation.stepIn(r, cycle, now);
            } else if (stuck(activation.record(r))) {
                skipped[r] = true;
                stepIn(shared, r, now);
            }
        }
        activation.triggerFirstWave(cycle, plan.bank(), now);
    }

    /**
     * Realtime: a client given up on in the cycle before that shows no sign of life since: still running an
     * old cycle (started after it last finished), or not awake since its last trigger. Waiting for it again
     * would cost every cycle the wait; it is triggered again once it is idle (it stamps finished when woken
     * with nothing to run).
     */
    private boolean stuck(ActivationRecord record) {
        int r = record.index();
        if (!gaveUp[r]) {
            return false;
        }
        long started = record.startedNanos();
        long finished = record.finishedNanos();
        long triggered = record.triggeredNanos();
        return started > finished || (started < triggered && finished < triggered);
    }

    /**
     * Realtime: runs the engine's own clients from plan position {@code from} in order, each once the clients
     * that feed it have finished (waiting for them, and stepping in for late ones, only when {@code wait}; else
     * it stops at the first that is not ready). Returns the position it stopped at, or -1 when abandoned.
     */
    private int runClients(ExecutionPlan plan, CycleRecord record, int nframes, long deadline, int from, boolean wait) {
        GraphActivation activation = plan.shared().activation();
        long[] nanos = record.clientNanos;
        long[] starts = record.clientStarts;
        boolean[] timedOut = record.clientTimedOut;
        int count = plan.stepCount();
        for (int i = from; i < count; i++) {
            Step step = plan.step(i);
            if (step.isRemote()) {
                continue;
            }
            ActivationRecord own = activation.record(step.record());
            if (!triggered(own)) {
                if (!wait) {
                    return i;
                }
                await(plan, own, deadline);
            }
            timedOut[i] = false;
            if (step.skipped()) {
                step.silenceOutputs(nframes);
                starts[i] = 0;
                nanos[i] = 0;
                activation.stepIn(own.index(), cycle, clock.nanoTime());
                continue;
            }
            long start = clock.nanoTime();
            own.begin(start);
            step.prepare(nframes, cycle);
            guard.enter(i, plan, start);
            Throwable failure = null;
            try {
                step.tellSwitch(nframes, freewheel);
                step.process(nframes);
            } catch (Throwable thrown) {
                failure = thrown;
            }
            if (!guard.leave(start)) {
                return -1; // abandoned by the watchdog (takeOver): leave, touching nothing
            }
            if (failure != null) {
                step.failed = true;
                record.failedClient = i;
                record.failure = failure;
            }
            step.export(nframes);
            long end = clock.nanoTime();
            activation.finish(own.index(), cycle, end, step.exportSlots());
            starts[i] = start;
            nanos[i] = end - start;
        }
        return count;
    }

    /** Realtime: the engine's record (its sinks done), then the playback mixed and every remote client's figures. */
    private void complete(ExecutionPlan plan, CycleRecord record, int nframes, long deadline) {
        GraphActivation activation = plan.shared().activation();
        ActivationRecord engine = activation.record(GraphLayout.ENGINE);
        if (!triggered(engine)) {
            await(plan, engine, deadline);
        }
        plan.mixPlayback(nframes, cycle);
        for (int i = 0; i < plan.stepCount(); i++) {
            Step step = plan.step(i);
            if (step.isRemote()) {
                account(activation.record(step.record()), i, record, step.skipped());
            }
        }
    }

    /** Realtime: the client's own work from its stamps; a timeout when the engine stepped in for it. */
    private void account(ActivationRecord client, int i, CycleRecord record, boolean silenced) {
        int r = client.index();
        boolean finished = client.state() == ClientState.FINISHED;
        gaveUp[r] = !finished && !silenced;
        record.clientTimedOut[i] = gaveUp[r];
        long started = client.startedNanos();
        boolean began = !skipped[r] && started >= client.triggeredNanos() && started != 0;
        if (finished) {
            record.clientStarts[i] = started;
            record.clientNanos[i] = Math.max(0, client.finishedNanos() - started);
        } else if (began) { // busy past its deadline: charged until the engine stepped in
            record.clientStarts[i] = started;
            record.clientNanos[i] = Math.max(0, steppedInAt[r] - started);
        } else {
            record.clientStarts[i] = 0;
            record.clientNanos[i] = 0;
        }
    }

    /** Realtime: the record's count reached zero in this cycle (it was triggered, or is past that). */
    private boolean triggered(ActivationRecord record) {
        return record.stateCycle() == (int) cycle && record.state() != ClientState.NOT_TRIGGERED;
    }

    /**
     * Realtime, allocation-free: sleeps on {@code target}'s signal word until it is triggered; meanwhile
     * steps in for every remote client past its deadline, which may trigger the target in its place.
     */
    private void await(ExecutionPlan plan, ActivationRecord target, long deadline) {
        SharedGraph shared = plan.shared();
        GraphActivation activation = shared.activation();
        long began = clock.nanoTime();
        while (true) {
            int seen = target.signal();
            if (triggered(target)) {
                break;
            }
            long now = clock.nanoTime();
            long next = Long.MAX_VALUE;
            for (int i = plan.stepCount() - 1; i >= 0; i--) { // sinks first: fewer pointless wake-ups
                Step step = plan.step(i);
                if (!step.isRemote()) {
                    continue;
                }
                ActivationRecord client = activation.record(step.record());
                int state = client.state();
                if (state != ClientState.TRIGGERED && state != ClientState.RUNNING) {
                    continue;
                }
                long triggeredAt = client.triggeredNanos();
                if (triggeredAt < startedAt) { // triggered a moment ago, the stamp not written yet
                    next = Math.min(next, now + STAMP_PENDING_NANOS);
                    continue;
                }
                long due = freewheel ? triggeredAt + FREEWHEEL_TIMEOUT_NANOS : due(shared, periodNanos, triggeredAt, deadline);
                if (now >= due) {
                    stepIn(shared, client.index(), now);
                } else {
                    next = Math.min(next, due);
                }
            }
            if (triggered(target)) {
                break;
            }
            // Nothing pending with a deadline yet (a trigger on its way): look again within the reserve.
            long left = next == Long.MAX_VALUE ? LOOK_AGAIN_NANOS : next - now;
            target.awaitSignal(seen, Math.max(1, left));
        }
        waitedNanos += clock.nanoTime() - began;
    }

    /**
     * When the engine gives up on a client triggered at {@code triggered}: a reserve before the cycle's
     * deadline, but at least that reserve after the trigger (a cycle the host started late still gives its
     * clients time), and never past the client timeout after the trigger.
     */
    private static long due(SharedGraph shared, long periodNanos, long triggered, long deadline) {
        long reserve = shared.reserveNanos(periodNanos);
        long byDeadline = deadline == Long.MAX_VALUE || reserve == SharedGraph.NO_DEADLINE ? Long.MAX_VALUE
                : Math.max(deadline - reserve, triggered + reserve);
        long timeout = shared.timeoutNanos(periodNanos);
        long byTimeout = Long.MAX_VALUE - triggered < timeout ? Long.MAX_VALUE : triggered + timeout;
        return Math.min(byDeadline, byTimeout);
    }

    /** Realtime: the engine steps in for the client: TIMED_OUT, its successors counted down, a timeout counted. */
    private void stepIn(SharedGraph shared, int record, long now) {
        if (shared.activation().stepIn(record, cycle, now)) {
            steppedInAt[record] = now;
            shared.countTimeout(record);
        }
    }

    /**
     * The first call on each engine thread only: a timed futex wait that returns at once (the word differs),
     * because a thread's first timed futex wait allocates the thread's timespec.
     */
    private void prime(SharedGraph shared) {
        Thread engine = Thread.currentThread();
        if (primedOn != engine) { // a new engine thread too, after the watchdog took over a stuck one
            primedOn = engine;
            ActivationRecord own = shared.activation().record(GraphLayout.ENGINE);
            own.awaitSignal(own.signal() + 1, 1);
        }
    }
}
