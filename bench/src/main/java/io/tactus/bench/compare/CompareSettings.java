package io.tactus.bench.compare;

import io.tactus.api.TactusException;
import io.tactus.bench.stress.StressSettings;
import io.tactus.server.ServerSettings;

import java.nio.file.Path;

/**
 * A paired comparison: the stress run's settings for both servers' windows, how many rounds (a JACK2 window then
 * a Tactus window each), whether jackd runs synchronous ({@code -S}), whether {@code stress-ng --cpu 2} loads every
 * window, the directory of the raw outputs, the CPU wake-up latency Tactus's windows hold (a PM QoS request; -1
 * none), and whether JACK2's windows hold the same (jackd asks for none itself).
 */
public record CompareSettings(StressSettings stress, int rounds, boolean sync, boolean cpuLoad, Path rawDirectory,
                              int cpuLatencyMicros, boolean cpuLatencyForJackd) {

    /** Tactus's default request, none for jackd: each server as it starts. */
    public CompareSettings(StressSettings stress, int rounds, boolean sync, boolean cpuLoad, Path rawDirectory) {
        this(stress, rounds, sync, cpuLoad, rawDirectory, ServerSettings.DEFAULT_CPU_LATENCY_MICROS, false);
    }

    public void validate() {
        stress.validate();
        if (rounds < 1 || rounds > 100) {
            throw new TactusException("--rounds must be from 1 to 100, not " + rounds);
        }
    }

    /** What JACK2's windows hold: Tactus's request when asked to, else none. */
    public int jackdCpuLatencyMicros() {
        return cpuLatencyForJackd ? cpuLatencyMicros : -1;
    }

    /** The words of the load, as the table's header shows it. */
    public String loadLabel() {
        return cpuLoad ? "stress-ng --cpu 2" : "none";
    }
}
