package io.tactus.server.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the kernel says about one thread of this process, from {@code /proc/self/task/TID}: the CPU time
 * it has run and whether it is blocked. Each read is a file read, so callers poll it only while a call
 * they suspect has lasted a while; off Linux every answer is "unknown".
 */
public final class ThreadStats {

    private ThreadStats() {
    }

    /** CPU time the thread has run (schedstat's first field), in nanoseconds; -1 when unknown. */
    public static long cpuNanos(int tid) {
        if (tid <= 0) {
            return -1;
        }
        return ProcTasks.SYSTEM.runtimeNanos("self", tid);
    }

    /** The thread is asleep or in uninterruptible wait (state S or D): blocked, not waiting for a CPU. */
    public static boolean blocked(int tid) {
        if (tid <= 0) {
            return false;
        }
        try {
            String stat = Files.readAllLines(Path.of("/proc/self/task/" + tid + "/stat")).get(0);
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state == 'S' || state == 'D';
        } catch (IOException | RuntimeException unavailable) {
            return false;
        }
    }
}
