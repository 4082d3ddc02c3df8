package io.tactus.bench.matrix;

import io.tactus.api.TactusException;
import io.tactus.rt.SchedulingSettings;

import java.util.Locale;

/**
 * The scheduling classes a matrix compares, in the order the 2005 LKML comparison listed them: the two
 * fixed-priority realtime classes, the bandwidth-reserving one, then the best an unprivileged process
 * could hope for (nice -20) and plain time-sharing. nice -20 is a group of its own because it is the
 * classic "no RT permission" fallback, and the question is always how far it falls behind.
 */
public enum SchedulingGroup {
    FIFO("fifo", "SCHED_FIFO"),
    RR("rr", "SCHED_RR"),
    DEADLINE("deadline", "SCHED_DEADLINE"),
    NICE_20("nice-20", "nice(-20)"),
    OTHER("other", "SCHED_OTHER");

    private final String token;
    private final String heading;

    SchedulingGroup(String token, String heading) {
        this.token = token;
        this.heading = heading;
    }

    /** The command-line and label form: "fifo", "nice-20". */
    public String token() {
        return token;
    }

    /** The grouped view's heading: "SCHED_FIFO", "nice(-20)". */
    public String heading() {
        return heading;
    }

    /**
     * What the engine thread asks for in this group.
     *
     * @param priority         realtime priority for FIFO and RR
     * @param dlBudgetPercent  SCHED_DEADLINE runtime as a percentage of the period
     * @param periodNanos      the audio period, also the deadline and the deadline period
     */
    public SchedulingSettings settings(int priority, int dlBudgetPercent, long periodNanos) {
        return switch (this) {
            case FIFO -> SchedulingSettings.fifo(priority);
            case RR -> SchedulingSettings.rr(priority);
            case DEADLINE -> SchedulingSettings.deadline(Math.max(1, periodNanos * dlBudgetPercent / 100),
                    periodNanos, periodNanos);
            case NICE_20 -> SchedulingSettings.other(-20);
            case OTHER -> SchedulingSettings.other(0);
        };
    }

    public static SchedulingGroup parse(String text) {
        String name = text.trim().toLowerCase(Locale.ROOT);
        for (SchedulingGroup group : values()) {
            if (group.token.equals(name)) {
                return group;
            }
        }
        throw new TactusException("--sched takes a comma list of fifo, rr, deadline, nice-20 and other, not '"
                + text.trim() + "'");
    }
}
