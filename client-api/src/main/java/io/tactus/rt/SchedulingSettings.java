package io.tactus.rt;

import java.util.Objects;

/**
 * What a thread asks the kernel for, validated up front so a bad value is one clear sentence at
 * configuration time rather than an EINVAL from a thread that is already running. Only the fields of
 * the chosen policy matter: priority (1..99) for FIFO and RR, nice (-20..19) for OTHER, and runtime,
 * deadline and period in nanoseconds (0 < runtime <= deadline <= period) for DEADLINE.
 */
public record SchedulingSettings(SchedulingPolicy policy, int priority, int nice,
                                 long runtimeNanos, long deadlineNanos, long periodNanos) {

    public SchedulingSettings {
        Objects.requireNonNull(policy, "policy");
        if (policy.hasRealtimePriority() && (priority < 1 || priority > 99)) {
            throw new IllegalArgumentException(policy.label() + " priority must be between 1 and 99, got "
                    + priority);
        }
        if (nice < -20 || nice > 19) {
            throw new IllegalArgumentException("nice must be between -20 and 19, got " + nice);
        }
        if (policy == SchedulingPolicy.DEADLINE && (runtimeNanos <= 0 || runtimeNanos > deadlineNanos
                || deadlineNanos > periodNanos)) {
            throw new IllegalArgumentException("SCHED_DEADLINE needs 0 < runtime <= deadline <= period, got runtime "
                    + runtimeNanos + " ns, deadline " + deadlineNanos + " ns, period " + periodNanos + " ns");
        }
    }

    public static SchedulingSettings fifo(int priority) {
        return new SchedulingSettings(SchedulingPolicy.FIFO, priority, 0, 0, 0, 0);
    }

    public static SchedulingSettings rr(int priority) {
        return new SchedulingSettings(SchedulingPolicy.RR, priority, 0, 0, 0, 0);
    }

    public static SchedulingSettings other(int nice) {
        return new SchedulingSettings(SchedulingPolicy.OTHER, 0, nice, 0, 0, 0);
    }

    public static SchedulingSettings deadline(long runtimeNanos, long deadlineNanos, long periodNanos) {
        return new SchedulingSettings(SchedulingPolicy.DEADLINE, 0, 0, runtimeNanos, deadlineNanos, periodNanos);
    }

    /**
     * E.g. "SCHED_FIFO priority 70", "SCHED_OTHER nice -20", "SCHED_DEADLINE runtime 400 us, deadline 1333 us, period
     * 1333 us".
     */
    public String describe() {
        return switch (policy) {
            case FIFO, RR -> policy.label() + " priority " + priority;
            case OTHER -> policy.label() + " nice " + nice;
            case DEADLINE -> policy.label() + " runtime " + micros(runtimeNanos) + ", deadline "
                    + micros(deadlineNanos) + ", period " + micros(periodNanos);
        };
    }

    /** The short form used in outcomes: "SCHED_FIFO 70", "SCHED_OTHER nice -5", or the full deadline form. */
    String shortDescription() {
        return policy.hasRealtimePriority() ? policy.label() + " " + priority : describe();
    }

    private static String micros(long nanos) {
        return nanos < 1_000 ? nanos + " ns" : Math.round(nanos / 1_000.0) + " us";
    }
}
