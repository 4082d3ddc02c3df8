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
 * window, or at the first strike when its own work alone exceeds the whole period (it can never fit).
 * <li>bypass: never evicted at once; muted for a back-off that doubles at each relapse, evicted after the
 * configured number of relapses.
 * </ul>
 * Strikes are not counted while a mute is on its way to the engine, so one bad moment is one strike.
 */
final class StrikePolicy implements DegradationPolicy {

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
            long own = watchdog.own(i);
            // An out-of-process client that did not answer within its time limit is struck as well: it
            // may be asleep in its own process, where no CPU clock of ours can see it.
            boolean late = cycle.clientTimedOut[i];
            if (watch == null || cycle.clientStarts[i] == 0 || (own <= budget && !late) || !watchdog.judged(watch, now)) {
                continue;
            }
            strike(cycle, watch, own, budget, late, watchdog);
        }
        watchdog.readmitExpired(now, cycle);
    }

    private void strike(CycleRecord cycle, ClientWatch watch, long own, long budget, boolean late, Watchdog watchdog) {
        WatchdogSettings settings = watchdog.settings();
        long now = cycle.end;
        int strikes = watch.strike(now, settings.windowMillis() * 1_000_000);
        double ownMicros = own / 1000.0;
        double budgetMicros = budget / 1000.0;
        Map<String, Double> figures = Map.of("ownMicros", ownMicros, "budgetMicros", budgetMicros,
                "strikes", (double) strikes);
        String work = late && own <= budget ? "no answer within its time limit (out-of-process client)"
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
        if (own >= watchdog.periodNanos()) {
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
