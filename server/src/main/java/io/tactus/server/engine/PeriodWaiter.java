package io.tactus.server.engine;

/**
 * Waits for an absolute deadline: sleeps to {@code spinNanos} before it (the clock's absolute sleep), then
 * spins with {@link Thread#onSpinWait()}. More spin means less wake-up latency from an idle virtual CPU and more
 * realtime CPU burnt (it counts against the kernel's RT budget); {@link #FULL_SPIN} never parks and
 * gives one core to the engine. Realtime, allocation-free.
 */
public final class PeriodWaiter {

    /** Never park. */
    public static final long FULL_SPIN = -1;

    private final ClockSource clock;
    private final long spinNanos;

    public PeriodWaiter(ClockSource clock, long spinNanos) {
        this.clock = clock;
        this.spinNanos = spinNanos;
    }

    /** Returns the time of wake-up, at or after {@code deadline}, spinning the configured time. */
    public long awaitUntil(long deadline) {
        return awaitUntil(deadline, spinNanos);
    }

    /** As {@link #awaitUntil(long)}, spinning {@code spinNanos} this time. */
    public long awaitUntil(long deadline, long spinNanos) {
        long now = clock.nanoTime();
        if (spinNanos != FULL_SPIN) {
            while (deadline - now > spinNanos) {
                clock.sleepUntil(deadline - spinNanos);
                now = clock.nanoTime();
            }
        }
        while (now < deadline) {
            Thread.onSpinWait();
            now = clock.nanoTime();
        }
        return now;
    }
}
