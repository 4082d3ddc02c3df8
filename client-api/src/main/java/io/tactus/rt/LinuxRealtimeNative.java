package io.tactus.rt;

import com.sun.jna.LastErrorException;
import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * The JNA direct-mapped binding of {@link RealtimeNative}: static natives registered once against libc,
 * which is as fast as JNA gets and needs no C code, at the cost of hand-written struct layouts and
 * syscall numbers (x86_64 and aarch64 only). glibc's {@code syscall} and {@code prctl} are variadic; they
 * are declared here with fixed long arguments, which is the same calling sequence on both architectures.
 */
final class LinuxRealtimeNative implements RealtimeNative {

    private static final int PRIO_PROCESS = 0;
    private static final int MCL_CURRENT = 1;
    private static final int MCL_FUTURE = 2;
    private static final int PR_SET_TIMERSLACK = 29;
    private static final int CLOCK_MONOTONIC = 1;
    private static final int SCHED_RESET_ON_FORK = 0x4000_0000;
    private static final long SCHED_FLAG_RESET_ON_FORK = 0x01;
    private static final int SCHED_ATTR_SIZE = 48;

    private final long sysGettid;
    private final long sysSchedSetattr;

    private LinuxRealtimeNative(long sysGettid, long sysSchedSetattr) {
        this.sysGettid = sysGettid;
        this.sysSchedSetattr = sysSchedSetattr;
    }

    /**
     * Registers the natives and returns the binding for this architecture, or null when there are no
     * syscall numbers for it. Throws LinkageError when libc (or JNA itself) cannot be loaded.
     */
    static RealtimeNative bind(String arch) {
        LinuxRealtimeNative bound = switch (arch) {
            case "x86-64" -> new LinuxRealtimeNative(186, 314);
            case "aarch64" -> new LinuxRealtimeNative(178, 274);
            default -> null;
        };
        if (bound != null) {
            Native.register(LibC.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }
        return bound;
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public int gettid() {
        long tid = LibC.syscall(sysGettid, 0, 0, 0);
        return tid < 0 ? -Native.getLastError() : (int) tid;
    }

    @Override
    public int setScheduler(int linuxPolicy, int priority) {
        return status(LibC.sched_setscheduler(0, linuxPolicy, new int[] {priority}));
    }

    @Override
    public int demoteThread(int tid) {
        return tid <= 0 ? ESRCH : status(LibC.sched_setscheduler(tid, SchedulingPolicy.OTHER.linuxValue(), new int[] {0}));
    }

    @Override
    public int setThreadScheduler(int tid, int linuxPolicy, int priority) {
        return tid <= 0 ? ESRCH : status(LibC.sched_setscheduler(tid, linuxPolicy, new int[] {priority}));
    }

    @Override
    public int pinThread(int tid, long cpuMask) {
        return tid <= 0 ? ESRCH : status(LibC.sched_setaffinity(tid, Long.BYTES, new long[] {cpuMask}));
    }

    @Override
    public long allowedCpus() {
        long[] mask = new long[16]; // 1024 CPUs, the glibc cpu_set_t: a smaller set is EINVAL on a large machine
        return LibC.sched_getaffinity(0, mask.length * Long.BYTES, mask) < 0 ? 0 : mask[0];
    }

    @Override
    public int getScheduler() {
        int policy = LibC.sched_getscheduler(0);
        return policy < 0 ? -Native.getLastError() : policy & ~SCHED_RESET_ON_FORK;
    }

    @Override
    public int getPriority() {
        int[] param = new int[1];
        return LibC.sched_getparam(0, param) < 0 ? -Native.getLastError() : param[0];
    }

    @Override
    public int setNice(int nice) {
        int tid = gettid();
        return tid < 0 ? -tid : status(LibC.setpriority(PRIO_PROCESS, tid, nice));
    }

    @Override
    public int getNice() {
        int tid = gettid();
        if (tid < 0) {
            return NICE_UNKNOWN;
        }
        try {
            // -1 is a valid nice value; declaring LastErrorException makes JNA clear errno before the call
            // and throw only when the call set it.
            return LibC.getpriority(PRIO_PROCESS, tid);
        } catch (LastErrorException e) {
            return NICE_UNKNOWN;
        }
    }

    @Override
    public int setDeadline(long runtimeNanos, long deadlineNanos, long periodNanos) {
        // struct sched_attr as six little-endian 64-bit words: {size, policy}, flags, {nice, priority},
        // runtime, deadline, period.
        long[] attr = {
                SCHED_ATTR_SIZE | ((long) SchedulingPolicy.DEADLINE.linuxValue() << 32),
                SCHED_FLAG_RESET_ON_FORK,
                0,
                runtimeNanos,
                deadlineNanos,
                periodNanos,
        };
        return LibC.syscall(sysSchedSetattr, 0, attr, 0) < 0 ? Native.getLastError() : 0;
    }

    @Override
    public int mlockAll() {
        return status(LibC.mlockall(MCL_CURRENT | MCL_FUTURE));
    }

    @Override
    public int munlockAll() {
        return status(LibC.munlockall());
    }

    @Override
    public int setTimerSlack(long nanos) {
        return status(LibC.prctl(PR_SET_TIMERSLACK, nanos, 0, 0, 0));
    }

    @Override
    public long clockMonotonicNanos() {
        NativeTimespec timespec = NativeTimespec.ofCurrentThread();
        LibC.clock_gettime(CLOCK_MONOTONIC, timespec.address());
        return timespec.seconds() * 1_000_000_000L + timespec.nanos();
    }

    private static int status(int result) {
        return result < 0 ? Native.getLastError() : 0;
    }

    /** The direct-mapped libc functions; registered by {@link #bind(String)}, unusable before. */
    private static final class LibC {
        static native int sched_setscheduler(int pid, int policy, int[] param);
        static native int sched_getscheduler(int pid);
        static native int sched_getparam(int pid, int[] param);
        static native int sched_setaffinity(int pid, int size, long[] mask);
        static native int sched_getaffinity(int pid, int size, long[] mask);
        static native int setpriority(int which, int who, int prio);
        static native int getpriority(int which, int who) throws LastErrorException;
        static native int mlockall(int flags);
        static native int munlockall();
        static native int prctl(int option, long arg2, long arg3, long arg4, long arg5);
        static native long syscall(long number, long arg1, long arg2, long arg3);
        static native long syscall(long number, long arg1, long[] arg2, long arg3);
        static native int clock_gettime(int clockId, long timespec);
    }
}
