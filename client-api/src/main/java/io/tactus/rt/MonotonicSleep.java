package io.tactus.rt;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

import java.util.concurrent.locks.LockSupport;

/**
 * Sleeps to an absolute instant of {@link System#nanoTime()}'s clock (CLOCK_MONOTONIC on Linux) with
 * {@code clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME)}, as cyclictest does: one system call that the
 * kernel's hrtimer ends at the instant, with no relative arithmetic that a preemption between reading the
 * clock and sleeping would make late, and none of {@link LockSupport#parkNanos}'s machinery (the thread's
 * parker, its mutex and condition variable). Where libc cannot be bound it falls back to parkNanos, which
 * {@link #isNative()} tells.
 *
 * <p>Realtime, allocation-free: the timespec is a per-thread {@code long[2]} reused on every call, and JNA's
 * direct mapping passes it as a copy (no pinning, no Java allocation).
 */
public final class MonotonicSleep {

    private static final int CLOCK_MONOTONIC = 1;
    private static final int TIMER_ABSTIME = 1;
    private static final int EINTR = 4;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private static final ThreadLocal<long[]> TIMESPEC = ThreadLocal.withInitial(() -> new long[2]);
    private static final boolean NATIVE = bind();

    private MonotonicSleep() {
    }

    /** True when the sleep is the kernel's absolute clock_nanosleep, false when it falls back to parkNanos. */
    public static boolean isNative() {
        return NATIVE;
    }

    /**
     * Sleeps until {@code deadline} ({@link System#nanoTime()} units) or returns at once when it has passed.
     * A signal that interrupts the sleep restarts it. Realtime, allocation-free.
     */
    public static void sleepUntil(long deadline) {
        if (!NATIVE) {
            long left = deadline - System.nanoTime();
            if (left > 0) {
                LockSupport.parkNanos(left);
            }
            return;
        }
        long[] timespec = TIMESPEC.get();
        timespec[0] = Math.floorDiv(deadline, NANOS_PER_SECOND);
        timespec[1] = Math.floorMod(deadline, NANOS_PER_SECOND);
        while (Libc.clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, timespec, null) == EINTR) {
            // An absolute sleep resumes to the same instant: nothing to recompute.
        }
    }

    private static boolean bind() {
        try {
            if (!Platform.isLinux() || !Platform.is64Bit()) {
                return false; // the long[2] timespec is the 64-bit layout
            }
            Native.register(Libc.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            return true;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /** clock_nanosleep returns the error number itself (0 on success), not -1 and errno. */
    private static final class Libc {
        static native int clock_nanosleep(int clockId, int flags, long[] request, long[] remain);
    }
}
