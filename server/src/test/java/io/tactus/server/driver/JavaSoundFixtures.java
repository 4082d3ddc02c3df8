package io.tactus.server.driver;

import java.util.function.BooleanSupplier;

/** Settings and waits shared by the javasound tests on the {@link VirtualDeviceProvider virtual device}. */
final class JavaSoundFixtures {

    static final int RATE = 48_000;

    private JavaSoundFixtures() {
    }

    /** The virtual device with {@code periods} periods in its line, stereo. */
    static JavaSoundSettings device(int periods) {
        return JavaSoundSettings.defaults().withDevice(VirtualDeviceProvider.DEVICE_NAME).withPeriods(periods);
    }

    /** Waits up to {@code millis} for {@code condition}; returns whether it came true. */
    static boolean await(BooleanSupplier condition, long millis) {
        long end = System.nanoTime() + millis * 1_000_000;
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > end) {
                return false;
            }
            sleep(5);
        }
        return true;
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    /** True while any of the driver's threads is alive. */
    static boolean driverThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith("tactus-javasound-"));
    }
}
