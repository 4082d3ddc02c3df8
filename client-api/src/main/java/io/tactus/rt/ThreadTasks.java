package io.tactus.rt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
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
        byte[] line = stat.getBytes(StandardCharsets.UTF_8);
        return realtimeIn(line, line.length);
    }

    /**
     * {@link #realtimeIn(String)} for a stat line read into the first {@code length} bytes of {@code stat}, parsed
     * where it lies: a caller that reads many threads' lines into one buffer allocates nothing here.
     */
    public static boolean realtimeIn(byte[] stat, int length) {
        int end = length - 1;
        while (end >= 0 && stat[end] != ')') {
            end--;
        }
        if (end < 0) {
            return false;
        }
        // Field 3 (the state) starts two bytes after the ")"; each blank after it starts the next field.
        int field = FIRST_FIELD_AFTER_COMMAND;
        int i = end + 2;
        while (i < length && field < POLICY_FIELD) {
            if (stat[i++] == ' ') {
                field++;
            }
        }
        int policy = 0;
        int digits = 0;
        while (i < length && stat[i] >= '0' && stat[i] <= '9' && digits < 3) {
            policy = policy * 10 + (stat[i++] - '0');
            digits++;
        }
        if (field != POLICY_FIELD || digits == 0) {
            return false;
        }
        SchedulingPolicy kind = SchedulingPolicy.fromLinux(policy);
        return kind != null && kind != SchedulingPolicy.OTHER;
    }

    /** The fields after the ")" that ends the command (which may itself hold blanks and parentheses). */
    private static String[] fieldsAfterCommand(String stat) {
        int end = stat.lastIndexOf(')');
        return end < 0 || end + 2 > stat.length() ? new String[0] : stat.substring(end + 2).trim().split(" ");
    }
}
