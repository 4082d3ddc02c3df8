package io.tactus.rt;

/**
 * The native layer where there is none (not Linux, or libc could not be bound): every call answers
 * ENOSYS, so the code above degrades to plain time-shared threads instead of failing to start.
 */
final class UnavailableRealtimeNative implements RealtimeNative {

    private final String reason;

    UnavailableRealtimeNative(String reason) {
        this.reason = reason;
    }

    /** Why the native layer is missing, for diagnostics. */
    String reason() {
        return reason;
    }

    @Override public boolean isAvailable() { return false; }
    @Override public int gettid() { return -ENOSYS; }
    @Override public int setScheduler(int linuxPolicy, int priority) { return ENOSYS; }
    @Override public int demoteThread(int tid) { return ENOSYS; }
    @Override public int getScheduler() { return -ENOSYS; }
    @Override public int getPriority() { return -ENOSYS; }
    @Override public int setNice(int nice) { return ENOSYS; }
    @Override public int getNice() { return NICE_UNKNOWN; }
    @Override public int setDeadline(long runtimeNanos, long deadlineNanos, long periodNanos) { return ENOSYS; }
    @Override public int mlockAll() { return ENOSYS; }
    @Override public int munlockAll() { return ENOSYS; }
    @Override public int setTimerSlack(long nanos) { return ENOSYS; }
    @Override public long clockMonotonicNanos() { return System.nanoTime(); }

    @Override
    public String toString() {
        return "realtime native layer unavailable (" + reason + ")";
    }
}
