package io.tactus.server.watchdog;

import io.tactus.api.TactusException;

/**
 * The watchdog's knobs and their defaults in one place (the {@code DEFAULT_} constants, which the command
 * line's help reads too). The defaults are tuned for 64 frames at 48 kHz on a noisy virtual machine: a
 * budget generous enough that no well-behaved client comes near it, a stall threshold several periods long
 * (the host can delay a thread by a few milliseconds), and a grace period covering the JIT's first
 * compilations of a new client. Build one with {@link #builder} rather than the twelve-figure constructor.
 *
 * @param policy              which policy acts
 * @param clientBudgetPercent a client's own work per cycle may not exceed this share of the period (evict, bypass)
 * @param strikes             K: strikes within the window that get a client evicted (evict)
 * @param windowMillis        the window strikes are counted in
 * @param backoffMillis       how long a struck client stays muted (evict: before probation; bypass: doubled at each
 * relapse)
 * @param relapses            bypass evicts at this many relapses
 * @param ceilingPercent      governor: DSP load ceiling in percent; 0 derives it from the kernel RT budget minus
 * headroom
 * @param headroomPercent     governor: percentage points kept free below the RT budget, and the readmission hysteresis
 * @param graceMillis         a client is not judged until it has run this long
 * @param stallMillis         a process call running this long is a runaway: the engine thread is replaced
 * @param loadWindowMillis    governor: the load it acts on is the mean over this window
 * @param refractoryMillis    governor: at least this long between a shed and a readmission (SCHED_ISO's refractory
 * period)
 */
public record WatchdogSettings(PolicyKind policy, double clientBudgetPercent, int strikes, long windowMillis,
                               long backoffMillis, int relapses, double ceilingPercent, double headroomPercent,
                               long graceMillis, long stallMillis, long loadWindowMillis, long refractoryMillis) {

    /** Evict/bypass: a client's own work per cycle may use this share of the period, in percent. */
    public static final double DEFAULT_CLIENT_BUDGET_PERCENT = 50;
    /** Evict: strikes within the window that get a client evicted. */
    public static final int DEFAULT_STRIKES = 3;
    /** The window strikes are counted in: long enough that a hog's strikes add up, short enough to forgive. */
    public static final long DEFAULT_WINDOW_MILLIS = 10_000;
    /** How long a struck client stays muted (bypass doubles it at each relapse). */
    public static final long DEFAULT_BACKOFF_MILLIS = 1_000;
    /** Bypass evicts at this many relapses. */
    public static final int DEFAULT_RELAPSES = 3;
    /** Governor: 0 derives the load ceiling from the kernel's RT budget minus the headroom. */
    public static final double DEFAULT_CEILING_PERCENT = 0;
    /** Governor: percentage points kept free below the RT budget, and the readmission hysteresis. */
    public static final double DEFAULT_HEADROOM_PERCENT = 5;
    /** A new client is not judged this long: the JIT's first compilations of its code. */
    public static final long DEFAULT_GRACE_MILLIS = 2_000;
    /** A process call running this long is a runaway: several periods, as the host can delay a thread by a few ms. */
    public static final long DEFAULT_STALL_MILLIS = 10;
    /** Governor: the load it acts on is the mean over this window. */
    public static final long DEFAULT_LOAD_WINDOW_MILLIS = 250;
    /** The governor's shortest load window. */
    public static final long MIN_LOAD_WINDOW_MILLIS = 10;
    /** Governor: at least this long between a shed and a readmission. */
    public static final long DEFAULT_REFRACTORY_MILLIS = 2_000;

    /** Every knob at its default, under {@code policy}. */
    public static WatchdogSettings defaults(PolicyKind policy) {
        return builder(policy).build();
    }

    /** The server's default: evict. */
    public static WatchdogSettings defaults() {
        return defaults(PolicyKind.EVICT);
    }

    /** A builder starting from every default, under {@code policy}. */
    public static Builder builder(PolicyKind policy) {
        return new Builder(policy);
    }

    /** A builder starting from these settings. */
    public Builder toBuilder() {
        return new Builder(policy).clientBudgetPercent(clientBudgetPercent).strikes(strikes).windowMillis(windowMillis)
                .backoffMillis(backoffMillis).relapses(relapses).ceilingPercent(ceilingPercent)
                .headroomPercent(headroomPercent).graceMillis(graceMillis).stallMillis(stallMillis)
                .loadWindowMillis(loadWindowMillis).refractoryMillis(refractoryMillis);
    }

    public WatchdogSettings withPolicy(PolicyKind p) {
        return toBuilder().policy(p).build();
    }

    public WatchdogSettings withGraceMillis(long grace) {
        return toBuilder().graceMillis(grace).build();
    }

    public WatchdogSettings withClientBudgetPercent(double budget) {
        return toBuilder().clientBudgetPercent(budget).build();
    }

    public WatchdogSettings withCeilingPercent(double ceiling) {
        return toBuilder().ceilingPercent(ceiling).build();
    }

    public WatchdogSettings withStallMillis(long stall) {
        return toBuilder().stallMillis(stall).build();
    }

    /** Named knobs for a fixture or a command line; {@link #build} does not validate (see {@link #validate}). */
    public static final class Builder {
        private PolicyKind policy;
        private double clientBudgetPercent = DEFAULT_CLIENT_BUDGET_PERCENT;
        private int strikes = DEFAULT_STRIKES;
        private long windowMillis = DEFAULT_WINDOW_MILLIS;
        private long backoffMillis = DEFAULT_BACKOFF_MILLIS;
        private int relapses = DEFAULT_RELAPSES;
        private double ceilingPercent = DEFAULT_CEILING_PERCENT;
        private double headroomPercent = DEFAULT_HEADROOM_PERCENT;
        private long graceMillis = DEFAULT_GRACE_MILLIS;
        private long stallMillis = DEFAULT_STALL_MILLIS;
        private long loadWindowMillis = DEFAULT_LOAD_WINDOW_MILLIS;
        private long refractoryMillis = DEFAULT_REFRACTORY_MILLIS;

        private Builder(PolicyKind policy) {
            this.policy = policy;
        }

        public Builder policy(PolicyKind v) { policy = v; return this; }
        public Builder clientBudgetPercent(double v) { clientBudgetPercent = v; return this; }
        public Builder strikes(int v) { strikes = v; return this; }
        public Builder windowMillis(long v) { windowMillis = v; return this; }
        public Builder backoffMillis(long v) { backoffMillis = v; return this; }
        public Builder relapses(int v) { relapses = v; return this; }
        public Builder ceilingPercent(double v) { ceilingPercent = v; return this; }
        public Builder headroomPercent(double v) { headroomPercent = v; return this; }
        public Builder graceMillis(long v) { graceMillis = v; return this; }
        public Builder stallMillis(long v) { stallMillis = v; return this; }
        public Builder loadWindowMillis(long v) { loadWindowMillis = v; return this; }
        public Builder refractoryMillis(long v) { refractoryMillis = v; return this; }

        public WatchdogSettings build() {
            return new WatchdogSettings(policy, clientBudgetPercent, strikes, windowMillis, backoffMillis, relapses,
                    ceilingPercent, headroomPercent, graceMillis, stallMillis, loadWindowMillis, refractoryMillis);
        }
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
        require(loadWindowMillis >= MIN_LOAD_WINDOW_MILLIS, "the governor's load window must be at least " + MIN_LOAD_WINDOW_MILLIS + " ms, not " + loadWindowMillis);
        require(refractoryMillis >= 0, "the governor's refractory period must be 0 or more ms, not " + refractoryMillis);
    }

    private static void require(boolean ok, String sentence) {
        if (!ok) {
            throw new TactusException(sentence);
        }
    }
}
