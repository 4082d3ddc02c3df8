package io.tactus.rt;

/** {@link Futex} where there is none: every call answers ENOSYS, so callers fail with a status, not a crash. */
final class UnavailableFutex implements Futex {

    private final String reason;

    UnavailableFutex(String reason) {
        this.reason = reason;
    }

    @Override public boolean isAvailable() { return false; }
    @Override public int wait(long address, int expected, long timeoutNanos) { return RealtimeNative.ENOSYS; }
    @Override public int wake(long address, int count) { return -RealtimeNative.ENOSYS; }

    @Override
    public String toString() {
        return "futex unavailable (" + reason + ")";
    }
}
