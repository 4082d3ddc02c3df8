package io.tactus.rt;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a thread actually got, read back from the kernel after asking, because a refused request must
 * not pass for a granted one. Reading back costs three more syscalls per thread start, nothing after.
 * {@code actualPolicy} is null when the kernel reports a class Tactus does not use (BATCH, IDLE);
 * {@code actualNice} is {@link RealtimeNative#NICE_UNKNOWN} and {@code tid} -1 when they cannot be read.
 * {@code warning} is the one sentence sent to the warnings sink, null when the request was granted.
 */
public record SchedulingOutcome(SchedulingSettings requested, SchedulingPolicy actualPolicy, int actualPriority,
                                int actualNice, int tid, String warning) {

    /** The "(EPERM: ..." or "(errno 123)" part of the warnings {@link RealtimeScheduler} writes. */
    private static final Pattern ERRNO_NAME = Pattern.compile("\\((E[A-Z0-9]{2,}|errno \\d+)[:)]");

    public boolean granted() {
        return warning == null;
    }

    /** E.g. "SCHED_FIFO 70", or "SCHED_OTHER nice 0 (SCHED_FIFO 70 refused: EPERM)". */
    public String describe() {
        String actual = describeActual();
        if (granted()) {
            return actual;
        }
        Matcher errno = ERRNO_NAME.matcher(warning);
        String reason = errno.find() ? errno.group(1) : "see warning";
        return actual + " (" + requested.shortDescription() + " refused: " + reason + ")";
    }

    private String describeActual() {
        if (actualPolicy == null) {
            return "an unknown scheduling policy";
        }
        return switch (actualPolicy) {
            case FIFO, RR -> actualPolicy.label() + " " + actualPriority;
            case OTHER -> actualNice == RealtimeNative.NICE_UNKNOWN ? actualPolicy.label()
                    : actualPolicy.label() + " nice " + actualNice;
            case DEADLINE -> requested.policy() == SchedulingPolicy.DEADLINE ? requested.describe() : actualPolicy.label();
        };
    }
}
