package io.tactus.bench.degrade;

import io.tactus.api.ClientPriority;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.WatchdogOutcome;
import io.tactus.server.telemetry.SecondStats;

import java.util.List;
import java.util.OptionalDouble;

/**
 * One policy's outcome in a degradation scenario, every figure computed from the run's own telemetry.
 *
 * @param policy              the policy
 * @param xruns               XRUN Count over the measured time
 * @param timeouts            Timeout Count
 * @param delayMaxMicros      Delay Maximum
 * @param xrunsSettled        xruns after the action (hog: from the second after the shed; rtlimit: after the first
 *                            second)
 * @param delayMaxSettled     Delay Maximum over the same seconds
 * @param innocentsLost       clients other than the hog evicted
 * @param mutedAtEnd          clients shed but still there at the end, by priority
 * @param shedAfterMillis     hog: from turning hyperactive to the first cycle without it; rtlimit: from the limit to
 *                            the first shed; NaN when nothing was shed
 * @param dspLoadAfter        mean DSP load over the settled seconds
 * @param steal               the hypervisor's share of the CPU over the run, percent
 * @param late                Delay Count (>1000 usecs): the engine's late wake-ups
 * @param floorLate           the floor's late wake-ups beside the run; -1 when no floor was measured
 * @param floorRatio          late wake-ups per second, the engine's over the floor's; NaN with no floor or one
 *                            never late
 * @param floorMaxMicros      the floor's latest wake-up beside the run, to read beside Delay Max; NaN with no floor
 */
public record DegradeRow(String policy, long xruns, long timeouts, double delayMaxMicros, long xrunsSettled,
                         double delayMaxSettled, long innocentsLost, Muted mutedAtEnd, double shedAfterMillis,
                         double dspLoadAfter, double steal, long late, long floorLate, double floorRatio,
                         double floorMaxMicros) {

    /** Clients muted at the end, by the priority they declared. */
    public record Muted(long low, long normal, long high) {

        public static final Muted NONE = new Muted(0, 0, 0);

        public long total() {
            return low + normal + high;
        }

        /** "12 (10/2/0)": all of them, then low, normal and high. */
        public String label() {
            return total() + " (" + low + "/" + normal + "/" + high + ")";
        }
    }

    /** A row with no floor measured beside its run. */
    public DegradeRow(String policy, long xruns, long timeouts, double delayMaxMicros, long xrunsSettled,
                      double delayMaxSettled, long innocentsLost, Muted mutedAtEnd, double shedAfterMillis,
                      double dspLoadAfter, double steal, long late) {
        this(policy, xruns, timeouts, delayMaxMicros, xrunsSettled, delayMaxSettled, innocentsLost, mutedAtEnd,
                shedAfterMillis, dspLoadAfter, steal, late, -1, Double.NaN, Double.NaN);
    }

    public static DegradeRow of(Scenario scenario, StressResult r) {
        WatchdogOutcome w = r.watchdog();
        OptionalDouble shed = scenario == Scenario.HOG ? w.culpritShedAfterMillis()
                : w.firstShedSeconds().stream().map(s -> s * 1000).findFirst();
        int settledFrom = settledFrom(scenario, r, shed);
        List<SecondStats> settled = r.metrics().perSecond().stream().filter(s -> s.second() >= settledFrom).toList();
        return new DegradeRow(w.policy(), r.metrics().xruns(), r.metrics().timeouts(), r.metrics().delayMaxMicros(),
                settled.stream().mapToLong(SecondStats::xruns).sum(),
                settled.stream().mapToDouble(SecondStats::delayMaxMicros).max().orElse(0),
                w.innocentsEvicted(), new Muted(w.mutedAtEnd(ClientPriority.LOW), w.mutedAtEnd(ClientPriority.NORMAL),
                        w.mutedAtEnd(ClientPriority.HIGH)), shed.orElse(Double.NaN),
                settled.stream().mapToDouble(SecondStats::dspLoadMean).average().orElse(0), r.cpu().steal(),
                r.metrics().delayOver1000us(), r.floor() == null ? -1 : r.floor().late(), r.floorRatio(),
                r.floor() == null ? Double.NaN : r.floor().maxNanos() / 1000.0);
    }

    /** The first whole second after the overload was answered (or, unanswered, after it began). */
    private static int settledFrom(Scenario scenario, StressResult r, OptionalDouble shedMillis) {
        if (scenario == Scenario.RTLIMIT) {
            return 1;
        }
        double hogAfter = r.settings().degradation().hogs().afterSeconds();
        return (int) Math.ceil(hogAfter + (shedMillis.isPresent() ? shedMillis.getAsDouble() / 1000 : 0)) + 1;
    }
}
