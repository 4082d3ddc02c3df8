package io.tactus.rt;

import java.util.Locale;

/**
 * The Linux scheduling classes a Tactus thread can ask for. FIFO gives the lowest latency but a runaway
 * thread can starve its CPU (the kernel's RT throttling is the only brake); RR is the same with
 * time-slicing between equal priorities; DEADLINE reserves a bandwidth and is policed by the kernel,
 * but admission can be refused; OTHER is fair time-sharing and will xrun under load.
 */
public enum SchedulingPolicy {
    FIFO(1, "SCHED_FIFO"),
    RR(2, "SCHED_RR"),
    OTHER(0, "SCHED_OTHER"),
    DEADLINE(6, "SCHED_DEADLINE");

    /** {@link #values()} once: each call of that clones the array. */
    private static final SchedulingPolicy[] ALL = values();

    private final int linuxValue;
    private final String label;

    SchedulingPolicy(int linuxValue, String label) {
        this.linuxValue = linuxValue;
        this.label = label;
    }

    /** Linux policy number: OTHER 0, FIFO 1, RR 2, DEADLINE 6. */
    public int linuxValue() {
        return linuxValue;
    }

    /** "SCHED_FIFO", "SCHED_RR", "SCHED_OTHER", "SCHED_DEADLINE". */
    public String label() {
        return label;
    }

    /** True for the fixed-priority realtime classes, whose priority is 1..99. */
    public boolean hasRealtimePriority() {
        return this == FIFO || this == RR;
    }

    /** Parses "fifo", "rr", "other" or "deadline", ignoring case and surrounding blanks. */
    public static SchedulingPolicy parse(String s) {
        String name = s == null ? "" : s.trim().toLowerCase(Locale.ROOT);
        return switch (name) {
            case "fifo" -> FIFO;
            case "rr" -> RR;
            case "other" -> OTHER;
            case "deadline" -> DEADLINE;
            default -> throw new IllegalArgumentException("unknown scheduling policy '" + s
                    + "'; choose one of fifo, rr, other, deadline");
        };
    }

    /** The policy for a Linux policy number, or null for one Tactus does not use (BATCH 3, IDLE 5, ...). */
    public static SchedulingPolicy fromLinux(int value) {
        for (SchedulingPolicy p : ALL) {
            if (p.linuxValue == value) {
                return p;
            }
        }
        return null;
    }
}
