package io.tactus.server;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusException;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.WatchdogSettings;

import java.util.Arrays;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Everything a server is started with, and the defaults a JACK user expects: server {@code default},
 * 48 kHz, 64 frames, the dummy driver, SCHED_FIFO priority 70.
 *
 * @param name         server name clients ask for
 * @param engine       rate, period and engine knobs
 * @param driver       the audio driver (not yet opened)
 * @param scheduling   the engine thread's scheduling class
 * @param lockMemory   mlockall before starting
 * @param watchdog     the degradation policy and its knobs (default: evict)
 * @param maxConnections control-socket connections open at once beyond which more are refused (default
 *                     {@value #DEFAULT_MAX_CONNECTIONS})
 * @param cpuLatencyMicros the most an idle CPU may take to wake while the server runs, a PM QoS request on
 *                     /dev/cpu_dma_latency ({@link io.tactus.rt.CpuLatencyRequest}); -1 asks nothing (default
 *                     {@value #DEFAULT_CPU_LATENCY_MICROS}: idle CPUs poll, as cyclictest asks)
 */
public record ServerSettings(String name, EngineSettings engine, Driver driver, SchedulingSettings scheduling,
                             boolean lockMemory, WatchdogSettings watchdog, int maxConnections, int cpuLatencyMicros) {

    public static final int DEFAULT_RATE = 48_000;
    public static final int DEFAULT_FRAMES = 64;
    public static final int DEFAULT_PRIORITY = 70;
    /**
     * Connections to the control socket open at once beyond which more are refused with one sentence. The
     * control side's threads do not grow with it; what does is a descriptor and a few hundred bytes each.
     */
    public static final int DEFAULT_MAX_CONNECTIONS = 256;
    /** Idle CPUs poll instead of halting while the server runs: a halted virtual CPU wakes the engine late. */
    public static final int DEFAULT_CPU_LATENCY_MICROS = 0;
    /** A second: beyond it the request asks nothing a CPU would notice. */
    public static final int MAX_CPU_LATENCY_MICROS = 1_000_000;
    /** The most --max-connections may ask for: beyond it descriptors, not the server, are the limit. */
    public static final int MAX_CONNECTIONS_LIMIT = 100_000;
    static final int[] RATES = {22_050, 32_000, 44_100, 48_000, 88_200, 96_000, 176_400, 192_000};

    public ServerSettings {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(engine, "engine");
        Objects.requireNonNull(driver, "driver");
        Objects.requireNonNull(scheduling, "scheduling");
        Objects.requireNonNull(watchdog, "watchdog");
    }

    public static ServerSettings defaults() {
        return new ServerSettings(ClientOptions.DEFAULT_SERVER, EngineSettings.of(DEFAULT_RATE, DEFAULT_FRAMES),
                new DummyDriver(), SchedulingSettings.fifo(DEFAULT_PRIORITY), false,
                WatchdogSettings.defaults(), DEFAULT_MAX_CONNECTIONS,
                DEFAULT_CPU_LATENCY_MICROS);
    }

    public ServerSettings withName(String n) {
        return new ServerSettings(n, engine, driver, scheduling, lockMemory, watchdog, maxConnections, cpuLatencyMicros);
    }

    public ServerSettings withEngine(EngineSettings e) {
        return new ServerSettings(name, e, driver, scheduling, lockMemory, watchdog, maxConnections, cpuLatencyMicros);
    }

    public ServerSettings withDriver(Driver d) {
        return new ServerSettings(name, engine, d, scheduling, lockMemory, watchdog, maxConnections, cpuLatencyMicros);
    }

    public ServerSettings withScheduling(SchedulingSettings s) {
        return new ServerSettings(name, engine, driver, s, lockMemory, watchdog, maxConnections, cpuLatencyMicros);
    }

    public ServerSettings withLockMemory(boolean lock) {
        return new ServerSettings(name, engine, driver, scheduling, lock, watchdog, maxConnections, cpuLatencyMicros);
    }

    public ServerSettings withWatchdog(WatchdogSettings w) {
        return new ServerSettings(name, engine, driver, scheduling, lockMemory, w, maxConnections, cpuLatencyMicros);
    }


    /** -1: ask the CPUs for nothing; 0 or more: the most an idle CPU may take to wake, in µs. */
    public ServerSettings withCpuLatencyMicros(int micros) {
        return new ServerSettings(name, engine, driver, scheduling, lockMemory, watchdog, maxConnections, micros);
    }

    public ServerSettings withMaxConnections(int max) {
        return new ServerSettings(name, engine, driver, scheduling, lockMemory, watchdog, max, cpuLatencyMicros);
    }

    /** Checks what a user can get wrong, one clear sentence each. */
    public void validate() {
        validateFrames(engine.nframes());
        validateRate(engine.sampleRate());
        watchdog.validate();
        validateMaxConnections(maxConnections);
        validateCpuLatency(cpuLatencyMicros);
    }

    public static void validateCpuLatency(int micros) {
        if (micros < -1 || micros > MAX_CPU_LATENCY_MICROS) {
            throw new TactusException("--cpu-latency-us, the most an idle CPU may take to wake, must be -1 (ask nothing) or"
                    + " from 0 to " + MAX_CPU_LATENCY_MICROS + " usecs, not " + micros);
        }
    }

    public static void validateMaxConnections(int max) {
        if (max < 1 || max > MAX_CONNECTIONS_LIMIT) {
            throw new TactusException("--max-connections, the connections open at once, must be from 1 to " + MAX_CONNECTIONS_LIMIT
                    + ", not " + max);
        }
    }

    public static void validateFrames(int nframes) {
        if (nframes < 16 || nframes > 4096 || Integer.bitCount(nframes) != 1) {
            throw new TactusException("frames per period must be a power of two from 16 to 4096, not " + nframes);
        }
    }

    public static void validateRate(int rate) {
        if (Arrays.stream(RATES).noneMatch(r -> r == rate)) {
            throw new TactusException("sample rate " + rate + " Hz is not supported; choose one of "
                    + Arrays.stream(RATES).mapToObj(String::valueOf).collect(Collectors.joining(", ")));
        }
    }
}
