package io.tactus.api.spi;

import io.tactus.api.CycleTimes;
import io.tactus.api.FrameClock;

import java.lang.invoke.VarHandle;

/**
 * A {@link FrameClock} over a cycle stamp (the cycle's first frame, its start and the next cycle's start, in
 * nanoseconds of CLOCK_MONOTONIC, and its nframes) that one writer, the engine, republishes every cycle under a
 * sequence lock: the writer never waits, a reader retries the rare read that overlaps a stamp. Where the stamp lives is the
 * subclass's: the engine's own fields (one bank), or the shared graph segment a client in another process maps
 * (a bank per cycle parity, so a client still busy after the next stamp reads its own cycle's).
 *
 * <p>The retries are bounded: a writer in another process can die between the two halves of a stamp and leave
 * its sequence odd for good. After {@link #triesPerBank()} failed reads of its bank a reader reads the other
 * bank (the stamp before, complete unless that writer died twice), and after as many more it returns what it
 * read. Every read is allocation-free and meant for the process callback.
 */
public abstract class StampedFrameClock implements FrameClock {

    /** Failed reads of one bank before a reader turns to the other: far more than a live stamp takes. */
    public static final int TRIES_PER_BANK = 1024;

    /** The bank the calling thread reads first: the one of the cycle it processes, or the newest. */
    protected abstract int bank();

    /** The bank a reader turns to when {@code bank} stays mid-stamp; the same one when there is only one. */
    protected abstract int otherBank(int bank);

    /** How many failed reads of a bank a reader makes before it turns to {@link #otherBank}. */
    protected int triesPerBank() {
        return TRIES_PER_BANK;
    }

    /** The bank's sequence word, acquire: odd while a stamp is being written. */
    protected abstract long sequenceAcquire(int bank);

    /** The bank's sequence word again, after the stamp's words were read. */
    protected abstract long sequenceOpaque(int bank);

    protected abstract long stampedFrames(int bank);

    protected abstract long stampedStartNanos(int bank);

    protected abstract long stampedNextNanos(int bank);

    /**
     * The stamped cycle's nframes, from the same stamp as the other words: across a switch of the period, a reader
     * still holding the old stamp converts with the old size.
     */
    protected abstract int stampedPeriodFrames(int bank);

    /** Now on the stamp's clock: CLOCK_MONOTONIC, which {@link System#nanoTime()} reads on Linux. */
    protected abstract long nowNanos();

    @Override
    public long time() {
        return nowNanos() / 1000;
    }

    @Override
    public long lastFrameTime() {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            long s = sequenceAcquire(bank);
            long f = stampedFrames(bank);
            if (stable(bank, s)) {
                return f;
            }
            bank = retry(bank, tries);
            if (bank < 0) {
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
        int bank = bank();
        for (int tries = 1; ; tries++) {
            long s = sequenceAcquire(bank);
            long start = stampedStartNanos(bank);
            long next = stampedNextNanos(bank);
            int frames = stampedPeriodFrames(bank);
            bank = stable(bank, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return (int) ((nowNanos() - start) * frames / Math.max(1, next - start));
            }
        }
    }

    @Override
    public CycleTimes cycleTimes(CycleTimes into) {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            long s = sequenceAcquire(bank);
            long f = stampedFrames(bank);
            long start = stampedStartNanos(bank);
            long next = stampedNextNanos(bank);
            bank = stable(bank, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return into.set(f, start / 1000, next / 1000, (next - start) / 1000f);
            }
        }
    }

    @Override
    public long framesToTime(long frameTime) {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            long s = sequenceAcquire(bank);
            long f = stampedFrames(bank);
            long start = stampedStartNanos(bank);
            long next = stampedNextNanos(bank);
            int frames = Math.max(1, stampedPeriodFrames(bank));
            bank = stable(bank, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return Math.round((start + (double) (frameTime - f) * Math.max(1, next - start) / frames) / 1000);
            }
        }
    }

    @Override
    public long timeToFrames(long micros) {
        return timeToFramesAt(micros * 1000);
    }

    private long timeToFramesAt(long nanos) {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            long s = sequenceAcquire(bank);
            long f = stampedFrames(bank);
            long start = stampedStartNanos(bank);
            long next = stampedNextNanos(bank);
            int frames = stampedPeriodFrames(bank);
            bank = stable(bank, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return f + Math.round((double) (nanos - start) * frames / Math.max(1, next - start));
            }
        }
    }

    /** The read of {@code bank} that began at sequence {@code s} saw one stamp whole. */
    private boolean stable(int bank, long s) {
        VarHandle.loadLoadFence();
        return (s & 1) == 0 && sequenceOpaque(bank) == s;
    }

    /** After the {@code tries}th failed read: the bank to read next, or -1 to settle for what was read. */
    private int retry(int bank, int tries) {
        int limit = triesPerBank();
        if (tries >= 2 * limit) {
            return -1;
        }
        Thread.onSpinWait();
        return tries == limit ? otherBank(bank) : bank;
    }
}
