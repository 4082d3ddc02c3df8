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
 * ({@link System#nanoTime()}; 0 before any): event times are reported relative to it. Make one with
 * {@link #builder()}, whose named setters keep the 28 figures apart. {@code dspLoadMean} and {@code dspLoadMax} are
 * the engine's cycles over the period; {@code jackDspLoadMean} and {@code jackDspLoadMax} JACK2's
 * {@code jack_cpu_load} over the same cycles ({@link JackCpuLoad}), the figure a comparison with JACK2 takes.
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
        long windowStartNanos,
        long clientWaitsOver1000us,
        double clientWaitMaxMicros,
        double clientWaitP999Micros,
        double clientWaitMeanMicros,
        double jackDspLoadMean,
        double jackDspLoadMax) {

    /** Every figure zero (no cycles, an empty per-second series): set the ones a run or a fixture has. */
    public static Builder builder() {
        return new Builder();
    }

    /** Named figures, so a fixture says which number is which; unset ones stay 0. */
    public static final class Builder {
        private long cycles;
        private long xruns;
        private long skippedPeriods;
        private long timeouts;
        private long delayOverSpare;
        private long delayOver1000us;
        private long clientWaitsOver1000us;
        private double clientWaitMaxMicros;
        private double clientWaitP999Micros;
        private double clientWaitMeanMicros;
        private double delayMaxMicros;
        private double delayP999Micros;
        private double delayP99Micros;
        private double delayMeanMicros;
        private double cycleMaxMicros;
        private double cycleP999Micros;
        private double cycleMeanMicros;
        private double clientWorkMeanMicros;
        private double clientWorkInCycleMeanMicros;
        private double dspLoadMean;
        private double dspLoadMax;
        private long rtAllocatedBytes;
        private int clientsAtEnd;
        private int clientsMax;
        private double secondsMeasured;
        private List<SecondStats> perSecond = List.of();
        private long windowStartNanos;
        private double jackDspLoadMean;
        private double jackDspLoadMax;

        private Builder() {
        }

        public Builder cycles(long v) {
            cycles = v;
            return this;
        }

        public Builder xruns(long v) {
            xruns = v;
            return this;
        }

        public Builder skippedPeriods(long v) {
            skippedPeriods = v;
            return this;
        }

        public Builder timeouts(long v) {
            timeouts = v;
            return this;
        }

        public Builder delayOverSpare(long v) {
            delayOverSpare = v;
            return this;
        }

        public Builder delayOver1000us(long v) {
            delayOver1000us = v;
            return this;
        }

        public Builder delayMaxMicros(double v) {
            delayMaxMicros = v;
            return this;
        }

        public Builder delayP999Micros(double v) {
            delayP999Micros = v;
            return this;
        }

        public Builder delayP99Micros(double v) {
            delayP99Micros = v;
            return this;
        }

        public Builder delayMeanMicros(double v) {
            delayMeanMicros = v;
            return this;
        }

        public Builder cycleMaxMicros(double v) {
            cycleMaxMicros = v;
            return this;
        }

        public Builder cycleP999Micros(double v) {
            cycleP999Micros = v;
            return this;
        }

        public Builder cycleMeanMicros(double v) {
            cycleMeanMicros = v;
            return this;
        }

        public Builder clientWorkMeanMicros(double v) {
            clientWorkMeanMicros = v;
            return this;
        }

        public Builder clientWorkInCycleMeanMicros(double v) {
            clientWorkInCycleMeanMicros = v;
            return this;
        }

        public Builder dspLoadMean(double v) {
            dspLoadMean = v;
            return this;
        }

        public Builder dspLoadMax(double v) {
            dspLoadMax = v;
            return this;
        }

        public Builder rtAllocatedBytes(long v) {
            rtAllocatedBytes = v;
            return this;
        }

        public Builder clientsAtEnd(int v) {
            clientsAtEnd = v;
            return this;
        }

        public Builder clientsMax(int v) {
            clientsMax = v;
            return this;
        }

        public Builder secondsMeasured(double v) {
            secondsMeasured = v;
            return this;
        }

        public Builder perSecond(List<SecondStats> v) {
            perSecond = v;
            return this;
        }

        public Builder windowStartNanos(long v) {
            windowStartNanos = v;
            return this;
        }

        /** Client calls whose wait from TRIGGERED to RUNNING exceeded 1 ms ({@link CycleRecord#clientWaits}). */
        public Builder clientWaitsOver1000us(long v) {
            clientWaitsOver1000us = v;
            return this;
        }

        public Builder clientWaitMaxMicros(double v) {
            clientWaitMaxMicros = v;
            return this;
        }

        public Builder clientWaitP999Micros(double v) {
            clientWaitP999Micros = v;
            return this;
        }

        /** The mean wait from TRIGGERED to RUNNING over every client call that began: a handoff's wake-up. */
        public Builder clientWaitMeanMicros(double v) {
            clientWaitMeanMicros = v;
            return this;
        }

        public Builder jackDspLoadMean(double v) {
            jackDspLoadMean = v;
            return this;
        }

        public Builder jackDspLoadMax(double v) {
            jackDspLoadMax = v;
            return this;
        }

        public MetricsSnapshot build() {
            return new MetricsSnapshot(cycles, xruns, skippedPeriods, timeouts, delayOverSpare, delayOver1000us,
                    delayMaxMicros, delayP999Micros, delayP99Micros, delayMeanMicros, cycleMaxMicros,
                    cycleP999Micros, cycleMeanMicros, clientWorkMeanMicros, clientWorkInCycleMeanMicros, dspLoadMean,
                    dspLoadMax, rtAllocatedBytes, clientsAtEnd, clientsMax, secondsMeasured, perSecond,
                    windowStartNanos, clientWaitsOver1000us, clientWaitMaxMicros, clientWaitP999Micros,
                    clientWaitMeanMicros, jackDspLoadMean, jackDspLoadMax);
        }
    }
}
