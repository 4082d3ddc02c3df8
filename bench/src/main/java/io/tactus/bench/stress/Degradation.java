package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.server.watchdog.WatchdogSettings;

/**
 * How a stress run tests degradation: the watchdog policy, the hogs injected, the kernel RT budget for
 * the measured time, and how many jack_test3 clients declare a low or high priority (the first
 * {@code lowPriority} are low, the last {@code highPriority} high, the rest normal).
 *
 * @param rtLimitPercent the kernel RT budget for the run in percent; 0 leaves it alone
 */
public record Degradation(WatchdogSettings watchdog, HogSettings hogs, double rtLimitPercent, int lowPriority,
                          int highPriority) {

    /** The server's default policy (evict), no hogs, the kernel's budget as it is. */
    public static Degradation defaults() {
        return new Degradation(WatchdogSettings.defaults(), HogSettings.none(), 0, 0, 0);
    }

    public Degradation withWatchdog(WatchdogSettings w) {
        return new Degradation(w, hogs, rtLimitPercent, lowPriority, highPriority);
    }

    public void validate(int clients) {
        watchdog.validate();
        hogs.validate();
        if (rtLimitPercent != 0 && !(rtLimitPercent >= 5 && rtLimitPercent <= 100)) {
            throw new TactusException("--rt-limit must be from 5 to 100 percent, not " + rtLimitPercent);
        }
        if (lowPriority < 0 || highPriority < 0 || lowPriority + highPriority > clients) {
            throw new TactusException("--low and --high must be 0 or more and together at most --clients (" + clients
                    + "), not " + lowPriority + " and " + highPriority);
        }
    }
}
