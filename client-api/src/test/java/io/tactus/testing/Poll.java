package io.tactus.testing;

import java.util.function.BooleanSupplier;

/**
 * The tests' one wait for an asynchronous effect: look at a condition every few milliseconds until it holds
 * or the time is up, instead of a fixed sleep that is too short on a loaded machine and too long on an idle
 * one. Shared by every module's tests through client-api's test-jar, which holds only this package.
 */
public final class Poll {

    private static final long INTERVAL_MILLIS = 5;

    private Poll() {
    }

    /** Polls {@code condition} every 5 ms for up to {@code millis}; true once it holds. */
    public static boolean within(long millis, BooleanSupplier condition) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (System.nanoTime() < end) {
            if (condition.getAsBoolean()) {
                return true;
            }
            sleep(INTERVAL_MILLIS);
        }
        return condition.getAsBoolean();
    }

    /** Thread.sleep for a test: an interrupt fails the test instead of being a checked exception. */
    public static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
