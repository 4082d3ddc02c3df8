package io.tactus.api;

/**
 * A reusable holder for {@link FrameClock#cycleTimes}: the current cycle's first frame and its start, the
 * next cycle's start, and the period, all on the server's clock.
 */
public final class CycleTimes {

    private long currentFrames;
    private long currentMicros;
    private long nextMicros;
    private float periodMicros;

    public long currentFrames() {
        return currentFrames;
    }

    public long currentMicros() {
        return currentMicros;
    }

    public long nextMicros() {
        return nextMicros;
    }

    public float periodMicros() {
        return periodMicros;
    }

    /** For a transport filling the holder. */
    public CycleTimes set(long currentFrames, long currentMicros, long nextMicros, float periodMicros) {
        this.currentFrames = currentFrames;
        this.currentMicros = currentMicros;
        this.nextMicros = nextMicros;
        this.periodMicros = periodMicros;
        return this;
    }
}
