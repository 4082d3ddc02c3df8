package io.tactus.api;

/**
 * A port's latency in one direction, in frames, as JACK's {@code jack_latency_range_t}: the least and the most
 * over every path through the graph that reaches it. Refuses a negative bound or {@code min > max} in one
 * sentence.
 */
public record LatencyRange(int min, int max) {

    public static final LatencyRange ZERO = new LatencyRange(0, 0);

    public LatencyRange {
        if (min < 0 || max < 0) {
            throw new TactusException("a latency range is in frames and cannot be negative: [" + min + " " + max + "]");
        }
        if (min > max) {
            throw new TactusException("a latency range's min (" + min + ") is above its max (" + max
                    + "); give the smaller bound first");
        }
    }

    /** Both bounds {@code frames}. */
    public static LatencyRange of(int frames) {
        return new LatencyRange(frames, frames);
    }

    /** Both bounds moved by {@code frames}: what a client adds that delays its signal by that much. */
    public LatencyRange plus(int frames) {
        return new LatencyRange(min + frames, max + frames);
    }

    /** The range that covers both: the least min, the most max. */
    public LatencyRange span(LatencyRange other) {
        return new LatencyRange(Math.min(min, other.min), Math.max(max, other.max));
    }
}
