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
 * @param maxFrames      the largest period the server can switch to at run time: every port buffer (and every
 *                       slot of the shared graph) is sized for it at start, so a switch allocates no buffer.
 *                       Default {@value #DEFAULT_MAX_FRAMES} (or nframes when larger): the shared graph's slots
 *                       hold a 4 KiB MIDI block anyway, so it costs no shared memory; 4096 makes each of the 1024
 *                       slots 16 KiB, 17 MiB of /dev/shm in all instead of 4.4 MiB
 */
public record EngineSettings(int sampleRate, int nframes, long spinNanos, int warmupCycles, int maxClients,
                             int telemetrySize, int commandSize, int maxFrames) {

    public static final long DEFAULT_SPIN_NANOS = 200_000;
    public static final int DEFAULT_MAX_CLIENTS = 256;
    /** The largest period a switch may ask for by default: as many floats as a slot's MIDI block holds bytes / 4. */
    public static final int DEFAULT_MAX_FRAMES = 1024;

    public static EngineSettings of(int sampleRate, int nframes) {
        return new EngineSettings(sampleRate, nframes, DEFAULT_SPIN_NANOS, defaultWarmup(sampleRate, nframes),
                DEFAULT_MAX_CLIENTS, 4096, 1024, Math.max(DEFAULT_MAX_FRAMES, nframes));
    }

    public EngineSettings withSpinNanos(long spin) {
        return new EngineSettings(sampleRate, nframes, spin, warmupCycles, maxClients, telemetrySize, commandSize,
                maxFrames);
    }

    public EngineSettings withWarmupCycles(int cycles) {
        return new EngineSettings(sampleRate, nframes, spinNanos, cycles, maxClients, telemetrySize, commandSize,
                maxFrames);
    }

    /** The largest period a run-time switch may ask for (at least nframes). */
    public EngineSettings withMaxFrames(int frames) {
        return new EngineSettings(sampleRate, nframes, spinNanos, warmupCycles, maxClients, telemetrySize, commandSize,
                Math.max(frames, nframes));
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
