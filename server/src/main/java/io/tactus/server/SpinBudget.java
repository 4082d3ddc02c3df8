package io.tactus.server;

import io.tactus.server.engine.Engine;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.CycleRecord;

import java.util.function.DoubleSupplier;

/**
 * Keeps the engine's spin plus work inside the kernel's RT budget minus the watchdog's headroom (at most the
 * engine's own cap): spinning is realtime CPU time, and over the budget every realtime thread is throttled.
 * Follows the budget as it changes ({@code --rt-limit}), at the pace its monitor re-reads it. Consumer thread.
 */
final class SpinBudget implements CycleListener {

    private final Engine engine;
    private final DoubleSupplier rtBudgetShare;
    private final double headroomPercent;
    private long applied = Long.MIN_VALUE;

    SpinBudget(Engine engine, DoubleSupplier rtBudgetShare, double headroomPercent) {
        this.engine = engine;
        this.rtBudgetShare = rtBudgetShare;
        this.headroomPercent = headroomPercent;
        apply();
    }

    @Override
    public void onCycle(CycleRecord record) {
        apply();
    }

    private void apply() {
        long percent = (long) Math.floor(rtBudgetShare.getAsDouble() * 100 - headroomPercent);
        if (percent != applied) {
            applied = percent;
            engine.setSpinBudgetPercent(percent);
        }
    }
}
