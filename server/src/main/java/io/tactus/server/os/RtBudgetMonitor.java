package io.tactus.server.os;

import java.util.function.DoubleSupplier;

/**
 * The kernel's RT budget as a share of the CPU, re-read at most every {@value #REREAD_NANOS} ns: a user (or
 * {@code --rt-limit}) may change it at any time, and a file read per cycle would cost more than the figure is
 * worth. The one reader the server has: the governor's ceiling and the engine's spin budget both ask it. Where
 * the budget cannot be read (not Linux) the share is 1: no throttling to fear. Any thread.
 */
public final class RtBudgetMonitor implements DoubleSupplier {

    /** How stale the share may be. */
    public static final long REREAD_NANOS = 100_000_000L;

    private final DoubleSupplier read;
    private double share = 1;
    private long readAt = Long.MIN_VALUE;

    /** Reads the running kernel's budget ({@link KernelRtBudget#system()}). */
    public static RtBudgetMonitor system() {
        return new RtBudgetMonitor(RtBudgetMonitor::readSystem);
    }

    /** @param read the share (0..1] as read now; called at most every {@value #REREAD_NANOS} ns */
    public RtBudgetMonitor(DoubleSupplier read) {
        this.read = read;
    }

    /** The share, re-read when the last read is older than {@value #REREAD_NANOS} ns. */
    @Override
    public synchronized double getAsDouble() {
        long now = System.nanoTime();
        if (readAt == Long.MIN_VALUE || now - readAt > REREAD_NANOS) {
            share = read.getAsDouble();
            readAt = now;
        }
        return share;
    }

    private static double readSystem() {
        try {
            return Math.min(1.0, KernelRtBudget.system().share());
        } catch (RuntimeException unreadable) {
            return 1.0;
        }
    }
}
