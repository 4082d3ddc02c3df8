package io.tactus.server.engine;

import io.tactus.server.driver.Driver;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Step;
import io.tactus.server.telemetry.CycleRecord;

/**
 * One pass over a plan: capture, every client in graph order timing each call, mix, playback. Each call is
 * bracketed by the {@link CallGuard}'s token so a runaway can be taken over; an out-of-process client's
 * figure is its own stamps, not the server's wait. Engine thread only.
 */
final class PlanPass {

    private final ClockSource clock;
    private final CallGuard guard;

    PlanPass(ClockSource clock, CallGuard guard) {
        this.clock = clock;
        this.guard = guard;
    }

    /**
     * Capture, every client in graph order, playback; false when input ended or this thread was abandoned. Realtime,
     * allocation-free.
     */
    boolean run(ExecutionPlan current, Driver driver, CycleRecord record, int nframes) {
        boolean more = driver.read(current.capture(), nframes);
        int count = current.stepCount();
        record.plan = current;
        record.clientCount = count;
        record.failedClient = CycleRecord.NONE;
        record.failure = null;
        long[] nanos = record.clientNanos;
        long[] starts = record.clientStarts;
        boolean[] timedOut = record.clientTimedOut;
        long remoteWait = 0;
        for (int i = 0; i < count; i++) {
            Step step = current.step(i);
            if (step.skipped()) {
                step.silenceOutputs(nframes);
                starts[i] = 0;
                nanos[i] = 0;
                timedOut[i] = false;
                continue;
            }
            step.prepare(nframes);
            long start = clock.nanoTime();
            guard.enter(i, current, start);
            Throwable failure = null;
            try {
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
            long called = clock.nanoTime() - start;
            if (step.isRemote()) {
                // The client's own stamps: its work, not the server's wait (wake-up latency included).
                remoteWait += called;
                long own = step.ownStart();
                starts[i] = own != 0 ? own : start;
                nanos[i] = own != 0 ? step.ownNanos() : 0;
            } else {
                starts[i] = start;
                nanos[i] = called;
            }
            timedOut[i] = step.timedOut();
        }
        record.remoteWaitNanos = remoteWait;
        current.mixPlayback(nframes);
        driver.write(current.playback(), nframes);
        return more;
    }
}
