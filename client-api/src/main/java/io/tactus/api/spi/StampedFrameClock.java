package io.tactus.api.spi;

import io.tactus.api.CycleTimes;
import io.tactus.api.FrameClock;

import java.lang.invoke.VarHandle;

/**
 * A {@link FrameClock} over a cycle stamp (the cycle's first frame, its start and the next cycle's start, in
 * nanoseconds of CLOCK_MONOTONIC) that one writer, the engine, republishes every cycle under a sequence lock:
 * the writer never waits, a reader retries the rare read that overlaps a stamp. Where the stamp lives is the
 * subclass's: the engine's own fields, or the shared graph segment a client in another process maps. Every
 * read is allocation-free and meant for the process callback.
 */
public abstract class StampedFrameClock implements FrameClock {

    private final int nframes;

    protected StampedFrameClock(int nframes) {
        this.nframes = nframes;
    }

    /** The sequence word, acquire: odd while a stamp is being written. */
    protected abstract long sequenceAcquire();

    /** The sequence word again, after the stamp's words were read. */
    protected abstract long sequenceOpaque();

    protected abstract long stampedFrames();

    protected abstract long stampedStartNanos();

    protected abstract long stampedNextNanos();

    /** The stamped cycle's nframes; the size given at construction unless the subclass stamps it (it can change). */
    protected int stampedPeriodFrames() {
        return nframes;
    }

    /** Now on the stamp's clock: CLOCK_MONOTONIC, which {@link System#nanoTime()} reads on Linux. */
    protected abstract long nowNanos();

    @Override
    public long time() {
        return nowNanos() / 1000;
    }

    @Override
    public long lastFrameTime() {
        while (true) {
            long s = sequenceAcquire();
            long f = stampedFrames();
            if (stable(s)) {
                return f;
            }
        }
    }

    @Override
    public long frameTime() {
        return timeToFramesAt(nowNanos());
    }

    @Override
    public int framesSinceCycleStart() {
        while (true) {
            long s = sequenceAcquire();
            long start = stampedStartNanos();
            long next = stampedNextNanos();
            int frames = stampedPeriodFrames();
            if (stable(s)) {
                return (int) ((nowNanos() - start) * frames / Math.max(1, next - start));
            }
        }
    }

    @Override
    public CycleTimes cycleTimes(CycleTimes into) {
        while (true) {
            long s = sequenceAcquire();
            long f = stampedFrames();
            long start = stampedStartNanos();
            long next = stampedNextNanos();
            if (stable(s)) {
                return into.set(f, start / 1000, next / 1000, (next - start) / 1000f);
            }
        }
    }

    @Override
    public long framesToTime(long frameTime) {
        while (true) {
            long s = sequenceAcquire();
            long f = stampedFrames();
            long start = stampedStartNanos();
            long next = stampedNextNanos();
            int frames = stampedPeriodFrames();
            if (stable(s)) {
                return Math.round((start + (double) (frameTime - f) * Math.max(1, next - start) / frames) / 1000);
            }
        }
    }

    @Override
    public long timeToFrames(long micros) {
        return timeToFramesAt(micros * 1000);
    }

    private long timeToFramesAt(long nanos) {
        while (true) {
            long s = sequenceAcquire();
            long f = stampedFrames();
            long start = stampedStartNanos();
            long next = stampedNextNanos();
            int frames = stampedPeriodFrames();
            if (stable(s)) {
                return f + Math.round((double) (nanos - start) * frames / Math.max(1, next - start));
            }
        }
    }

    /** The read that began at sequence {@code s} saw one stamp whole. */
    private boolean stable(long s) {
        VarHandle.loadLoadFence();
        return (s & 1) == 0 && sequenceOpaque() == s;
    }
}
