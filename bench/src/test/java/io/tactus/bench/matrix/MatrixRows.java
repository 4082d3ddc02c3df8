package io.tactus.bench.matrix;

import io.tactus.bench.load.LoadKind;

import java.util.List;

/**
 * Synthetic matrix rows for the formatter, CSV and chart tests: every kind of row, in round order. Each ran
 * {@code xruns + 2} late wake-ups against a floor's 4 (the ratio as if both windows were as long), but one.
 */
final class MatrixRows {

    static final String DEADLINE_REFUSED = "SCHED_OTHER nice 0 (SCHED_DEADLINE runtime 667 us, deadline 1333 us, "
            + "period 1333 us refused: EPERM)";

    private MatrixRows() {
    }

    static MatrixRow ok(SchedulingGroup group, LoadKind load, int repeat, String scheduling, long xruns, double delayMax) {
        String label = load == LoadKind.NONE ? group.token() : group.token() + "+" + load.label();
        return new MatrixRow(label, group, load, repeat, scheduling, null, xruns, 0, delayMax, delayMax / 4,
                310.4, 33.25, 61.5, 0.75, 0, 20, xruns + 2, 4, (xruns + 2) / 4.0);
    }

    /** As {@link #ok}, from a run that measured no floor beside it. */
    static MatrixRow okWithoutFloor(SchedulingGroup group, LoadKind load, int repeat, String scheduling, long xruns,
                                    double delayMax) {
        MatrixRow r = ok(group, load, repeat, scheduling, xruns, delayMax);
        return new MatrixRow(r.label(), group, load, repeat, scheduling, null, xruns, 0, delayMax, delayMax / 4,
                310.4, 33.25, 61.5, 0.75, 0, 20, xruns + 2, -1, Double.NaN);
    }

    static MatrixRow failed(SchedulingGroup group, LoadKind load, int repeat, String message) {
        String label = load == LoadKind.NONE ? group.token() : group.token() + "+" + load.label();
        return new MatrixRow(label, group, load, repeat, "SCHED_OTHER nice -20", message, 0, 0, 0, 0, 0, 0, 0, 0,
                -1, 0, 0, -1, Double.NaN);
    }

    /** Two rounds of fifo and fifo+compile, then one each of deadline (refused), nice-20, nice-20+compile (failed), other. */
    static List<MatrixRow> sample() {
        return List.of(
                ok(SchedulingGroup.FIFO, LoadKind.NONE, 1, "SCHED_FIFO 70", 0, 347.2),
                ok(SchedulingGroup.FIFO, LoadKind.COMPILE, 1, "SCHED_FIFO 70", 0, 285),
                ok(SchedulingGroup.DEADLINE, LoadKind.NONE, 1, DEADLINE_REFUSED, 12, 812.6),
                ok(SchedulingGroup.NICE_20, LoadKind.NONE, 1, "SCHED_OTHER nice -20", 3, 13818),
                failed(SchedulingGroup.NICE_20, LoadKind.COMPILE, 1, "the server did not start"),
                okWithoutFloor(SchedulingGroup.OTHER, LoadKind.NONE, 1, "SCHED_OTHER nice 0", 41, 155637),
                ok(SchedulingGroup.FIFO, LoadKind.NONE, 2, "SCHED_FIFO 70", 1, 277),
                ok(SchedulingGroup.FIFO, LoadKind.COMPILE, 2, "SCHED_FIFO 70", 0, 2569));
    }
}
