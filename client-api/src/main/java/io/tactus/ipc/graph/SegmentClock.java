package io.tactus.ipc.graph;

import io.tactus.api.spi.StampedFrameClock;

/**
 * The server's frame time in its graph segment ({@link GraphLayout}, "clock stamp"): the engine stamps it at
 * every cycle start, and a client in another process reads it as its {@link io.tactus.api.FrameClock}, the
 * same figures an in-process client sees. Trade-off: each stamp is a sequence lock in shared memory, so the
 * engine never waits for a reader; there is a bank per cycle parity, so a client still busy in its cycle when
 * the engine stamps the next one (async mode, or late) reads its own cycle's stamp, at the price of one more
 * line of the header. Both sides read CLOCK_MONOTONIC, which {@link System#nanoTime()} is on Linux. A reader
 * gives up on a stamp left half-written (the server died in it) as {@link StampedFrameClock} says.
 * Allocation-free on both sides.
 */
public final class SegmentClock extends StampedFrameClock {

    private static final int SEQUENCE = 0;
    private static final int CYCLE = 8;
    private static final int FRAMES = 16;
    private static final int START = 24;
    private static final int NEXT = 32;
    private static final int PERIOD_FRAMES = GraphLayout.CLOCK_PERIOD_FRAMES;
    private static final int BANK_0 = GraphLayout.clockOffset(0);
    private static final int BANK_1 = GraphLayout.clockOffset(1);

    private final GraphSegment segment;
    private final ReaderCycle reader;

    /** A clock the engine stamps, or one every thread reads at its newest. */
    public SegmentClock(GraphSegment segment) {
        this(segment, ReaderCycle.ALWAYS_NEWEST);
    }

    /** A client's clock: {@code reader} says which cycle's stamp the calling thread wants. */
    public SegmentClock(GraphSegment segment, ReaderCycle reader) {
        this.segment = segment;
        this.reader = reader;
    }

    /**
     * The engine, at cycle start: graph cycle {@code cycle} (the next the engine starts) begins at frame
     * {@code firstFrame} and runs {@code periodFrames}; written into the bank of the cycle's parity. Realtime,
     * allocation-free.
     */
    public void stamp(long cycle, long firstFrame, long startNanos, long nextNanos, int periodFrames) {
        int at = base((int) (cycle & 1));
        long s = segment.getLongAcquire(at + SEQUENCE);
        segment.setLongVolatile(at + SEQUENCE, s + 1); // odd first, and no later store passes it
        segment.setLongRelease(at + CYCLE, cycle);
        segment.setLongRelease(at + FRAMES, firstFrame);
        segment.setLongRelease(at + START, startNanos);
        segment.setLongRelease(at + NEXT, nextNanos);
        segment.setIntRelease(at + PERIOD_FRAMES, periodFrames);
        segment.setLongRelease(at + SEQUENCE, s + 2);
    }

    /** Whether the engine has stamped a cycle yet. */
    public boolean isStamped() {
        return segment.getLongAcquire(BANK_0 + SEQUENCE) > 0 || segment.getLongAcquire(BANK_1 + SEQUENCE) > 0;
    }

    @Override
    protected int bank() {
        long cycle = reader.cycle();
        if (cycle >= 0) {
            return (int) (cycle & 1);
        }
        return segment.getLongAcquire(BANK_1 + CYCLE) > segment.getLongAcquire(BANK_0 + CYCLE) ? 1 : 0;
    }

    @Override
    protected int otherBank(int bank) {
        return bank ^ 1;
    }

    @Override
    protected long sequenceAcquire(int bank) {
        return segment.getLongAcquire(base(bank) + SEQUENCE);
    }

    @Override
    protected long sequenceOpaque(int bank) {
        return segment.getLongAcquire(base(bank) + SEQUENCE);
    }

    @Override
    protected long stampedFrames(int bank) {
        return segment.getLongAcquire(base(bank) + FRAMES);
    }

    @Override
    protected long stampedStartNanos(int bank) {
        return segment.getLongAcquire(base(bank) + START);
    }

    @Override
    protected long stampedNextNanos(int bank) {
        return segment.getLongAcquire(base(bank) + NEXT);
    }

    @Override
    protected int stampedPeriodFrames(int bank) {
        return segment.getIntAcquire(base(bank) + PERIOD_FRAMES);
    }

    @Override
    protected long nowNanos() {
        return System.nanoTime();
    }

    private static int base(int bank) {
        return bank == 0 ? BANK_0 : BANK_1;
    }
}
