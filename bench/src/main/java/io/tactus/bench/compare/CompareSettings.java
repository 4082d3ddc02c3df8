package io.tactus.bench.compare;

import io.tactus.api.TactusException;
import io.tactus.bench.stress.StressSettings;

import java.nio.file.Path;

/**
 * A paired comparison: the stress run's settings for both servers' windows, how many rounds (a JACK2 window then
 * a Tactus window each), whether jackd runs synchronous ({@code -S}), whether {@code stress-ng --cpu 2} loads every
 * window, and the directory of the raw outputs.
 */
public record CompareSettings(StressSettings stress, int rounds, boolean sync, boolean cpuLoad, Path rawDirectory) {

    public void validate() {
        stress.validate();
        if (rounds < 1 || rounds > 100) {
            throw new TactusException("--rounds must be from 1 to 100, not " + rounds);
        }
    }

    /** The words of the load, as the table's header shows it. */
    public String loadLabel() {
        return cpuLoad ? "stress-ng --cpu 2" : "none";
    }
}
