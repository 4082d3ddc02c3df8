package io.tactus.bench.matrix;

import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.StressSettings;

/**
 * One cell of the matrix: a scheduling class under a background load, with the complete stress
 * settings it runs with. Labels follow the 2005 benchmark directories ("fifo", "fifo+compile") so the
 * grouped view reads like the original.
 *
 * @param group    the scheduling class it is grouped under
 * @param load     the background load
 * @param settings the stress run, scheduling and load included
 */
public record MatrixConfiguration(SchedulingGroup group, LoadKind load, StressSettings settings) {

    /** "fifo", "nice-20+compile". */
    public String label() {
        return load == LoadKind.NONE ? group.token() : group.token() + "+" + load.label();
    }

    /** For progress lines: "SCHED_RR priority 70 + compile". */
    public String describe() {
        String scheduling = settings.scheduling().describe();
        return load == LoadKind.NONE ? scheduling : scheduling + " + " + load.label();
    }
}
