package io.tactus.server.watchdog;

import io.tactus.server.telemetry.CycleRecord;

import java.util.Map;

/**
 * {@code evict} and {@code bypass}: judge each client by its own work only (RUNNING to FINISHED, never
 * the time it waited for others, nor time the kernel or the host took the CPU away in its call), so the
 * client that actually consumed the cycle is the one acted on.
 * A cycle over the client's budget is a strike; the client is muted at once, so the graph recovers
 * within a period or two.
 *
 * <ul>
 * <li>evict: muted for the back-off, then readmitted on probation; evicted at K strikes within the
 * window, or at the first strike when its own work alone exceeded the whole period in every cycle of the strike
 * (it can never fit; one cycle over the period after one merely over budget can be the host's).
 * <li>bypass: never evicted at once; muted for a back-off that doubles at each relapse, evicted after the
 * configured number of relapses.
 * </ul>
 * Strikes are not counted while a mute is on its way to the engine, so one bad moment is one strike.
 */
final class StrikePolicy implements DegradationPolicy {

    /**
     * An out-of-process client that has not answered for this many cycles in a row (about a second at 64
     * frames) is struck: a much shorter run strikes innocent clients while many client JVMs start at once,
     * and a client stopped in its own process stays silent far longer. (A client that begins and overruns
     * is struck sooner, by its own work.)
     */
    static final int LATE_CYCLES = 750;

    /** Consecutive cycles over budget that make a strike (one cycle late: the host can stretch any one call). */
    static final int OVER_CYCLES = 2;

    private final boolean bypass;

    StrikePolicy(boolean bypass) {
        this.bypass = bypass;
    }

    @Override
    public void onCycle(CycleRecord cycle, ClientWatch[] steps, Watchdog watchdog) {
        WatchdogSettings settings = watchdog.settings();
        long now = cycle.end;
        long budget = (long) (watchdog.periodNanos() * settings.clientBudgetPercent() / 100);
        for (int i = 0; i < cycle.clientCount; i++) {
            ClientWatch watch = steps[i];
            if (watch == null) {
                continue;
            }
            long own = watchdog.own(i);
            if (cycle.plan.step(i).isRemote()) {
                // A client in another process is judged by its own stamps like any other (below); one that
                // does not even begin (stopped, or still busy with an old cycle) by its silence: struck
                // after LATE_CYCLES cycles in a row without an answer, while one late answer on a noisy
                // machine is not.
                watch.lateInARow = cycle.clientTimedOut[i] ? watch.lateInARow + 1 : 0;
                if (watch.lateInARow >= LATE_CYCLES && watchdog.judged(watch, now)) {
                    watch.lateInARow = 0;
                    watch.overInARow = 0;
                    watch.overPeriodInARow = 0;
                    strike(cycle, watch, own, budget, false, true, watchdog);
                    continue;
                }
            }
            if (cycle.clientStarts[i] == 0) {
                continue; // did not run in this cycle (skipped, or a remote client that never began)
            }
            // Over budget in OVER_CYCLES cycles in a row: a hyperactive client is over in every cycle, while a
            // single long call can be the host's (on a VM, stolen time shows as the guest thread's CPU time).
            watch.overInARow = own > budget ? watch.overInARow + 1 : 0;
            watch.overPeriodInARow = own >= watchdog.periodNanos() ? watch.overPeriodInARow + 1 : 0;
            if (watch.overInARow < OVER_CYCLES || !watchdog.judged(watch, now)) {
                continue;
            }
            boolean neverFits = watch.overPeriodInARow >= OVER_CYCLES;
            watch.overInARow = 0;
            watch.overPeriodInARow = 0;
            strike(cycle, watch, own, budget, neverFits, false, watchdog);
        }
        watchdog.readmitExpired(now, cycle);
    }

    private void strike(CycleRecord cycle, ClientWatch watch, long own, long budget, boolean neverFits, boolean late,
                        Watchdog watchdog) {
        WatchdogSettings settings = watchdog.settings();
        long now = cycle.end;
        int strikes = watch.strike(now, settings.windowMillis() * 1_000_000);
        double ownMicros = own / 1000.0;
        double budgetMicros = budget / 1000.0;
        Map<String, Double> figures = Map.of("ownMicros", ownMicros, "budgetMicros", budgetMicros,
                "strikes", (double) strikes);
        String work = late ? "no answer within its time limit for " + LATE_CYCLES + " cycles in a row (out-of-process client)"
                : String.format("own work %.0f usecs over its %.0f usecs budget", ownMicros, budgetMicros);
        if (bypass) {
            int relapse = watch.mutes;
            if (relapse >= settings.relapses()) {
                watchdog.evict(watch, cycle, String.format("%s at relapse %d of %d", work, relapse, settings.relapses()), figures);
            } else {
                long backoff = settings.backoffMillis() * 1_000_000L << Math.min(relapse, 20);
                watchdog.mute(watch, cycle, now + backoff, String.format("%s; muted for %d ms (%s)", work,
                        backoff / 1_000_000, relapse == 0 ? "first time" : "relapse " + relapse), figures);
            }
            return;
        }
        if (neverFits) {
            watchdog.evict(watch, cycle, String.format("%s: more than the whole %.0f usecs period, it can never run in time",
                    work, watchdog.periodNanos() / 1000.0), figures);
        } else if (strikes >= settings.strikes()) {
            watchdog.evict(watch, cycle, String.format("%s: %d strikes within %d ms", work, strikes,
                    settings.windowMillis()), figures);
        } else {
            long until = now + settings.backoffMillis() * 1_000_000;
            watchdog.mute(watch, cycle, until, String.format("%s: strike %d of %d, muted for %d ms", work, strikes,
                    settings.strikes(), settings.backoffMillis()), figures);
        }
    }
}
