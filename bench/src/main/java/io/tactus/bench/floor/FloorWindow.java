package io.tactus.bench.floor;

import org.HdrHistogram.Histogram;

/**
 * What the floor thread saw in one window (or several joined): its wake-ups later than
 * {@link FloorProbe#LATE_NANOS}, the periods it slept through, the histogram of its lateness in
 * nanoseconds, from which the maximum and percentiles are read, and the bytes the thread allocated in its
 * counted periods (-1 when the JVM cannot tell): a floor that allocated would measure a collector too.
 */
public record FloorWindow(double seconds, long periods, long late, long skipped, Histogram lateness,
                          String scheduling, FloorWait mechanism, long allocatedBytes) {

    /** Two windows as one, as if measured in one go: counts and histograms add. */
    public FloorWindow plus(FloorWindow other) {
        Histogram both = lateness.copy();
        both.add(other.lateness);
        long allocated = allocatedBytes < 0 || other.allocatedBytes < 0 ? -1 : allocatedBytes + other.allocatedBytes;
        return new FloorWindow(seconds + other.seconds, periods + other.periods, late + other.late,
                skipped + other.skipped, both, scheduling, mechanism, allocated);
    }

    public long maxNanos() {
        return lateness.getMaxValue();
    }

    public long percentileNanos(double percentile) {
        return lateness.getValueAtPercentile(percentile);
    }

    /**
     * The engine's late wake-ups per second ({@code engineLate} in {@code engineSeconds}) over this floor's; NaN
     * when the floor saw none (a ratio to zero says nothing) or either window is empty.
     */
    public double ratioOf(long engineLate, double engineSeconds) {
        if (late == 0 || engineSeconds <= 0 || seconds <= 0) {
            return Double.NaN;
        }
        return (engineLate / engineSeconds) / latePerSecond();
    }

    /** Late wake-ups per second of window. */
    public double latePerSecond() {
        return seconds > 0 ? late / seconds : 0;
    }
}
