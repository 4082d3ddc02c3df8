package io.tactus.server.telemetry;

import java.util.List;

/**
 * {@code clientWorkMeanMicros} is the mean over cycles of the clients' own processing time summed, as each
 * cycle's record tells it; {@code clientWorkInCycleMeanMicros} only the part of it inside the cycle
 * ({@link CycleRecord#clientWorkInCycle}): the same unless clients are asynchronous, whose work lies in the
 * period before. The rest of a cycle is the engine's overhead.
 *
 * <p>Every figure of a run so far, computed by {@link RunMetrics} from the cycles that happened. Times in
 * microseconds, loads in percent. {@code windowStartNanos} is the ideal start of the first cycle measured
 * ({@link System#nanoTime()}; 0 before any): event times are reported relative to it.
 */
public record MetricsSnapshot(
        long cycles,
        long xruns,
        long skippedPeriods,
        long timeouts,
        long delayOverSpare,
        long delayOver1000us,
        double delayMaxMicros,
        double delayP999Micros,
        double delayP99Micros,
        double delayMeanMicros,
        double cycleMaxMicros,
        double cycleP999Micros,
        double cycleMeanMicros,
        double clientWorkMeanMicros,
        double clientWorkInCycleMeanMicros,
        double dspLoadMean,
        double dspLoadMax,
        long rtAllocatedBytes,
        int clientsAtEnd,
        int clientsMax,
        double secondsMeasured,
        List<SecondStats> perSecond,
        long windowStartNanos) {
}
