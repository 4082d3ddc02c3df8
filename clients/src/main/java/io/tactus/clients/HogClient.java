package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;
import java.util.Objects;

/**
 * A hyperactive client for testing the watchdog: copies {@code in_1} to {@code out_1}, and from a given
 * moment on burns a share of every period by spinning on {@link System#nanoTime()}. Spinning rather than
 * sleeping makes the time real CPU work charged to this client, as a runaway DSP would be, and keeps the
 * hot path allocation-free. The per-cycle burn is a pure function of the cycle index ({@link #burnNanos}),
 * so patterns are exact and testable, and time is counted in periods, not wall clock: a hog whose own
 * cycles run late does not skip ahead in its pattern.
 */
public final class HogClient implements ProcessCallback {

    public static final long RAMP_NANOS = 10_000_000_000L;
    public static final long BURST_PERIOD_NANOS = 1_000_000_000L;
    public static final long BURST_ON_NANOS = 250_000_000L;

    private final Port in;
    private final Port out;
    private final long periodNanos;
    private final double loadPercent;
    private final HogPattern pattern;
    private final long startCycle;
    private long cycle; // engine thread only
    private volatile long hyperactiveSinceCycle = -1;
    private volatile long hyperactiveSinceNanos = -1;

    /**
     * @param loadPercent  burn per cycle as a percentage of the period; over 100 overruns on purpose
     * @param afterSeconds behave for this long (counted in periods) before burning
     */
    public HogClient(TactusClient client, double loadPercent, double afterSeconds, HogPattern pattern) {
        if (!(loadPercent >= 0 && loadPercent <= 10_000)) {
            throw new IllegalArgumentException("--hog-load must be a percentage of the period from 0 to 10000, not " + loadPercent);
        }
        if (!(afterSeconds >= 0 && afterSeconds <= 1e6)) {
            throw new IllegalArgumentException("--hog-after must be 0 or more seconds, not " + afterSeconds);
        }
        this.pattern = Objects.requireNonNull(pattern, "pattern");
        this.loadPercent = loadPercent;
        this.periodNanos = Math.round(1e9 * client.bufferSize() / client.sampleRate());
        this.startCycle = (long) Math.ceil(afterSeconds * client.sampleRate() / client.bufferSize());
        this.in = client.registerPort("in_1", PortType.AUDIO, PortFlag.INPUT);
        this.out = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
        client.setProcessCallback(this);
    }

    /**
     * Nanoseconds to burn in the {@code cycle}-th cycle after the start (0 = the first). The pattern's
     * clock is {@code cycle * periodNanos}.
     */
    static long burnNanos(long cycle, long periodNanos, double loadPercent, HogPattern pattern) {
        long full = Math.round(periodNanos * loadPercent / 100.0);
        long elapsed = cycle * periodNanos;
        switch (pattern) {
            case STEADY:
                return full;
            case RAMP:
                return elapsed >= RAMP_NANOS ? full : Math.round(full * (double) elapsed / RAMP_NANOS);
            case BURST:
                return elapsed % BURST_PERIOD_NANOS < BURST_ON_NANOS ? full : 0;
            default:
                throw new AssertionError(pattern);
        }
    }

    /** Realtime, allocation-free; blocks nothing, but burns CPU on purpose. */
    @Override
    public void process(int nframes) {
        long now = System.nanoTime();
        FloatBuffer src = in.getFloatBuffer();
        FloatBuffer dst = out.getFloatBuffer();
        for (int i = 0; i < nframes; i++) {
            dst.put(i, src.get(i));
        }
        long k = cycle++;
        if (k < startCycle) {
            return;
        }
        long burn = burnNanos(k - startCycle, periodNanos, loadPercent, pattern);
        if (burn <= 0) {
            return;
        }
        if (hyperactiveSinceNanos < 0) {
            hyperactiveSinceCycle = k;
            hyperactiveSinceNanos = now;
        }
        long end = now + burn;
        while (System.nanoTime() - end < 0) {
            Thread.onSpinWait();
        }
    }

    /** This client's cycle index at which it first burned (counted from its first call), -1 before. */
    public long hyperactiveSinceCycle() {
        return hyperactiveSinceCycle;
    }

    /**
     * {@link System#nanoTime()} at the start of the first cycle it burned, -1 before: "shed after X ms" starts here.
     */
    public long hyperactiveSinceNanos() {
        return hyperactiveSinceNanos;
    }

    /** The cycle (counted from this client's first call) from which the pattern runs. */
    public long startCycle() {
        return startCycle;
    }

    public long periodNanos() {
        return periodNanos;
    }
}
