package io.tactus.server.watchdog;

import io.tactus.server.telemetry.CycleRecord;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@code governor}: keeps the realtime load under a ceiling derived from the kernel's RT budget minus
 * headroom, so the kernel never has to throttle the engine. The load is the graph's (the engine's CPU per
 * cycle) plus what every other realtime thread spends of the same budget (the server's own, its process
 * clients'; {@link Watchdog#rtOverheadPercent}); the engine's spin is not load, it gives way by itself. Over the ceiling it mutes the fewest,
 * lowest-priority clients whose recent cost covers the excess (lowest priority first, then most
 * expensive, then any lower-priority choice that turned out unnecessary is kept playing); under
 * the ceiling with room to spare it readmits one client per refractory period, highest priority first.
 * Decisions are taken on the mean load of a window (250 ms by default) and each one starts a fresh
 * window, so the effect of one decision is seen before the next: no flapping.
 *
 * <p>Two speeds, as the kernel counts its budget per second ({@code sched_rt_period_us}). It sheds at once when
 * this window is over the ceiling and the kernel could throttle before the next decision: when the second that
 * ends one window from now, with the next window like this one and the windows before it as they were, would be
 * over the budget itself (the ceiling plus the headroom). Those windows may be from before a shed, whose overload
 * the kernel's second still holds, so a shed that did not bring the load down far enough is followed by another a
 * window later.
 * Otherwise, a window over the ceiling sheds only when the mean of the second since the last decision is over
 * the ceiling too. A client's cost varies by a third from one window to the next here, and a host's stall makes
 * one 250 ms window of a graph at 20 % read 35 %: judged on that window alone, the graph lost a NORMAL client
 * to it and did not get it back, since readmission waits for room under the ceiling less the headroom.
 *
 * <p>At the slow speed the kernel is not about to throttle, so a higher priority pays for an overload only once it
 * has lasted: a second over the ceiling sheds from the lowest priority present alone, even if those clients do not
 * cover the whole excess; only when the next second is over the ceiling too are the others candidates. A graph of
 * ten NORMAL clients at 20 % whose cost rose by a third for one second otherwise lost NORMAL clients beside the one
 * LOW client left to shed.
 */
final class GovernorPolicy implements DegradationPolicy {

    /** The kernel's RT accounting period by default: the slow speed judges the load over this long. */
    static final long SLOW_MILLIS = 1_000;

    private long windowStart = Long.MIN_VALUE;
    private long busySum;
    private long periods;
    private long lastAction = Long.MIN_VALUE;
    /** The last shed at the slow speed: the next one, a second later, may go above the lowest priority. */
    private long lastSlowShed = Long.MIN_VALUE;
    /** The windows since the last decision, up to {@link #SLOW_MILLIS}: their first start, busy time and periods. */
    private long slowStart = Long.MIN_VALUE;
    private long slowBusy;
    private long slowPeriods;
    /** The loads of the last windows ({@code seen} of them), the newest before {@code next}: the kernel's second. */
    private final double[] pastLoads = new double[(int) (SLOW_MILLIS / WatchdogSettings.MIN_LOAD_WINDOW_MILLIS)];
    private int next;
    private int seen;

    @Override
    public void onCycle(CycleRecord cycle, ClientWatch[] steps, Watchdog watchdog) {
        long now = cycle.end;
        if (windowStart == Long.MIN_VALUE) {
            windowStart = now;
        }
        // Demand per cycle: the CPU the cycle took (not its wall time, which swells when the kernel
        // throttles the engine), per period run (not per period elapsed: a graph that overruns every
        // cycle skips periods and so uses less than 100 % of the time, but needs more than it has).
        busySum += Math.max(0, cycle.cpuNanos);
        periods++;
        WatchdogSettings settings = watchdog.settings();
        if (now - windowStart < settings.loadWindowMillis() * 1_000_000) {
            return;
        }
        double graph = 100.0 * busySum / ((double) periods * watchdog.periodNanos());
        double others = watchdog.rtOverheadPercent();
        double load = graph + others;
        if (slowStart == Long.MIN_VALUE) {
            slowStart = windowStart;
        }
        slowBusy += busySum;
        slowPeriods += periods;
        windowStart = now;
        busySum = 0;
        periods = 0;
        double ceiling = watchdog.ceilingPercent();
        double slowGraph = 100.0 * slowBusy / ((double) slowPeriods * watchdog.periodNanos());
        boolean slowFull = now - slowStart >= SLOW_MILLIS * 1_000_000;
        double secondAhead = secondAhead(load, settings.loadWindowMillis());
        pastLoads[next] = load;
        next = (next + 1) % pastLoads.length;
        seen = Math.min(seen + 1, pastLoads.length);
        if (load > ceiling && secondAhead > ceiling + settings.headroomPercent()) {
            shed(cycle, steps, graph, others, ceiling, "", watchdog, false);
            acted(now);
        } else if (load > ceiling && slowFull && slowGraph + others > ceiling) {
            // The second before was over the ceiling too when the last slow shed began it.
            boolean again = lastSlowShed != Long.MIN_VALUE
                    && now - lastSlowShed < SLOW_MILLIS * 1_000_000 + 2 * settings.loadWindowMillis() * 1_000_000;
            shed(cycle, steps, slowGraph, others, ceiling, String.format(" over %.1f s%s", (now - slowStart) / 1e9,
                    again ? ", the second in a row" : ""), watchdog, !again);
            lastSlowShed = now;
            acted(now);
        } else if (lastAction == Long.MIN_VALUE || now - lastAction >= settings.refractoryMillis() * 1_000_000) {
            if (readmitOne(cycle, graph, others, ceiling - settings.headroomPercent(), watchdog)) {
                acted(now);
            }
        }
        if (slowFull && slowStart != Long.MIN_VALUE) { // the next second starts afresh
            slowStart = Long.MIN_VALUE;
            slowBusy = 0;
            slowPeriods = 0;
        }
    }

    /**
     * The mean load of the second that ends one window from now, if the next window is like this one: the
     * windows before it, whatever was decided since (the kernel counted them), and this one standing in for any
     * not seen (the first windows of a run).
     */
    private double secondAhead(double load, long windowMillis) {
        int windows = (int) Math.max(1, SLOW_MILLIS / windowMillis);
        int past = Math.min(seen, Math.max(0, windows - 2));
        double sum = load * (windows - past);
        for (int i = 1; i <= past; i++) {
            sum += pastLoads[(next - i + pastLoads.length) % pastLoads.length];
        }
        return sum / windows;
    }

    /** A decision: the next one judges what follows it. */
    private void acted(long now) {
        lastAction = now;
        slowStart = Long.MIN_VALUE;
        slowBusy = 0;
        slowPeriods = 0;
    }

    /**
     * Candidates are the clients the engine runs now (a deactivated client's old cost must not count); with
     * {@code lowestOnly}, only those of the lowest priority among them, even when they do not cover the excess.
     */
    private void shed(CycleRecord cycle, ClientWatch[] steps, double graph, double others, double ceiling,
                      String over, Watchdog watchdog, boolean lowestOnly) {
        double load = graph + others;
        double period = watchdog.periodNanos();
        double excess = (load - ceiling * 0.95) / 100 * period;
        List<ClientWatch> candidates = new ArrayList<>();
        for (ClientWatch watch : steps) {
            if (watch != null && watchdog.judged(watch, cycle.end)) {
                candidates.add(watch);
            }
        }
        if (lowestOnly) {
            candidates.stream().map(w -> w.priority).min(Comparator.naturalOrder())
                    .ifPresent(lowest -> candidates.removeIf(w -> w.priority != lowest));
        }
        List<ClientWatch> chosen = choose(candidates, excess);
        for (ClientWatch watch : chosen) {
            double cost = watch.ownMean / 1000.0;
            watch.mutedByGovernor = true;
            watchdog.mute(watch, cycle, Long.MAX_VALUE, String.format("%s%s over the %.1f %% ceiling; "
                            + "shed (priority %s, costs %.1f usecs a cycle, %.1f %% of the period)",
                    describe(graph, others), over, ceiling, watch.priority.label(), cost, 100 * watch.ownMean / period),
                    Map.of("loadPercent", load, "graphPercent", graph, "otherRealtimePercent", others,
                            "ceilingPercent", ceiling, "costMicros", cost));
        }
    }

    /**
     * The fewest, least important clients whose costs cover {@code excess} nanoseconds: take lowest
     * priority first and, within a priority, the most expensive, until covered; then keep playing every
     * chosen client the others cover without it, trying the least important, cheapest first.
     */
    static List<ClientWatch> choose(List<ClientWatch> candidates, double excess) {
        List<ClientWatch> order = new ArrayList<>(candidates);
        order.sort(Comparator.comparing((ClientWatch w) -> w.priority)
                .thenComparing(Comparator.comparingDouble((ClientWatch w) -> w.ownMean).reversed())
                .thenComparing(w -> w.node.id()));
        List<ClientWatch> chosen = new ArrayList<>();
        double covered = 0;
        for (ClientWatch watch : order) {
            if (covered >= excess) {
                break;
            }
            chosen.add(watch);
            covered += watch.ownMean;
        }
        List<ClientWatch> pruneOrder = new ArrayList<>(chosen);
        pruneOrder.sort(Comparator.comparing((ClientWatch w) -> w.priority)
                .thenComparingDouble(w -> w.ownMean));
        for (ClientWatch watch : pruneOrder) {
            if (covered - watch.ownMean >= excess) {
                chosen.remove(watch);
                covered -= watch.ownMean;
            }
        }
        return chosen;
    }

    /** "DSP load 20.0 %", and what the other realtime threads add when they spend any. */
    private static String describe(double graph, double others) {
        return others <= 0 ? String.format("DSP load %.1f %%", graph)
                : String.format("DSP load %.1f %% and %.1f %% of other realtime threads", graph, others);
    }

    private boolean readmitOne(CycleRecord cycle, double graph, double others, double limit, Watchdog watchdog) {
        double load = graph + others;
        ClientWatch best = null;
        for (ClientWatch watch : watchdog.watches()) {
            if (watch.state != ClientState.MUTED || !watch.mutedByGovernor) {
                continue;
            }
            if (best == null || watch.priority.compareTo(best.priority) > 0
                    || (watch.priority == best.priority && watch.costWhenMuted < best.costWhenMuted)) {
                best = watch;
            }
        }
        if (best == null) {
            return false;
        }
        double after = load + 100 * best.costWhenMuted / watchdog.periodNanos();
        if (after >= limit) {
            return false;
        }
        best.mutedByGovernor = false;
        watchdog.readmit(best, cycle, String.format("%s, %.1f %% with it, under %.1f %%: readmitted",
                describe(graph, others), after, limit), Map.of("loadPercent", load, "afterPercent", after,
                "limitPercent", limit));
        return true;
    }
}
