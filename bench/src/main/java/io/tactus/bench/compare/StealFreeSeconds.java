package io.tactus.bench.compare;

import io.tactus.bench.stress.StressResult;

import java.util.List;

/**
 * The seconds of one window in which the host took no CPU time from this machine, of all the window's seconds, and
 * the server's xruns in them. Two windows minutes apart meet different hosts; their xruns per steal-free second are
 * what each server is answerable for. Steal is counted in ticks of 10 ms per CPU, so a short stall may hide in a
 * "steal-free" second: the figure narrows the host's share, it does not remove it.
 *
 * @param seconds the seconds without steal
 * @param of      the seconds whose steal is known
 * @param xruns   the server's xruns in the seconds without steal
 */
public record StealFreeSeconds(int seconds, int of, long xruns) {

    /** A window whose seconds were not sampled. */
    public static final StealFreeSeconds UNKNOWN = new StealFreeSeconds(0, 0, 0);

    /**
     * From a window's steal per second (percent of all CPUs) and its xruns per second, second by second; seconds
     * beyond the shorter list are not known.
     */
    public static StealFreeSeconds of(List<Double> stealPerSecond, List<Long> xrunsPerSecond) {
        int known = Math.min(stealPerSecond.size(), xrunsPerSecond.size());
        int quiet = 0;
        long xruns = 0;
        for (int i = 0; i < known; i++) {
            if (stealPerSecond.get(i) < StressResult.QuietSeconds.NO_STEAL_PERCENT) {
                quiet++;
                xruns += xrunsPerSecond.get(i);
            }
        }
        return new StealFreeSeconds(quiet, known, xruns);
    }

    /** A stress run's own count of its quiet seconds. */
    public static StealFreeSeconds of(StressResult.QuietSeconds quiet) {
        return new StealFreeSeconds(quiet.seconds(), quiet.of(), quiet.xruns());
    }

    /** Xruns per steal-free second, or NaN when there was none. */
    public double xrunRate() {
        return seconds == 0 ? Double.NaN : (double) xruns / seconds;
    }
}
