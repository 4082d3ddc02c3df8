package io.tactus.rt;

/**
 * Futex wait and wake on an absolute address, for words that live in memory shared between processes
 * (a mapped file in /dev/shm): the cheapest way one JVM can put a thread to sleep until another JVM says
 * "go", with the kernel doing the queueing. The price is that the caller owns the protocol: a futex word
 * carries no meaning of its own, a wait can return without anyone having woken it, so every wait sits in
 * a loop that re-reads the word. The operations are the shared (non-private) ones, since the waiter and
 * the waker are in different processes.
 *
 * <p>Hot path: {@link #wait} and {@link #wake} allocate nothing after the calling thread's first call and
 * report their outcome as a status code, never as an exception.
 *
 * <p>Mind the name: {@code wait} here always takes three arguments; {@code futex.wait(address, 0)} would
 * compile as {@link Object#wait(long, int)}.
 */
public interface Futex {

    /** Woken by {@link #wake}, or spuriously: re-read the word either way. */
    int WOKEN = 0;
    /** EINTR: a signal arrived while waiting. */
    int INTERRUPTED = 4;
    /** EAGAIN: the word no longer held the expected value when the kernel looked, so there was no wait. */
    int VALUE_DIFFERED = 11;
    /** ETIMEDOUT: the timeout passed without a wake. */
    int TIMED_OUT = 110;

    /** The timeout that means "until woken". */
    long NO_TIMEOUT = -1;

    /** False when not on Linux (x86_64, aarch64 or riscv64) or when libc could not be bound. */
    boolean isAvailable();

    /**
     * FUTEX_WAIT: sleeps while the 32-bit word at {@code address} holds {@code expected}, for at most
     * {@code timeoutNanos} (a relative timeout on CLOCK_MONOTONIC; negative waits until woken).
     *
     * @return {@link #WOKEN}, {@link #VALUE_DIFFERED}, {@link #TIMED_OUT}, {@link #INTERRUPTED}, or
     *         another errno for a bad call (EFAULT for an unmapped address, EINVAL for one that is not
     *         4-byte aligned, ENOSYS without a native layer)
     */
    int wait(long address, int expected, long timeoutNanos);

    /**
     * FUTEX_WAKE: wakes at most {@code count} threads, in any process, waiting on the word at {@code address}.
     *
     * @return how many were woken (0 when nobody was waiting), or -errno
     */
    int wake(long address, int count);

    /** The JNA-backed singleton. Never throws: without Linux or libc, every call answers ENOSYS. */
    static Futex linux() {
        return FutexBinding.INSTANCE;
    }

    /** "WOKEN", "VALUE_DIFFERED", "TIMED_OUT", "INTERRUPTED", or the errno name of any other outcome. */
    static String outcomeName(int outcome) {
        return switch (outcome) {
            case WOKEN -> "WOKEN";
            case VALUE_DIFFERED -> "VALUE_DIFFERED";
            case TIMED_OUT -> "TIMED_OUT";
            case INTERRUPTED -> "INTERRUPTED";
            default -> RealtimeNative.errnoName(outcome);
        };
    }
}
