package io.tactus.rt;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import com.sun.jna.Platform;

/**
 * {@link Futex} through glibc's variadic {@code syscall}, direct-mapped with fixed long arguments (the same
 * calling sequence on the 64-bit architectures listed in {@link #bind}). The timeout is the thread's
 * {@link NativeTimespec}, passed by address: nothing is copied, pinned or malloc'ed around the call, so a long
 * wait neither holds up the garbage collector nor costs the thread a trip through glibc's allocator.
 */
final class LinuxFutex implements Futex {

    // Shared, not FUTEX_PRIVATE_FLAG: the word is mapped by two processes.
    private static final long FUTEX_WAIT = 0;
    private static final long FUTEX_WAKE = 1;
    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long sysFutex;

    private LinuxFutex(long sysFutex) {
        this.sysFutex = sysFutex;
    }

    /** Registers the natives and returns the binding, or null when there is no syscall number for {@code arch}. */
    static Futex bind(String arch) {
        LinuxFutex bound = switch (arch) {
            case "x86-64" -> new LinuxFutex(202);
            case "aarch64", "riscv64" -> new LinuxFutex(98);
            default -> null;
        };
        if (bound != null) {
            Native.register(Sys.class, NativeLibrary.getInstance(Platform.C_LIBRARY_NAME));
        }
        return bound;
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public int wait(long address, int expected, long timeoutNanos) {
        // Hot path: no allocation after this thread's first timed call (its timespec is reused).
        long timeout = timeoutNanos < 0 ? 0L
                : NativeTimespec.ofCurrentThread().set(timeoutNanos / NANOS_PER_SECOND, timeoutNanos % NANOS_PER_SECOND);
        long result = Sys.syscall(sysFutex, address, FUTEX_WAIT, expected, timeout, 0, 0);
        return result < 0 ? Native.getLastError() : WOKEN;
    }

    @Override
    public int wake(long address, int count) {
        // Hot path: no allocation.
        long result = Sys.syscall(sysFutex, address, FUTEX_WAKE, count, 0L, 0, 0);
        return result < 0 ? -Native.getLastError() : (int) result;
    }

    /**
     * syscall(SYS_futex, uaddr, op, val, timeout, uaddr2, val3), the timeout a struct timespec's address or 0;
     * registered by {@link #bind}, unusable before.
     */
    private static final class Sys {
        static native long syscall(long number, long uaddr, long op, long val, long timeout, long uaddr2, long val3);
    }
}
