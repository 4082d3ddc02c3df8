package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;

/**
 * One line of {@code tactus top}: a client as the watchdog sees it now. Times in microseconds (recent
 * means over about 64 cycles), share in percent of the period.
 *
 * @param waitMicros   TRIGGERED to RUNNING: time spent waiting for others, never held against it
 * @param busyMicros   RUNNING to FINISHED: its own work
 * @param sharePercent busy as a share of the period
 * @param busyMaxMicros the longest own work seen
 * @param timeouts     timeouts blamed on it
 * @param xruns        xruns blamed on it (it consumed the cycle)
 * @param actions      mutes, readmissions and evictions the watchdog took on it
 */
public record ClientView(String name, ClientPriority priority, ClientState state, double waitMicros,
                         double busyMicros, double sharePercent, double busyMaxMicros, long timeouts, long xruns,
                         int actions) {
}
