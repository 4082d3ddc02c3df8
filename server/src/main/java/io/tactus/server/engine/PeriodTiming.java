package io.tactus.server.engine;

/**
 * Exact ideal period start times T_k = origin + k * nframes / rate, without drift and without overflow:
 * k is split into whole "epochs" (the smallest number of periods that last a whole number of
 * nanoseconds) and a remainder. Immutable; realtime-safe.
 */
public final class PeriodTiming {

    private static final long NANOS = 1_000_000_000L;

    private final long origin;
    private final int rate;
    private final int nframes;
    private final long periodsPerEpoch;
    private final long epochNanos;

    public PeriodTiming(long origin, int rate, int nframes) {
        this.origin = origin;
        this.rate = rate;
        this.nframes = nframes;
        long g = gcd(rate, nframes);
        this.periodsPerEpoch = rate / g;
        this.epochNanos = (long) nframes / g * NANOS;
    }

    public long origin() {
        return origin;
    }

    /** Nominal period length in nanoseconds (rounded down). */
    public long periodNanos() {
        return nframes * NANOS / rate;
    }

    /** T_k. */
    public long idealStart(long k) {
        long epochs = k / periodsPerEpoch;
        long rest = k % periodsPerEpoch;
        return origin + epochs * epochNanos + rest * nframes * NANOS / rate;
    }

    /** The first k whose ideal start is after {@code time}. */
    public long firstPeriodAfter(long time) {
        if (time < origin) {
            return 0;
        }
        long elapsed = time - origin;
        long k = elapsed / epochNanos * periodsPerEpoch + (elapsed % epochNanos) * rate / (nframes * NANOS);
        while (idealStart(k) <= time) {
            k++;
        }
        return k;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
