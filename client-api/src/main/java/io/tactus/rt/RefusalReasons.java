package io.tactus.rt;

/**
 * Turns an errno from a refused scheduling or locking call into "NAME: what to do", the part of a
 * warning a user can act on. Kept in one place so the advice stays consistent; unknown values get the
 * bare name rather than a guess.
 */
final class RefusalReasons {

    private RefusalReasons() {
    }

    static String schedulingClass(SchedulingPolicy policy, int errno) {
        boolean deadline = policy == SchedulingPolicy.DEADLINE;
        return explain(errno, switch (errno) {
            case RealtimeNative.EPERM -> deadline
                    ? "this needs root or CAP_SYS_NICE, and the thread must be allowed on every CPU, with no taskset or cpuset limit"
                    : "this needs root or CAP_SYS_NICE, or an rtprio limit in /etc/security/limits.conf";
            case RealtimeNative.EBUSY -> "the kernel's admission control has no bandwidth left; lower the runtime, "
                    + "lengthen the period or stop other deadline threads";
            case RealtimeNative.EINVAL -> deadline
                    ? "the kernel rejected the parameters; runtime must be at least 1024 ns and the period within "
                            + "/proc/sys/kernel/sched_deadline_period_{min,max}_us"
                    : "the kernel rejected the policy or priority";
            case RealtimeNative.ENOSYS -> "this kernel does not support it";
            default -> null;
        });
    }

    static String nice(int errno) {
        return explain(errno, errno == RealtimeNative.EACCES || errno == RealtimeNative.EPERM
                ? "a negative nice needs root or CAP_SYS_NICE, or a nice limit in /etc/security/limits.conf"
                : null);
    }

    static String memoryLock(int errno) {
        return explain(errno, switch (errno) {
            case RealtimeNative.EPERM -> "this needs root or CAP_IPC_LOCK, or a memlock limit in /etc/security/limits.conf";
            case RealtimeNative.ENOMEM -> "the memlock limit (ulimit -l) is smaller than the JVM; raise it in "
                    + "/etc/security/limits.conf";
            case RealtimeNative.ENOSYS -> "not available on this platform";
            default -> null;
        });
    }

    private static String explain(int errno, String advice) {
        String name = RealtimeNative.errnoName(errno);
        return advice == null ? name : name + ": " + advice;
    }
}
