package io.tactus.bench.compare;

import io.tactus.server.telemetry.MetricsSnapshot;

/**
 * A Tactus window's figures as its engine measured them, for Java process clients, which print no jack_test3
 * summary of their own: the DSP load as JACK2 counts it (what a client's jack_cpu_load would have read), the engine's
 * latest wake-up, and its cycles in the measured seconds.
 *
 * @param dspLoadAvg     the mean of jack_cpu_load over the window, percent
 * @param dspLoadMax     its largest, percent
 * @param delayMaxMicros the engine's latest wake-up after its period's start
 * @param cycles         the cycles in the measured window
 * @param seconds        the measured window
 */
public record EngineFigures(double dspLoadAvg, double dspLoadMax, double delayMaxMicros, long cycles, double seconds) {

    public static EngineFigures of(MetricsSnapshot metrics) {
        return new EngineFigures(metrics.jackDspLoadMean(), metrics.jackDspLoadMax(), metrics.delayMaxMicros(),
                metrics.cycles(), metrics.secondsMeasured());
    }
}
