package io.tactus.server.telemetry;

/**
 * One second of a run, for the per-second series.
 *
 * @param second        seconds since the first measured cycle
 * @param cycles        cycles that started in this second
 * @param dspLoadMean   mean DSP load, percent
 * @param dspLoadMax    highest DSP load, percent
 * @param delayMaxMicros highest charged delay, microseconds
 * @param xruns         xruns in this second
 * @param timeouts      client timeouts in this second
 * @param clientsAlive  clients in the graph at the end of this second
 */
public record SecondStats(int second, int cycles, double dspLoadMean, double dspLoadMax, double delayMaxMicros,
                          int xruns, int timeouts, int clientsAlive) {
}
