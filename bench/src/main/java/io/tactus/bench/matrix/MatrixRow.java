package io.tactus.bench.matrix;

import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.StressResult;
import io.tactus.server.telemetry.MetricsSnapshot;

/**
 * The key figures of one matrix run, flat so that the table, the CSV and the chart read the same
 * record. A run that threw keeps its place as a failed row (figures zero, {@code failure} set) rather
 * than vanishing from the comparison. {@code scheduling} is what the engine thread actually got; a
 * refused class stays visible there, e.g. "SCHED_OTHER nice 0 (SCHED_FIFO 70 refused: EPERM)".
 *
 * @param label            configuration label, e.g. "fifo+compile"
 * @param group            the scheduling class it was grouped under (the one asked for)
 * @param load             the background load
 * @param repeat           1-based repetition of this configuration
 * @param scheduling       the scheduling outcome, or what was asked for when the run failed
 * @param failure          why the run failed, null when it ran
 * @param xruns            XRUN Count
 * @param timeouts         Timeout Count
 * @param delayMaxMicros   Delay Maximum
 * @param delayP999Micros  Delay p99.9
 * @param cycleMaxMicros   Cycle Maximum
 * @param dspLoadMean      Average DSP Load, percent
 * @param dspLoadMax       Maximum DSP Load, percent
 * @param cpuStealPercent  Average CPU Steal Load, percent
 * @param rtAllocatedBytes bytes allocated on the engine thread; -1 when not measured
 * @param clientsAtEnd     clients alive at the end
 * @param delayOver1000us  Delay Count (>1000 usecs): the engine's late wake-ups
 * @param floorLate        the floor's late wake-ups beside the run ({@link io.tactus.bench.floor.FloorWindow});
 *                         -1 when no floor was measured
 * @param floorRatio       late wake-ups per second, the engine's over the floor's; NaN with no floor or one never
 *                         late
 */
public record MatrixRow(String label, SchedulingGroup group, LoadKind load, int repeat, String scheduling,
                        String failure, long xruns, long timeouts, double delayMaxMicros, double delayP999Micros,
                        double cycleMaxMicros, double dspLoadMean, double dspLoadMax, double cpuStealPercent,
                        long rtAllocatedBytes, int clientsAtEnd, long delayOver1000us, long floorLate,
                        double floorRatio) {

    public static MatrixRow of(MatrixConfiguration configuration, int repeat, StressResult result) {
        MetricsSnapshot m = result.metrics();
        return new MatrixRow(configuration.label(), configuration.group(), configuration.load(), repeat,
                result.scheduling(), null, m.xruns(), m.timeouts(), m.delayMaxMicros(), m.delayP999Micros(),
                m.cycleMaxMicros(), m.dspLoadMean(), m.dspLoadMax(), result.cpu().steal(), m.rtAllocatedBytes(),
                m.clientsAtEnd(), m.delayOver1000us(), result.floor() == null ? -1 : result.floor().late(),
                result.floorRatio());
    }

    public static MatrixRow failed(MatrixConfiguration configuration, int repeat, String failure) {
        return new MatrixRow(configuration.label(), configuration.group(), configuration.load(), repeat,
                configuration.settings().scheduling().describe(), failure, 0, 0, 0, 0, 0, 0, 0, 0, -1, 0, 0, -1,
                Double.NaN);
    }

    public boolean failed() {
        return failure != null;
    }

    /** True when the kernel refused the class asked for and the run went on in another. */
    public boolean refused() {
        return scheduling.contains(" refused");
    }
}
