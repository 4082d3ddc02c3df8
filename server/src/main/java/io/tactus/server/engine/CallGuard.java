package io.tactus.server.engine;

import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Step;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The token behind runaway recovery. The engine thread publishes when the running client's call started (a
 * release store after the plain writes of the step and plan); the stall monitor may swap that token for
 * {@link #ABANDONED} and hand the engine to a fresh thread. A thread whose call returns to a token it no
 * longer holds leaves at once, touching nothing. One compare-and-set settles the race between the call
 * returning and the take-over, so neither side takes a lock.
 */
final class CallGuard {

    /** The token between two client calls. */
    static final long IDLE = 0;
    /** The token once the watchdog has taken the running call away from a stuck engine thread. */
    private static final long ABANDONED = -1;

    private final AtomicLong inStep = new AtomicLong(IDLE);
    private int runningStep;
    private ExecutionPlan runningPlan;
    private volatile Thread owner;
    /** Set by a thread whose call returned to a token it no longer holds: it must leave, touching nothing. */
    private volatile Thread abandonedThread;

    /** The calling thread runs the period loop now. */
    void own() {
        owner = Thread.currentThread();
    }

    /** The calling (fresh) thread continues the loop after a take-over. */
    void resumeOnThisThread() {
        owner = Thread.currentThread();
        inStep.set(IDLE);
    }

    /**
     * Before the client call at position {@code step} of {@code plan}, started at {@code start}. Realtime,
     * allocation-free.
     */
    void enter(int step, ExecutionPlan plan, long start) {
        runningStep = step;
        runningPlan = plan;
        inStep.setRelease(start);
    }

    /**
     * After the call that started at {@code start}: false when the watchdog took it away meanwhile, and this
     * thread must leave. Decided from this thread's own failed CAS, not from {@code owner}: the fresh thread
     * may not have taken over yet when the call returns. Realtime, allocation-free.
     */
    boolean leave(long start) {
        if (inStep.compareAndSet(start, IDLE)) {
            return true;
        }
        abandonedThread = Thread.currentThread();
        return false;
    }

    /** True when the calling thread was abandoned and must leave the loop. Realtime, allocation-free. */
    boolean abandoned() {
        return abandonedThread == Thread.currentThread();
    }

    /** When the running call started, or {@link #IDLE}; {@code ready}: the engine runs real periods. Any thread. */
    long runningSince(boolean ready) {
        long started = inStep.get();
        return ready && started != ABANDONED ? started : IDLE;
    }

    /** The step whose call is running now, or null between calls; a racy peek. */
    Step runningStep() {
        ExecutionPlan p = runningPlan;
        int i = runningStep;
        return inStep.get() == IDLE || p == null || i >= p.stepCount() ? null : p.step(i);
    }

    /** See {@link Engine#takeOver}. Watchdog thread. */
    Engine.Stall takeOver(long started) {
        if (started == IDLE || started == ABANDONED || !inStep.compareAndSet(started, ABANDONED)) {
            return null;
        }
        // Read after the CAS: the stuck thread wrote these before publishing the token it can no longer clear.
        Step step = runningPlan.step(runningStep);
        step.failed = true;
        return new Engine.Stall(runningStep, step.client().name(), started, owner);
    }
}
