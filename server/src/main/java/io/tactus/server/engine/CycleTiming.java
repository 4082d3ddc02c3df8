package io.tactus.server.engine;

import io.tactus.server.telemetry.CycleRecord;

/**
 * The cycle's arithmetic of time: how long to spin before a period, and where a cycle ended relative to its
 * deadline and which period comes next. Pure functions of their arguments, so the engine's loop and its
 * warm-up share them and a test can check them without a thread. All realtime, allocation-free.
 */
final class CycleTiming {

    /**
     * Spin plus the cycle's work stay within this share of the period (see {@link #spinFor}), unless the kernel gives
     * less.
     */
    static final long SPIN_BUDGET_PERCENT = 85;

    private CycleTiming() {
    }

    /**
     * How long to spin before the next period. Spinning is realtime CPU time and counts against the
     * kernel's RT budget (95 % by default); spin plus work over that budget gets every realtime thread
     * stopped for tens of milliseconds each second. So the spin is cut to what leaves the cycle's
     * expected work inside {@code budgetPercent} of the period ({@value #SPIN_BUDGET_PERCENT} %, or less when
     * the kernel's RT budget is smaller: see {@link Engine#setSpinBudgetPercent}). {@link PeriodWaiter#FULL_SPIN}
     * is the user's explicit choice and is left alone. Realtime, allocation-free.
     */
    static long spinFor(long configured, long periodNanos, long cycleEstimate, long budgetPercent) {
        if (configured == PeriodWaiter.FULL_SPIN) {
            return PeriodWaiter.FULL_SPIN;
        }
        return Math.max(0, Math.min(configured, periodNanos * budgetPercent / 100 - cycleEstimate));
    }

    /**
     * Fills the record's timing and xrun flags ({@code newDriverXruns}: device xruns the driver counted
     * during the cycle) and returns the next period to run: k + 1, or after an overrun the first period
     * that has not begun yet (resynchronise rather than burst). Realtime, allocation-free.
     */
    static long finishCycle(CycleRecord record, PeriodTiming timing, boolean paced, long k, long ideal,
                            long wakeup, long end, long deadline, boolean afterOverrun, long newDriverXruns) {
        long next = k + 1;
        if (paced && end > timing.idealStart(next)) {
            next = timing.firstPeriodAfter(end);
        }
        record.cycle = k;
        record.idealStart = ideal;
        record.wakeup = wakeup;
        record.end = end;
        record.deadline = deadline;
        record.overran = end > deadline;
        record.driverXruns = newDriverXruns;
        record.xrun = record.overran || newDriverXruns > 0;
        record.afterOverrun = afterOverrun;
        record.skippedPeriods = (int) (next - k - 1);
        return next;
    }

    /**
     * Takes the overrun and late-wake-up paths on synthetic times, and waits of every kind, so the JIT profiles
     * both outcomes of every rare branch before the first period (see {@link Engine}'s realtime rules).
     */
    static void trainRarePaths(EngineSettings settings, CycleRecord scratch, PeriodWaiter waiter, ClockSource clock) {
        PeriodTiming timing = new PeriodTiming(0, settings.sampleRate(), settings.nframes());
        long period = timing.periodNanos();
        for (int i = 0; i < 20_000; i++) {
            boolean overrun = i % 4 == 0;
            long ideal = timing.idealStart(i);
            long end = ideal + (overrun ? 3 * period + i % 7 : period / 2);
            finishCycle(scratch, timing, true, i, ideal, ideal, end, timing.idealStart(i + 1), overrun, i % 3 == 1 ? 1 : 0);
        }
        // Waits of every kind, interleaved so the profiling tier sees them all: woken late (no park, no
        // spin), a short spin, and a short park followed by a spin.
        for (int i = 0; i < 2_000; i++) {
            long now = clock.nanoTime();
            long estimate = i % 3 == 0 ? period : period / 20; // a heavy graph cuts the spin, a light one not
            long spin = spinFor(settings.spinNanos(), period, estimate, i % 5 == 0 ? 20 : SPIN_BUDGET_PERCENT);
            waiter.awaitUntil(switch (i % 4) {
                case 0 -> now - 1;
                case 1, 2 -> now + 2_000;
                default -> now + Math.max(0, spin) + 2_000;
            }, spin);
        }
    }
}
