package io.tactus.server.engine;

import io.tactus.server.driver.Driver;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Step;
import io.tactus.server.telemetry.CycleRecord;

/**
 * One pass over a plan: capture, every client in graph order timing each call, mix, playback. Each call is
 * bracketed by the {@link CallGuard}'s token so a runaway can be taken over. A plan with clients in other
 * processes runs over the shared graph instead ({@link GraphPass}). Engine thread only.
 */
final class PlanPass {

    private final ClockSource clock;
    private final CallGuard guard;
    private final GraphPass graph;
    private boolean freewheel;

    PlanPass(ClockSource clock, CallGuard guard) {
        this.clock = clock;
        this.guard = guard;
        this.graph = new GraphPass(clock, guard);
    }

    /** The period's length and whether the engine freewheels, from a switch on; engine thread (issue 20). */
    void setPeriod(long periodNanos, boolean freewheel) {
        this.freewheel = freewheel;
        graph.setPeriod(periodNanos, freewheel);
    }

    /**
     * Asynchronous shared graph: completes the cycle started in the previous period, before the engine takes
     * its commands (the cycle's plan stays the one it started with). Realtime, allocation-free.
     */
    ExecutionPlan completePending(CycleRecord record, int nframes, long deadline) {
        return graph.completePending(record, nframes, deadline);
    }

    /** The shared graph's number for the next cycle, whose clock and transport the engine stamps before it. */
    long nextSharedCycle() {
        return graph.nextCycle();
    }

    /**
     * Capture, every client in graph order, playback; false when input ended or this thread was abandoned.
     * {@code played}: the plan of the asynchronous cycle {@link #completePending} completed, whose playback the
     * driver plays now (null when none). Realtime, allocation-free.
     */
    boolean run(ExecutionPlan current, Driver driver, CycleRecord record, int nframes, long deadline,
                ExecutionPlan played) {
        if (current.shared() != null) {
            return graph.run(current, driver, record, nframes, deadline, played);
        }
        boolean more = driver.read(current.capture(), nframes);
        int count = current.stepCount();
        record.plan = current;
        record.clientCount = count;
        record.failedClient = CycleRecord.NONE;
        record.failure = null;
        long[] nanos = record.clientNanos;
        long[] starts = record.clientStarts;
        boolean[] timedOut = record.clientTimedOut;
        for (int i = 0; i < count; i++) {
            Step step = current.step(i);
            timedOut[i] = false;
            if (step.skipped()) {
                step.silenceOutputs(nframes);
                starts[i] = 0;
                nanos[i] = 0;
                continue;
            }
            step.prepare(nframes);
            long start = clock.nanoTime();
            guard.enter(i, current, start);
            Throwable failure = null;
            try {
                step.tellSwitch(nframes, freewheel);
                step.process(nframes);
            } catch (Throwable thrown) {
                failure = thrown;
            }
            if (!guard.leave(start)) {
                return false; // abandoned by the watchdog (takeOver): leave, touching nothing
            }
            if (failure != null) {
                step.failed = true;
                record.failedClient = i;
                record.failure = failure;
            }
            starts[i] = start;
            nanos[i] = clock.nanoTime() - start;
        }
        record.remoteWaitNanos = 0;
        current.mixPlayback(nframes);
        driver.write(current.playback(), nframes);
        return more;
    }
}
