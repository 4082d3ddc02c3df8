package io.tactus.server.engine;

/**
 * The engine's knobs and their defaults in one place.
 *
 * @param sampleRate     frames per second
 * @param nframes        frames per period
 * @param spinNanos      spin this long before each period start instead of parking; {@link PeriodWaiter#FULL_SPIN}
 * never parks
 * @param warmupCycles   cycles after which the engine takes its allocation baseline (JIT warm-up)
 * @param maxClients     most clients a plan may hold (sizes the telemetry records)
 * @param telemetrySize  telemetry ring slots, a power of two (4096: 5.5 s of 64-frame periods for the
 *                       consumer to fall behind before cycles are dropped; each slot holds per-client
 *                       arrays for maxClients, 6.4 KB at 256)
 * @param commandSize    command ring slots, a power of two
 */
public record EngineSettings(int sampleRate, int nframes, long spinNanos, int warmupCycles, int maxClients,
                             int telemetrySize, int commandSize) {

    public static final long DEFAULT_SPIN_NANOS = 200_000;
    public static final int DEFAULT_MAX_CLIENTS = 256;

    public static EngineSettings of(int sampleRate, int nframes) {
        return new EngineSettings(sampleRate, nframes, DEFAULT_SPIN_NANOS, defaultWarmup(sampleRate, nframes),
                DEFAULT_MAX_CLIENTS, 4096, 1024);
    }

    public EngineSettings withSpinNanos(long spin) {
        return new EngineSettings(sampleRate, nframes, spin, warmupCycles, maxClients, telemetrySize, commandSize);
    }

    public EngineSettings withWarmupCycles(int cycles) {
        return new EngineSettings(sampleRate, nframes, spinNanos, cycles, maxClients, telemetrySize, commandSize);
    }

    /** The period in nanoseconds, as {@link PeriodTiming} paces it: the one value every part of the server uses. */
    public long periodNanos() {
        return new PeriodTiming(0, sampleRate, nframes).periodNanos();
    }

    /** About two seconds of periods: long enough for C2 to compile the hot path. */
    static int defaultWarmup(int sampleRate, int nframes) {
        return nframes > 0 ? Math.max(64, 2 * sampleRate / nframes) : 64;
    }
}
