package io.tactus.ipc.graph;

import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.api.spi.StampedFrameClock;

/**
 * The transport in the server's graph segment ({@link GraphLayout}, "transport"): the engine publishes the
 * state and position it computed for a cycle, and the record of the timebase master when that is a client in
 * its own process, before it triggers the cycle's first client, so a client in another process reads in its
 * process callback, without a round trip, what an in-process client reads. Trade-off as {@link SegmentClock}:
 * a sequence lock per bank, a bank per cycle parity (a client reads its own cycle's transport even when the
 * next is out), the writer never waits, a reader retries an overlapping read, and gives up on a bank left
 * half-written after {@link StampedFrameClock#TRIES_PER_BANK} tries (then the other bank, then what it read).
 * Allocation-free on both sides; an unknown state code (a corrupt segment) reads as STOPPED.
 */
public final class SegmentTransport {

    private static final int SEQUENCE = 0;
    private static final int CYCLE = 8;
    private static final int STATE = 16;
    private static final int FRAME_RATE = 20;
    private static final int FRAME = 24;
    private static final int MICROS = 32;
    private static final int BBT_VALID = 40;
    private static final int BAR = 44;
    private static final int BEAT = 48;
    private static final int TICK = 52;
    private static final int BAR_START_TICK = 56;
    private static final int BEATS_PER_BAR = 64;
    private static final int BEAT_TYPE = 68;
    private static final int TICKS_PER_BEAT = 72;
    private static final int BEATS_PER_MINUTE = 80;
    private static final int MASTER = 88;
    private static final int BANK_0 = GraphLayout.transportOffset(0);
    private static final int BANK_1 = GraphLayout.transportOffset(1);
    private static final TransportState[] STATES = TransportState.values();

    private final GraphSegment segment;
    private final ReaderCycle reader;

    /** The engine's side, or a reader that always wants the newest transport. */
    public SegmentTransport(GraphSegment segment) {
        this(segment, ReaderCycle.ALWAYS_NEWEST);
    }

    /** A client's side: {@code reader} says which cycle's transport the calling thread wants. */
    public SegmentTransport(GraphSegment segment, ReaderCycle reader) {
        this.segment = segment;
        this.reader = reader;
    }

    /**
     * The engine, once a cycle: the transport of graph cycle {@code cycle} (the next it starts), whose timebase
     * master is the client of record {@code masterRecord} (0: none, or one in the engine's process). Realtime,
     * allocation-free.
     */
    public void publish(long cycle, TransportState state, TransportPosition at, int masterRecord) {
        int b = base((int) (cycle & 1));
        long s = segment.getLongAcquire(b + SEQUENCE);
        segment.setLongVolatile(b + SEQUENCE, s + 1);
        segment.setLongRelease(b + CYCLE, cycle);
        segment.setIntRelease(b + STATE, state.ordinal());
        segment.setIntRelease(b + FRAME_RATE, at.frameRate());
        segment.setLongRelease(b + FRAME, at.frame());
        segment.setLongRelease(b + MICROS, at.micros());
        segment.setIntRelease(b + BBT_VALID, at.bbtValid() ? 1 : 0);
        segment.setIntRelease(b + BAR, at.bar());
        segment.setIntRelease(b + BEAT, at.beat());
        segment.setIntRelease(b + TICK, at.tick());
        segment.setLongRelease(b + BAR_START_TICK, Double.doubleToRawLongBits(at.barStartTick()));
        segment.setIntRelease(b + BEATS_PER_BAR, Float.floatToRawIntBits(at.beatsPerBar()));
        segment.setIntRelease(b + BEAT_TYPE, Float.floatToRawIntBits(at.beatType()));
        segment.setLongRelease(b + TICKS_PER_BEAT, Double.doubleToRawLongBits(at.ticksPerBeat()));
        segment.setLongRelease(b + BEATS_PER_MINUTE, Double.doubleToRawLongBits(at.beatsPerMinute()));
        segment.setIntRelease(b + MASTER, masterRecord);
        segment.setLongRelease(b + SEQUENCE, s + 2);
    }

    /** Fills {@code into} with the calling thread's cycle's position and returns the state. Allocation-free. */
    public TransportState read(TransportPosition into) {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            int at = base(bank);
            long s = segment.getLongAcquire(at + SEQUENCE);
            int state = segment.getIntAcquire(at + STATE);
            into.setFrame(segment.getLongAcquire(at + FRAME), segment.getIntAcquire(at + FRAME_RATE),
                    segment.getLongAcquire(at + MICROS));
            boolean bbt = segment.getIntAcquire(at + BBT_VALID) != 0;
            into.setBbtValid(bbt);
            if (bbt) {
                into.setBbt(segment.getIntAcquire(at + BAR), segment.getIntAcquire(at + BEAT),
                                segment.getIntAcquire(at + TICK))
                        .setBarStartTick(Double.longBitsToDouble(segment.getLongAcquire(at + BAR_START_TICK)))
                        .setMeter(Float.intBitsToFloat(segment.getIntAcquire(at + BEATS_PER_BAR)),
                                Float.intBitsToFloat(segment.getIntAcquire(at + BEAT_TYPE)))
                        .setTicksPerBeat(Double.longBitsToDouble(segment.getLongAcquire(at + TICKS_PER_BEAT)))
                        .setBeatsPerMinute(Double.longBitsToDouble(segment.getLongAcquire(at + BEATS_PER_MINUTE)));
            }
            bank = stable(at, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return state >= 0 && state < STATES.length ? STATES[state] : TransportState.STOPPED;
            }
        }
    }

    /** The calling thread's cycle's frame alone. Allocation-free. */
    public long frame() {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            int at = base(bank);
            long s = segment.getLongAcquire(at + SEQUENCE);
            long frame = segment.getLongAcquire(at + FRAME);
            bank = stable(at, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return frame;
            }
        }
    }

    /** The timebase master's record in the calling thread's cycle, 0 when none is a process client. Allocation-free. */
    public int timebaseMaster() {
        int bank = bank();
        for (int tries = 1; ; tries++) {
            int at = base(bank);
            long s = segment.getLongAcquire(at + SEQUENCE);
            int master = segment.getIntAcquire(at + MASTER);
            bank = stable(at, s) ? -1 : retry(bank, tries);
            if (bank < 0) {
                return master;
            }
        }
    }

    private int bank() {
        long cycle = reader.cycle();
        if (cycle >= 0) {
            return (int) (cycle & 1);
        }
        return segment.getLongAcquire(BANK_1 + CYCLE) > segment.getLongAcquire(BANK_0 + CYCLE) ? 1 : 0;
    }

    private boolean stable(int at, long s) {
        return (s & 1) == 0 && segment.getLongAcquire(at + SEQUENCE) == s;
    }

    /** After the {@code tries}th failed read: the bank to read next, or -1 to settle for what was read. */
    private static int retry(int bank, int tries) {
        if (tries >= 2 * StampedFrameClock.TRIES_PER_BANK) {
            return -1;
        }
        Thread.onSpinWait();
        return tries == StampedFrameClock.TRIES_PER_BANK ? bank ^ 1 : bank;
    }

    private static int base(int bank) {
        return bank == 0 ? BANK_0 : BANK_1;
    }
}
