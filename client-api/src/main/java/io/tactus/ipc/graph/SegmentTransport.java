package io.tactus.ipc.graph;

import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;

import static io.tactus.ipc.graph.GraphLayout.TRANSPORT_OFFSET;

/**
 * The transport in the server's graph segment ({@link GraphLayout}, "transport"): the engine publishes the
 * state and position it computed for the cycle before it triggers the first client, so a client in another
 * process reads in its process callback, without a round trip, what an in-process client reads. Trade-off as
 * {@link SegmentClock}: a sequence lock, the writer never waits, a reader retries an overlapping read.
 * Allocation-free on both sides; an unknown state code (a corrupt segment) reads as STOPPED.
 */
public final class SegmentTransport {

    private static final int SEQUENCE = TRANSPORT_OFFSET;
    private static final int STATE = TRANSPORT_OFFSET + 8;
    private static final int FRAME_RATE = TRANSPORT_OFFSET + 12;
    private static final int FRAME = TRANSPORT_OFFSET + 16;
    private static final int MICROS = TRANSPORT_OFFSET + 24;
    private static final int BBT_VALID = TRANSPORT_OFFSET + 32;
    private static final int BAR = TRANSPORT_OFFSET + 36;
    private static final int BEAT = TRANSPORT_OFFSET + 40;
    private static final int TICK = TRANSPORT_OFFSET + 44;
    private static final int BAR_START_TICK = TRANSPORT_OFFSET + 48;
    private static final int BEATS_PER_BAR = TRANSPORT_OFFSET + 56;
    private static final int BEAT_TYPE = TRANSPORT_OFFSET + 60;
    private static final int TICKS_PER_BEAT = TRANSPORT_OFFSET + 64;
    private static final int BEATS_PER_MINUTE = TRANSPORT_OFFSET + 72;
    private static final TransportState[] STATES = TransportState.values();

    private final GraphSegment segment;

    public SegmentTransport(GraphSegment segment) {
        this.segment = segment;
    }

    /** The engine, once a cycle. Realtime, allocation-free. */
    public void publish(TransportState state, TransportPosition at) {
        long s = segment.getLongAcquire(SEQUENCE);
        segment.setLongVolatile(SEQUENCE, s + 1);
        segment.setIntRelease(STATE, state.ordinal());
        segment.setIntRelease(FRAME_RATE, at.frameRate());
        segment.setLongRelease(FRAME, at.frame());
        segment.setLongRelease(MICROS, at.micros());
        segment.setIntRelease(BBT_VALID, at.bbtValid() ? 1 : 0);
        segment.setIntRelease(BAR, at.bar());
        segment.setIntRelease(BEAT, at.beat());
        segment.setIntRelease(TICK, at.tick());
        segment.setLongRelease(BAR_START_TICK, Double.doubleToRawLongBits(at.barStartTick()));
        segment.setIntRelease(BEATS_PER_BAR, Float.floatToRawIntBits(at.beatsPerBar()));
        segment.setIntRelease(BEAT_TYPE, Float.floatToRawIntBits(at.beatType()));
        segment.setLongRelease(TICKS_PER_BEAT, Double.doubleToRawLongBits(at.ticksPerBeat()));
        segment.setLongRelease(BEATS_PER_MINUTE, Double.doubleToRawLongBits(at.beatsPerMinute()));
        segment.setLongRelease(SEQUENCE, s + 2);
    }

    /** Fills {@code into} with the cycle's position and returns the state. Allocation-free. */
    public TransportState read(TransportPosition into) {
        while (true) {
            long s = segment.getLongAcquire(SEQUENCE);
            int state = segment.getIntAcquire(STATE);
            into.setFrame(segment.getLongAcquire(FRAME), segment.getIntAcquire(FRAME_RATE), segment.getLongAcquire(MICROS));
            boolean bbt = segment.getIntAcquire(BBT_VALID) != 0;
            into.setBbtValid(bbt);
            if (bbt) {
                into.setBbt(segment.getIntAcquire(BAR), segment.getIntAcquire(BEAT), segment.getIntAcquire(TICK))
                        .setBarStartTick(Double.longBitsToDouble(segment.getLongAcquire(BAR_START_TICK)))
                        .setMeter(Float.intBitsToFloat(segment.getIntAcquire(BEATS_PER_BAR)),
                                Float.intBitsToFloat(segment.getIntAcquire(BEAT_TYPE)))
                        .setTicksPerBeat(Double.longBitsToDouble(segment.getLongAcquire(TICKS_PER_BEAT)))
                        .setBeatsPerMinute(Double.longBitsToDouble(segment.getLongAcquire(BEATS_PER_MINUTE)));
            }
            if ((s & 1) == 0 && segment.getLongAcquire(SEQUENCE) == s) {
                return state >= 0 && state < STATES.length ? STATES[state] : TransportState.STOPPED;
            }
        }
    }

    /** The frame alone. Allocation-free. */
    public long frame() {
        while (true) {
            long s = segment.getLongAcquire(SEQUENCE);
            long frame = segment.getLongAcquire(FRAME);
            if ((s & 1) == 0 && segment.getLongAcquire(SEQUENCE) == s) {
                return frame;
            }
        }
    }
}
