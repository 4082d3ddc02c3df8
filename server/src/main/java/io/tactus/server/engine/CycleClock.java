package io.tactus.server.engine;

import io.tactus.api.CycleTimes;
import io.tactus.api.FrameClock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The server's frame time: the engine stamps each cycle's first frame (period k starts at frame
 * k x nframes, so the frame time advances by the period every cycle and by the skipped periods after an
 * overrun) and its start and end on the engine's clock; every client's {@link FrameClock} reads it. One
 * writer, any number of readers, through a sequence lock: the engine never waits, a reader on another
 * thread retries the rare read that overlaps a stamp, a reader on the engine thread never does.
 */
public final class CycleClock implements FrameClock {

    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(CycleClock.class, "sequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ClockSource clock;
    private final int nframes;
    @SuppressWarnings("unused") // through SEQUENCE
    private long sequence;
    private long frames;
    private long startNanos;
    private long nextNanos;

    public CycleClock(ClockSource clock, int nframes, long periodNanos) {
        this.clock = clock;
        this.nframes = nframes;
        this.nextNanos = periodNanos; // a period's length before the first stamp, so conversions never divide by 0
    }

    /** Realtime, allocation-free: the engine's stamp at the start of a cycle. */
    void begin(long firstFrame, long start, long next) {
        long s = (long) SEQUENCE.getOpaque(this);
        SEQUENCE.setOpaque(this, s + 1);
        VarHandle.storeStoreFence();
        frames = firstFrame;
        startNanos = start;
        nextNanos = next;
        SEQUENCE.setRelease(this, s + 2);
    }

    /** Realtime: the current cycle's start in microseconds; the engine thread (which stamped it) only. */
    long cycleStartMicros() {
        return startNanos / 1000;
    }

    @Override
    public long time() {
        return clock.nanoTime() / 1000;
    }

    @Override
    public long lastFrameTime() {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            long f = frames;
            if (stable(s)) {
                return f;
            }
        }
    }

    @Override
    public long frameTime() {
        return timeToFramesAt(clock.nanoTime());
    }

    @Override
    public int framesSinceCycleStart() {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            long start = startNanos;
            long next = nextNanos;
            if (stable(s)) {
                return (int) ((clock.nanoTime() - start) * nframes / (next - start));
            }
        }
    }

    @Override
    public CycleTimes cycleTimes(CycleTimes into) {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            long f = frames;
            long start = startNanos;
            long next = nextNanos;
            if (stable(s)) {
                return into.set(f, start / 1000, next / 1000, (next - start) / 1000f);
            }
        }
    }

    @Override
    public long framesToTime(long frameTime) {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            long f = frames;
            long start = startNanos;
            long next = nextNanos;
            if (stable(s)) {
                return Math.round((start + (double) (frameTime - f) * (next - start) / nframes) / 1000);
            }
        }
    }

    @Override
    public long timeToFrames(long micros) {
        return timeToFramesAt(micros * 1000);
    }

    private long timeToFramesAt(long nanos) {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            long f = frames;
            long start = startNanos;
            long next = nextNanos;
            if (stable(s)) {
                return f + Math.round((double) (nanos - start) * nframes / (next - start));
            }
        }
    }

    /** The read that began at sequence {@code s} saw one stamp whole. */
    private boolean stable(long s) {
        VarHandle.loadLoadFence();
        return (s & 1) == 0 && (long) SEQUENCE.getOpaque(this) == s;
    }
}
