package io.tactus.bench.stress;

import io.tactus.bench.report.CpuUsage;
import io.tactus.server.telemetry.MetricsSnapshot;

/**
 * What one stress run measured, with the configuration it ran under.
 *
 * @param settings         the configuration
 * @param metrics          the engine's figures over the measured cycles
 * @param cpu              system-wide CPU over the measured time
 * @param scheduling       what the engine thread actually got, e.g. "SCHED_FIFO 70"
 * @param clientsEvicted   clients the server removed during the run
 * @param telemetryDropped cycle records the consumer missed
 */
public record StressResult(StressSettings settings, MetricsSnapshot metrics, CpuUsage cpu, String scheduling,
                           int clientsEvicted, long telemetryDropped) {
}
