package io.tactus.server.engine;

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

    ClockSource SYSTEM = new ClockSource() {
        @Override
        public long nanoTime() {
            return System.nanoTime();
        }

        @Override
        public void park(long nanos) {
            LockSupport.parkNanos(nanos);
        }
    };
}
