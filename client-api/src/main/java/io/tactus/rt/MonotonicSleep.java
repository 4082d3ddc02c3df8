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
 * <p>Realtime, allocation-free after a thread's first call: the request is the thread's {@link NativeTimespec},
 * passed by address (no copy, no malloc).
 */
public final class MonotonicSleep {

    private static final int CLOCK_MONOTONIC = 1;
    private static final int TIMER_ABSTIME = 1;
    private static final int EINTR = 4;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

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
        long request = NativeTimespec.ofCurrentThread().set(Math.floorDiv(deadline, NANOS_PER_SECOND),
                Math.floorMod(deadline, NANOS_PER_SECOND));
        while (Libc.clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, request, 0L) == EINTR) {
            // An absolute sleep resumes to the same instant: nothing to recompute.
        }
    }

    private static boolean bind() {
        try {
            if (!Platform.isLinux() || !Platform.is64Bit()) {
                return false; // NativeTimespec is the 64-bit layout
            }
            Native.register(Libc.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
            return true;
        } catch (LinkageError | RuntimeException e) {
            return false;
        }
    }

    /**
     * clock_nanosleep returns the error number itself (0 on success), not -1 and errno; {@code request} and
     * {@code remain} are struct timespec addresses (0 for none).
     */
    private static final class Libc {
        static native int clock_nanosleep(int clockId, int flags, long request, long remain);
    }
}
