package io.tactus.ipc.graph;

import io.tactus.api.spi.StampedFrameClock;

import static io.tactus.ipc.graph.GraphLayout.CLOCK_OFFSET;

/**
 * The server's frame time in its graph segment ({@link GraphLayout}, "clock stamp"): the engine stamps it at
 * every cycle start, and a client in another process reads it as its {@link io.tactus.api.FrameClock}, the
 * same figures an in-process client sees. Trade-off: the stamp is a sequence lock in shared memory, so the
 * engine never waits for a reader, and a reader that overlaps a stamp (a client busy past the next cycle's
 * start, in async mode) retries; both sides read CLOCK_MONOTONIC, which {@link System#nanoTime()} is on Linux.
 * Allocation-free on both sides.
 */
public final class SegmentClock extends StampedFrameClock {

    private static final int SEQUENCE = CLOCK_OFFSET;
    private static final int FRAMES = CLOCK_OFFSET + 8;
    private static final int START = CLOCK_OFFSET + 16;
    private static final int NEXT = CLOCK_OFFSET + 24;

    private final GraphSegment segment;

    public SegmentClock(GraphSegment segment) {
        super(segment.layout().nframes());
        this.segment = segment;
    }

    /** The engine, at cycle start: period k begins at frame {@code firstFrame}. Realtime, allocation-free. */
    public void stamp(long firstFrame, long startNanos, long nextNanos) {
        long s = segment.getLongAcquire(SEQUENCE);
        segment.setLongVolatile(SEQUENCE, s + 1); // odd first, and no later store passes it
        segment.setLongRelease(FRAMES, firstFrame);
        segment.setLongRelease(START, startNanos);
        segment.setLongRelease(NEXT, nextNanos);
        segment.setLongRelease(SEQUENCE, s + 2);
    }

    /** Whether the engine has stamped a cycle yet. */
    public boolean isStamped() {
        return segment.getLongAcquire(SEQUENCE) > 0;
    }

    @Override
    protected long sequenceAcquire() {
        return segment.getLongAcquire(SEQUENCE);
    }

    @Override
    protected long sequenceOpaque() {
        return segment.getLongAcquire(SEQUENCE);
    }

    @Override
    protected long stampedFrames() {
        return segment.getLongAcquire(FRAMES);
    }

    @Override
    protected long stampedStartNanos() {
        return segment.getLongAcquire(START);
    }

    @Override
    protected long stampedNextNanos() {
        return segment.getLongAcquire(NEXT);
    }

    @Override
    protected int stampedPeriodFrames() {
        return segment.periodFrames();
    }

    @Override
    protected long nowNanos() {
        return System.nanoTime();
    }
}
