package io.tactus.bench.cli;

import io.tactus.server.ServerSettings;
import picocli.CommandLine.Option;

/**
 * {@code --cpu-latency-us}, the same option for every command that runs a server or the floor: the PM QoS request
 * held while it runs ({@link io.tactus.rt.CpuLatencyRequest}).
 */
public final class CpuLatencyOption {

    @Option(names = "--cpu-latency-us", defaultValue = "" + ServerSettings.DEFAULT_CPU_LATENCY_MICROS,
            description = "the most an idle CPU may take to wake while it runs (floor windows included), as a PM QoS"
            + " request on /dev/cpu_dma_latency (0: idle CPUs poll, as cyclictest asks; -1: ask nothing; needs root)"
            + " (default ${DEFAULT-VALUE})")
    private int micros;

    /** The latency asked for, in µs (-1: none); one sentence when it is out of range. */
    public int micros() {
        ServerSettings.validateCpuLatency(micros);
        return micros;
    }
}
