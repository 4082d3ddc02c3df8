package io.tactus.server.watchdog;

import io.tactus.api.TactusException;

/**
 * The watchdog's knobs and their defaults in one place. The defaults are tuned for 64 frames at 48 kHz
 * on a noisy virtual machine: a budget generous enough that no well-behaved client comes near it, a
 * stall threshold several periods long (the host can delay a thread by a few milliseconds), and a grace
 * period covering the JIT's first compilations of a new client.
 *
 * @param policy              which policy acts
 * @param clientBudgetPercent a client's own work per cycle may not exceed this share of the period (evict, bypass)
 * @param strikes             K: strikes within the window that get a client evicted (evict)
 * @param windowMillis        the window strikes are counted in
 * @param backoffMillis       how long a struck client stays muted (evict: before probation; bypass: doubled at each relapse)
 * @param relapses            bypass evicts at this many relapses
 * @param ceilingPercent      governor: DSP load ceiling in percent; 0 derives it from the kernel RT budget minus headroom
 * @param headroomPercent     governor: percentage points kept free below the RT budget, and the readmission hysteresis
 * @param graceMillis         a client is not judged until it has run this long
 * @param stallMillis         a process call running this long is a runaway: the engine thread is replaced
 * @param loadWindowMillis    governor: the load it acts on is the mean over this window
 * @param refractoryMillis    governor: at least this long between a shed and a readmission (SCHED_ISO's refractory period)
 */
public record WatchdogSettings(PolicyKind policy, double clientBudgetPercent, int strikes, long windowMillis,
                               long backoffMillis, int relapses, double ceilingPercent, double headroomPercent,
                               long graceMillis, long stallMillis, long loadWindowMillis, long refractoryMillis) {

    public static WatchdogSettings defaults(PolicyKind policy) {
        return new WatchdogSettings(policy, 50, 3, 10_000, 1_000, 3, 0, 5, 2_000, 10, 250, 2_000);
    }

    /** The server's default: evict. */
    public static WatchdogSettings defaults() {
        return defaults(PolicyKind.EVICT);
    }

    public WatchdogSettings withPolicy(PolicyKind p) {
        return new WatchdogSettings(p, clientBudgetPercent, strikes, windowMillis, backoffMillis, relapses,
                ceilingPercent, headroomPercent, graceMillis, stallMillis, loadWindowMillis, refractoryMillis);
    }

    public WatchdogSettings withGraceMillis(long grace) {
        return new WatchdogSettings(policy, clientBudgetPercent, strikes, windowMillis, backoffMillis, relapses,
                ceilingPercent, headroomPercent, grace, stallMillis, loadWindowMillis, refractoryMillis);
    }

    public WatchdogSettings withClientBudgetPercent(double budget) {
        return new WatchdogSettings(policy, budget, strikes, windowMillis, backoffMillis, relapses,
                ceilingPercent, headroomPercent, graceMillis, stallMillis, loadWindowMillis, refractoryMillis);
    }

    public WatchdogSettings withCeilingPercent(double ceiling) {
        return new WatchdogSettings(policy, clientBudgetPercent, strikes, windowMillis, backoffMillis, relapses,
                ceiling, headroomPercent, graceMillis, stallMillis, loadWindowMillis, refractoryMillis);
    }

    public WatchdogSettings withStallMillis(long stall) {
        return new WatchdogSettings(policy, clientBudgetPercent, strikes, windowMillis, backoffMillis, relapses,
                ceilingPercent, headroomPercent, graceMillis, stall, loadWindowMillis, refractoryMillis);
    }

    /** One clear sentence for each setting a user can get wrong. */
    public void validate() {
        require(clientBudgetPercent > 0 && clientBudgetPercent <= 1000, "--client-budget must be above 0 and at most 1000 percent of the period, not " + clientBudgetPercent);
        require(strikes >= 1 && strikes <= 1000, "--strikes must be from 1 to 1000, not " + strikes);
        require(windowMillis >= 1, "--strike-window must be at least 1 ms, not " + windowMillis);
        require(backoffMillis >= 1, "--backoff must be at least 1 ms, not " + backoffMillis);
        require(relapses >= 1 && relapses <= 100, "--relapses must be from 1 to 100, not " + relapses);
        require(ceilingPercent >= 0 && ceilingPercent <= 100, "--ceiling must be from 1 to 100 percent (0: from the kernel RT budget), not " + ceilingPercent);
        require(headroomPercent >= 0 && headroomPercent < 100, "--headroom must be from 0 to 99 percentage points, not " + headroomPercent);
        require(graceMillis >= 0, "--grace must be 0 or more ms, not " + graceMillis);
        require(stallMillis >= 2, "--stall must be at least 2 ms, not " + stallMillis);
        require(loadWindowMillis >= 10, "the governor's load window must be at least 10 ms, not " + loadWindowMillis);
        require(refractoryMillis >= 0, "the governor's refractory period must be 0 or more ms, not " + refractoryMillis);
    }

    private static void require(boolean ok, String sentence) {
        if (!ok) {
            throw new TactusException(sentence);
        }
    }
}
