package io.tactus.server.watchdog;

import io.tactus.server.telemetry.CycleRecord;

import java.util.Map;

/**
 * Names who is to blame for a cycle: each client's own work (the engine's time off the CPU taken off the
 * longest in-process call), the clients that consumed an xrun cycle, or the host or the device when no
 * client did, and each client that timed out. It logs what it finds and counts it on the clients' files;
 * judging what to do about it is the policy's. Guarded by the {@link Watchdog}'s lock.
 */
final class Blame {

    /** A client whose own work took this share of the period is named as having consumed an xrun cycle. */
    static final double CONSUMER_SHARE = 0.25;

    private long periodNanos;
    private final String label;
    private final ClientFiles files;
    private final EventLog log;
    private long[] own = new long[0];

    /** The period follows the engine's (issue 20). Consumer thread. */
    void setPeriod(long nanos) {
        this.periodNanos = nanos;
    }

    Blame(long periodNanos, String label, ClientFiles files, EventLog log) {
        this.periodNanos = periodNanos;
        this.label = label;
        this.files = files;
        this.log = log;
    }

    /**
     * Each client's own work this cycle: its call's wall time, except that time the engine thread spent
     * off the CPU (the kernel's RT throttling, preemption, the host) is taken off the longest in-process
     * call, where it most likely fell; an out-of-process client's work comes from its own stamps. A client blocking
     * inside its call is off the CPU too; the stall monitor, which
     * can see the thread's state, deals with that one.
     */
    void chargeOwnWork(CycleRecord cycle) {
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

    void xrun(CycleRecord cycle) {
        if (cycle.end <= cycle.deadline) {
            // Only the device's xrun (the driver's writer or reader fell behind it): no client is to blame.
            log.observe(new WatchdogEvent(cycle.end, cycle.cycle, label, WatchdogEvent.Action.XRUN,
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
            if (files.steps()[top] != null) {
                files.steps()[top].xruns++;
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
        log.observe(new WatchdogEvent(cycle.end, cycle.cycle, label, WatchdogEvent.Action.XRUN,
                named > 0 ? names.toString() : "(host)", reason,
                Map.of("lateMicros", late, "delayMicros", delay, "cycleMicros", used, "offCpuMicros", offCpu,
                        "remoteWaitMicros", remoteWait)));
    }

    /** One event per client that timed out this cycle: still running at the deadline, or not answering in time. */
    void timeouts(CycleRecord cycle) {
        for (int i = 0; i < cycle.clientCount; i++) {
            if (cycle.timedOut(i)) {
                blameTimeout(cycle, i);
            }
        }
    }

    private void blameTimeout(CycleRecord cycle, int i) {
        String name = cycle.plan.clientName(i);
        if (files.steps()[i] != null) {
            files.steps()[i].timeouts++;
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
        log.observe(new WatchdogEvent(cycle.end, cycle.cycle, label, WatchdogEvent.Action.TIMEOUT, name,
                reason, Map.of("ownMicros", own, "waitMicros", wait, WatchdogEvent.BEGAN, cycle.began(i) ? 1.0 : 0.0)));
    }
}
