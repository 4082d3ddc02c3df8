package io.tactus.server.driver.javasound;

/** Settings shared by the javasound tests on the {@link VirtualDeviceProvider virtual device}. */
final class JavaSoundFixtures {

    static final int RATE = 48_000;

    private JavaSoundFixtures() {
    }

    /** The virtual device with {@code periods} periods in its line, stereo. */
    static JavaSoundDriverSettings device(int periods) {
        return JavaSoundDriverSettings.defaults().withDevice(VirtualDeviceProvider.DEVICE_NAME).withPeriods(periods);
    }

    /** True while any of the driver's threads is alive. */
    static boolean driverThreadsAlive() {
        return Thread.getAllStackTraces().keySet().stream()
                .anyMatch(t -> t.isAlive() && t.getName().startsWith("tactus-javasound-"));
    }
}
