package io.tactus.server.engine;

/**
 * Exact ideal period start times T_k = origin + (k - first) * nframes / rate, without drift and without
 * overflow: k - first is split into whole "epochs" (the smallest number of periods that last a whole number of
 * nanoseconds) and a remainder. {@link #restart} makes period {@code first} start at {@code origin} with a new
 * period size, which is how the engine changes its period at run time without a new object. Realtime-safe;
 * an instance the engine restarts is the engine thread's alone.
 */
public final class PeriodTiming {

    private static final long NANOS = 1_000_000_000L;

    private final int rate;
    private long origin;
    private long first;
    private int nframes;
    private long periodsPerEpoch;
    private long epochNanos;

    public PeriodTiming(long origin, int rate, int nframes) {
        this.rate = rate;
        restart(origin, 0, nframes);
    }

    /** From now on period {@code firstPeriod} starts at {@code start}, and periods last {@code frames}. Allocation-free. */
    void restart(long start, long firstPeriod, int frames) {
        this.origin = start;
        this.first = firstPeriod;
        this.nframes = frames;
        long g = gcd(rate, frames);
        this.periodsPerEpoch = rate / g;
        this.epochNanos = (long) frames / g * NANOS;
    }

    public long origin() {
        return origin;
    }

    public int nframes() {
        return nframes;
    }

    /** Nominal period length in nanoseconds (rounded down). */
    public long periodNanos() {
        return nframes * NANOS / rate;
    }

    /** T_k. */
    public long idealStart(long k) {
        long n = k - first;
        long epochs = n / periodsPerEpoch;
        long rest = n % periodsPerEpoch;
        return origin + epochs * epochNanos + rest * nframes * NANOS / rate;
    }

    /** The first k whose ideal start is after {@code time}. */
    public long firstPeriodAfter(long time) {
        if (time < origin) {
            return first;
        }
        long elapsed = time - origin;
        long k = first + elapsed / epochNanos * periodsPerEpoch + (elapsed % epochNanos) * rate / (nframes * NANOS);
        while (idealStart(k) <= time) {
            k++;
        }
        return k;
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
