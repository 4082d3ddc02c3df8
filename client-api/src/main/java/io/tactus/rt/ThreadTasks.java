package io.tactus.rt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Threads as Linux lists them under /proc/PID/task: whether a thread id belongs to a process, and how the
 * kernel schedules one of this process's threads now. Plain file reads, no JNA, so they also answer about
 * threads other than the caller's; a read that fails answers "no" or null, never throws. Setup calls.
 */
public final class ThreadTasks {

    /** In /proc/PID/task/TID/stat after the ")" that ends the command: rt_priority is field 40, policy 41. */
    private static final int FIRST_FIELD_AFTER_COMMAND = 3;
    private static final int NICE_FIELD = 19;
    private static final int RT_PRIORITY_FIELD = 40;
    private static final int POLICY_FIELD = 41;

    private ThreadTasks() {
    }

    /** True when {@code tid} is a thread of process {@code pid} now. */
    public static boolean isThreadOf(long pid, int tid) {
        return pid > 0 && tid > 0 && Files.isDirectory(Path.of("/proc", Long.toString(pid), "task", Integer.toString(tid)));
    }

    /** True when {@code tid} is a thread of this process now. */
    public static boolean isOwnThread(int tid) {
        return tid > 0 && Files.isDirectory(Path.of("/proc/self/task", Integer.toString(tid)));
    }

    /**
     * What the kernel says of this process's thread {@code configured.tid()} now, in the shape of the outcome
     * it was given at start (same request and warning), so a thread demoted since then is seen as demoted.
     * {@code configured} itself when the thread is gone or its stat cannot be read.
     */
    public static SchedulingOutcome readBack(SchedulingOutcome configured) {
        if (configured == null || configured.tid() <= 0) {
            return configured;
        }
        String stat;
        try {
            stat = Files.readString(Path.of("/proc/self/task", Integer.toString(configured.tid()), "stat"));
        } catch (IOException | RuntimeException gone) {
            return configured;
        }
        String[] fields = fieldsAfterCommand(stat);
        if (fields.length <= POLICY_FIELD - FIRST_FIELD_AFTER_COMMAND) {
            return configured;
        }
        int policy = Integer.parseInt(fields[POLICY_FIELD - FIRST_FIELD_AFTER_COMMAND]);
        int priority = Integer.parseInt(fields[RT_PRIORITY_FIELD - FIRST_FIELD_AFTER_COMMAND]);
        int nice = Integer.parseInt(fields[NICE_FIELD - FIRST_FIELD_AFTER_COMMAND]);
        return new SchedulingOutcome(configured.requested(), SchedulingPolicy.fromLinux(policy), priority, nice,
                configured.tid(), configured.warning());
    }

    /**
     * True when a thread's {@code stat} line says the kernel schedules it in a class the RT budget
     * ({@code sched_rt_runtime_us}) is charged for: FIFO, RR or DEADLINE. False for any other class or a line
     * that cannot be parsed.
     */
    public static boolean realtimeIn(String stat) {
        String[] fields = fieldsAfterCommand(stat);
        if (fields.length <= POLICY_FIELD - FIRST_FIELD_AFTER_COMMAND) {
            return false;
        }
        try {
            SchedulingPolicy policy = SchedulingPolicy.fromLinux(
                    Integer.parseInt(fields[POLICY_FIELD - FIRST_FIELD_AFTER_COMMAND]));
            return policy != null && policy != SchedulingPolicy.OTHER;
        } catch (NumberFormatException unparsable) {
            return false;
        }
    }

    /** The fields after the ")" that ends the command (which may itself hold blanks and parentheses). */
    private static String[] fieldsAfterCommand(String stat) {
        int end = stat.lastIndexOf(')');
        return end < 0 || end + 2 > stat.length() ? new String[0] : stat.substring(end + 2).trim().split(" ");
    }
}
