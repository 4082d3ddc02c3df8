package io.tactus.bench.libjack;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.wav.WavDriver;
import io.tactus.server.driver.wav.WavDriverSettings;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Assumptions;

import java.nio.file.Path;

/**
 * The servers the libjack system tests run JACK programs against: 48 kHz, 64 frames, SCHED_FIFO 70 when the
 * tests run as root (else normal priority), and the programs' skip when jackd2 is not installed.
 */
final class LibjackServers {

    static final int RATE = 48_000;
    static final int PERIOD = 64;

    private LibjackServers() {
    }

    static ServerSettings settings(String name, Driver driver, PolicyKind policy) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(RATE, PERIOD).withWarmupCycles(300).withSpinNanos(1_000_000))
                .withDriver(driver)
                .withScheduling(root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(policy));
    }

    /** The wav driver in real time, its two playback channels written to {@code file} when the server stops. */
    static Driver recordingTo(Path file) {
        return new WavDriver(new WavDriverSettings(null, file, 2, 2, true, 0, null));
    }

    /** Skips the test, saying so, when one of jackd2's programs is not installed. */
    static void assumeInstalled(String... programs) {
        for (String program : programs) {
            Assumptions.assumeTrue(NativeClients.installed(program),
                    program + " is not installed (apt-get install jackd2); skipped");
        }
    }
}
