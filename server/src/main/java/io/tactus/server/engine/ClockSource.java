package io.tactus.server.engine;

import io.tactus.rt.MonotonicSleep;

import java.util.concurrent.locks.LockSupport;

/**
 * Time and waiting for the engine, behind an interface so timing logic can be tested with a fake
 * clock. The system clock is {@link System#nanoTime()} (CLOCK_MONOTONIC through the vDSO: no system
 * call, no allocation).
 */
public interface ClockSource {

    long nanoTime();

    /** Sleeps about {@code nanos}; may return early or late. */
    void park(long nanos);

    /**
     * Sleeps until {@link #nanoTime()} reaches {@code instant}, or returns at once when it has; may return
     * early or late. The default parks for the time left; the system clock sleeps to the instant itself.
     */
    default void sleepUntil(long instant) {
        long left = instant - nanoTime();
        if (left > 0) {
            park(left);
        }
    }

    ClockSource SYSTEM = new ClockSource() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void park(long nanos) {
            LockSupport.parkNanos(nanos);
        }

        /** clock_nanosleep to the absolute instant, as cyclictest sleeps (parkNanos where libc is not bound). */
        @Override
        public void sleepUntil(long instant) {
            MonotonicSleep.sleepUntil(instant);
        }
    };
}
