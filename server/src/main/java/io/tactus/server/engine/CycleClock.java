package io.tactus.server.engine;

import io.tactus.api.FrameClock;
import io.tactus.api.spi.StampedFrameClock;
import io.tactus.ipc.graph.SegmentClock;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The server's frame time: the engine stamps each cycle's first frame (period k starts at frame
 * k x nframes, so the frame time advances by the period every cycle and by the skipped periods after an
 * overrun) and its start and end on the engine's clock; every client's {@link FrameClock} reads it. One
 * writer, any number of readers, through a sequence lock: the engine never waits, a reader on another
 * thread retries the rare read that overlaps a stamp, a reader on the engine thread never does. One bank:
 * in-process clients run on the engine thread, inside the cycle they read, and the writer cannot vanish
 * mid-stamp, so a reader on another thread retries until the stamp is whole.
 */
public final class CycleClock extends StampedFrameClock {

    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(CycleClock.class, "sequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final ClockSource clock;
    @SuppressWarnings("unused") // through SEQUENCE
    private long sequence;
    private long frames;
    private long startNanos;
    private long nextNanos;
    /** The stamped cycle's nframes: it changes with the period (issue 20), so it is part of the stamp. */
    private int periodFrames;

    /** The shared graph's copy of the stamp, for clients in other processes; null without one. */
    private volatile SegmentClock mirror;

    public CycleClock(ClockSource clock, int nframes, long periodNanos) {
        this.clock = clock;
        this.nextNanos = periodNanos; // a period's length before the first stamp, so conversions never divide by 0
        this.periodFrames = nframes;
    }

    @Override
    protected int stampedPeriodFrames(int bank) {
        return periodFrames;
    }

    /** In-process, the writer is this JVM's engine thread: no reason to stop retrying. */
    private static final int UNBOUNDED = 1 << 29;

    /**
     * Realtime, allocation-free: the engine's stamp at the start of a cycle of {@code nframes}; {@code cycle} is the
     * shared graph's number for it, which names the segment's bank.
     */
    void begin(long firstFrame, long start, long next, int nframes, long cycle) {
        long s = (long) SEQUENCE.getOpaque(this);
        SEQUENCE.setOpaque(this, s + 1);
        VarHandle.storeStoreFence();
        frames = firstFrame;
        startNanos = start;
        nextNanos = next;
        periodFrames = nframes;
        SEQUENCE.setRelease(this, s + 2);
        SegmentClock shared = mirror;
        if (shared != null) {
            shared.stamp(cycle, firstFrame, start, next, nframes);
        }
    }

    /** Also stamps each cycle into {@code shared} (the shared graph's clock), or stops when null. Any thread. */
    public void mirrorTo(SegmentClock shared) {
        this.mirror = shared;
    }

    /** Realtime: the current cycle's start in microseconds; the engine thread (which stamped it) only. */
    long cycleStartMicros() {
        return startNanos / 1000;
    }

    @Override
    protected int bank() {
        return 0;
    }

    @Override
    protected int otherBank(int bank) {
        return 0;
    }

    @Override
    protected int triesPerBank() {
        return UNBOUNDED;
    }

    @Override
    protected long sequenceAcquire(int bank) {
        return (long) SEQUENCE.getAcquire(this);
    }

    @Override
    protected long sequenceOpaque(int bank) {
        return (long) SEQUENCE.getOpaque(this);
    }

    @Override
    protected long stampedFrames(int bank) {
        return frames;
    }

    @Override
    protected long stampedStartNanos(int bank) {
        return startNanos;
    }

    @Override
    protected long stampedNextNanos(int bank) {
        return nextNanos;
    }

    @Override
    protected long nowNanos() {
        return clock.nanoTime();
    }
}
