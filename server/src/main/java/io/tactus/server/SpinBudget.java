package io.tactus.server;

import io.tactus.server.engine.Engine;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.CycleRecord;

import java.util.function.DoubleSupplier;

/**
 * Keeps the engine's spin plus work inside the kernel's RT budget minus the watchdog's headroom and minus what
 * the other realtime threads (the server's and its process clients') spend (at most the engine's own cap):
 * spinning is realtime CPU time, and over the budget every realtime thread is throttled. So under a tight
 * budget the spin is the first thing to go, before any client has to. Follows the budget and the others'
 * spending as they change, at the pace their monitors re-read them. Consumer thread.
 */
final class SpinBudget implements CycleListener {

    private final Engine engine;
    private final DoubleSupplier rtBudgetShare;
    private final DoubleSupplier rtOverheadShare;
    private final double headroomPercent;
    private long applied = Long.MIN_VALUE;

    /**
     * @param rtBudgetShare   the kernel's RT budget as a share of a CPU (an {@link io.tactus.server.os.RtBudgetMonitor})
     * @param rtOverheadShare what the other realtime threads spend, as a share of a CPU (an
     *                        {@link io.tactus.server.os.RtOverheadMonitor})
     */
    SpinBudget(Engine engine, DoubleSupplier rtBudgetShare, DoubleSupplier rtOverheadShare, double headroomPercent) {
        this.engine = engine;
        this.rtBudgetShare = rtBudgetShare;
        this.rtOverheadShare = rtOverheadShare;
        this.headroomPercent = headroomPercent;
        apply();
    }

    @Override
    public void onCycle(CycleRecord record) {
        apply();
    }

    private void apply() {
        long percent = percent(rtBudgetShare.getAsDouble(), rtOverheadShare.getAsDouble(), headroomPercent);
        if (percent != applied) {
            applied = percent;
            engine.setSpinBudgetPercent(percent);
        }
    }

    /** Spin plus work may take this much of the period, percent: what the budget leaves the engine, less the headroom. */
    static long percent(double budgetShare, double overheadShare, double headroomPercent) {
        return Math.max(0, (long) Math.floor((budgetShare - overheadShare) * 100 - headroomPercent));
    }
}
