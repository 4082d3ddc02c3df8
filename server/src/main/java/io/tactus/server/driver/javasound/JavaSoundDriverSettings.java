package io.tactus.server.driver.javasound;

import io.tactus.server.driver.Periods;

/**
 * How the {@code javasound} driver runs, with its defaults in one place. More periods in the line ride
 * out longer stalls of the writer thread (a VM's late wake-ups) at the cost of that much more output
 * latency, exactly as JACK's {@code -n}.
 *
 * @param device   the Java Sound mixer to play on, by its name as {@code ./tactus devices} lists it; null
 *                 means the first mixer that has a playback line (never our own "Tactus" mixer)
 * @param periods  periods buffered in the device's line, at least {@value #MIN_PERIODS}
 * @param channels channels wanted; when the device refuses that many, the counts it lists are tried
 */
public record JavaSoundDriverSettings(String device, int periods, int channels) {

    /** Periods in the line by default: JACK's usual {@code -n 3}. */
    public static final int DEFAULT_PERIODS = 3;

    /** Fewer than two periods leave the device nothing to play while the next one is written. */
    public static final int MIN_PERIODS = 2;

    /** Channels wanted by default: stereo, as most devices are. */
    public static final int DEFAULT_CHANNELS = 2;

    public JavaSoundDriverSettings {
        if (periods < MIN_PERIODS) {
            throw new IllegalArgumentException("--periods must be at least " + MIN_PERIODS + ", not " + periods);
        }
        if (channels < 1) {
            throw new IllegalArgumentException("the javasound driver needs at least 1 channel, not " + channels);
        }
    }

    /** The first device, {@value #DEFAULT_PERIODS} periods, stereo. */
    public static JavaSoundDriverSettings defaults() {
        return new JavaSoundDriverSettings(null, DEFAULT_PERIODS, DEFAULT_CHANNELS);
    }

    public JavaSoundDriverSettings withDevice(String name) {
        return new JavaSoundDriverSettings(name, periods, channels);
    }

    public JavaSoundDriverSettings withPeriods(int n) {
        return new JavaSoundDriverSettings(device, n, channels);
    }

    public JavaSoundDriverSettings withChannels(int n) {
        return new JavaSoundDriverSettings(device, periods, n);
    }
}
