package io.tactus.rt;

/**
 * The Linux calls behind realtime scheduling, memory locking and the monotonic clock, kept behind an
 * interface so every piece of logic above it is portable Java that tests run with this layer mocked.
 * The price is that nothing here is checked by the compiler against the C headers: struct layouts and
 * syscall numbers are written down by hand in {@link LinuxRealtimeNative}. These are setup calls (a little
 * allocation is fine) except {@link #clockMonotonicNanos()}, which allocates nothing after warm-up.
 *
 * <p>Every method acts on the CALLING thread. Status methods return 0 on success, otherwise the positive
 * errno; the readers return the value, or -errno where a negative value cannot be valid.
 */
public interface RealtimeNative {

    int EPERM = 1;
    int ESRCH = 3;
    int ENOMEM = 12;
    int EACCES = 13;
    int EBUSY = 16;
    int EINVAL = 22;
    int ENOSYS = 38;

    /** What {@link #getNice()} returns when the nice value cannot be read (a valid nice is -20..19). */
    int NICE_UNKNOWN = Integer.MIN_VALUE;

    /** False when not on Linux (x86_64 or aarch64) or when libc could not be bound. */
    boolean isAvailable();

    /** The kernel thread id of the calling thread (SYS_gettid), or -errno. */
    int gettid();

    /** sched_setscheduler(0, policy, {priority}). */
    int setScheduler(int linuxPolicy, int priority);

    /**
     * sched_setscheduler(tid, SCHED_OTHER, {0}): takes ANOTHER thread of this process (by kernel tid) off
     * the realtime classes, the one call here that does not act on the caller. For a runaway thread that
     * cannot be asked to do it itself.
     */
    int demoteThread(int tid);

    /**
     * sched_setscheduler(tid, policy, {priority}) on ANOTHER thread: puts a thread that was taken off the realtime
     * class back on it, as the end of a freewheel does. Returns 0 or the errno.
     */
    default int setThreadScheduler(int tid, int linuxPolicy, int priority) {
        return ENOSYS;
    }

    /**
     * sched_setaffinity(tid, mask): lets thread {@code tid} (of any process the caller may schedule) run only on
     * the CPUs whose bits {@code cpuMask} sets (CPUs 0 to 63). 0 or errno.
     */
    default int pinThread(int tid, long cpuMask) {
        return ENOSYS;
    }

    /** sched_getaffinity(0): the CPUs (0 to 63) this thread may run on, as a mask; 0 when it cannot be known. */
    default long allowedCpus() {
        return 0;
    }

    /** sched_getscheduler(0) without the SCHED_RESET_ON_FORK bit: the policy number, or -errno. */
    int getScheduler();

    /** sched_getparam(0).sched_priority (0 outside FIFO/RR), or -errno. */
    int getPriority();

    /** setpriority(PRIO_PROCESS, gettid(), nice): per-thread on Linux. */
    int setNice(int nice);

    /** getpriority(PRIO_PROCESS, gettid()): the nice value -20..19, or {@link #NICE_UNKNOWN} on failure. */
    int getNice();

    /** sched_setattr(0, {SCHED_DEADLINE, runtime, deadline, period}, 0), always with SCHED_FLAG_RESET_ON_FORK. */
    int setDeadline(long runtimeNanos, long deadlineNanos, long periodNanos);

    /** mlockall(MCL_CURRENT | MCL_FUTURE). */
    int mlockAll();

    /** munlockall(). */
    int munlockAll();

    /** prctl(PR_SET_TIMERSLACK, nanos): how late the kernel may fire this thread's timers to batch wake-ups. */
    int setTimerSlack(long nanos);

    /**
     * clock_gettime(CLOCK_MONOTONIC) in nanoseconds, the same clock as {@link System#nanoTime()} on Linux.
     * Allocates nothing after the calling thread's first call, which creates that thread's timespec buffer.
     * Falls back to System.nanoTime() when unavailable.
     */
    long clockMonotonicNanos();

    /** The JNA-backed singleton. Never throws: without Linux or libc, every call answers ENOSYS. */
    static RealtimeNative linux() {
        return LinuxBinding.INSTANCE;
    }

    /** "EPERM", "EINVAL", "EBUSY", ... for the common errno values, else "errno N". */
    static String errnoName(int errno) {
        return switch (errno) {
            case 1 -> "EPERM";
            case 2 -> "ENOENT";
            case 3 -> "ESRCH";
            case 4 -> "EINTR";
            case 5 -> "EIO";
            case 7 -> "E2BIG";
            case 11 -> "EAGAIN";
            case 12 -> "ENOMEM";
            case 13 -> "EACCES";
            case 14 -> "EFAULT";
            case 16 -> "EBUSY";
            case 22 -> "EINVAL";
            case 28 -> "ENOSPC";
            case 34 -> "ERANGE";
            case 38 -> "ENOSYS";
            case 95 -> "EOPNOTSUPP";
            case 110 -> "ETIMEDOUT";
            default -> "errno " + errno;
        };
    }
}
