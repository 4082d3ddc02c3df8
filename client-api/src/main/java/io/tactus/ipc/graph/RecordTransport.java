package io.tactus.ipc.graph;

import io.tactus.api.TransportPosition;

/**
 * A client's transport answers in its activation record ({@link GraphLayout}, record +384): a slow-sync
 * client's "ready" for the transport's frame, and a timebase master's BBT for the frame of the next cycle.
 * The client writes them in its own cycle, on its process thread; the engine reads them at the start of the
 * next cycle, as JACK2's engine reads its clients' sync flags and its master's pending position. Trade-off:
 * an answer costs the engine one cycle (it sees cycle N's answer when it starts N + 1), and the engine never
 * waits for one: an answer not there, half-written or for another frame counts as "not ready" or "no BBT"
 * for that cycle. Allocation-free on both sides.
 */
public final class RecordTransport {

    private static final int SYNC_ANSWER = 0;
    private static final int SYNC_FRAME = 8;
    private static final int BBT_SEQUENCE = 16;
    private static final int BBT_FRAME = 24;
    private static final int BBT_VALID = 32;
    private static final int BAR = 36;
    private static final int BEAT = 40;
    private static final int TICK = 44;
    private static final int BAR_START_TICK = 48;
    private static final int BEATS_PER_BAR = 56;
    private static final int BEAT_TYPE = 60;
    private static final int TICKS_PER_BEAT = 64;
    private static final int BEATS_PER_MINUTE = 72;

    private final GraphSegment segment;
    private final int at;

    public RecordTransport(GraphSegment segment, int record) {
        this.segment = segment;
        this.at = segment.layout().transportAnswersOffset(record);
    }

    /**
     * The client, in cycle {@code cycle}: whether it is ready to roll from {@code frame}. The frame first, the
     * answer word last (release), so a reader that sees the answer sees its frame. Realtime, allocation-free.
     */
    public void answerSync(long cycle, long frame, boolean ready) {
        segment.setLongRelease(at + SYNC_FRAME, frame);
        segment.setLongRelease(at + SYNC_ANSWER, cycle << 1 | (ready ? 1 : 0));
    }

    /**
     * The engine: whether the client said "ready" in cycle {@code cycle} (the last one started) for
     * {@code frame}. An answer of an older cycle, or about another frame (a locate since), is no answer.
     * Realtime, allocation-free.
     */
    public boolean saidReady(long cycle, long frame) {
        long answer = segment.getLongAcquire(at + SYNC_ANSWER);
        return answer == (cycle << 1 | 1) && segment.getLongAcquire(at + SYNC_FRAME) == frame;
    }

    /**
     * The timebase master, in its cycle: the BBT of {@code position} (which must be for the frame the next
     * cycle starts at), under a sequence lock. Realtime, allocation-free.
     */
    public void publishBbt(TransportPosition position) {
        long s = segment.getLongAcquire(at + BBT_SEQUENCE);
        segment.setLongVolatile(at + BBT_SEQUENCE, s + 1);
        segment.setLongRelease(at + BBT_FRAME, position.frame());
        segment.setIntRelease(at + BBT_VALID, position.bbtValid() ? 1 : 0);
        segment.setIntRelease(at + BAR, position.bar());
        segment.setIntRelease(at + BEAT, position.beat());
        segment.setIntRelease(at + TICK, position.tick());
        segment.setLongRelease(at + BAR_START_TICK, Double.doubleToRawLongBits(position.barStartTick()));
        segment.setIntRelease(at + BEATS_PER_BAR, Float.floatToRawIntBits(position.beatsPerBar()));
        segment.setIntRelease(at + BEAT_TYPE, Float.floatToRawIntBits(position.beatType()));
        segment.setLongRelease(at + TICKS_PER_BEAT, Double.doubleToRawLongBits(position.ticksPerBeat()));
        segment.setLongRelease(at + BEATS_PER_MINUTE, Double.doubleToRawLongBits(position.beatsPerMinute()));
        segment.setLongRelease(at + BBT_SEQUENCE, s + 2);
    }

    /**
     * The engine: copies the master's BBT into {@code into} when it is for {@code into}'s frame and whole; false
     * (nothing copied) when the master has not delivered for this frame or is writing now. One try: the engine
     * never waits. Realtime, allocation-free.
     */
    public boolean readBbt(TransportPosition into) {
        long s = segment.getLongAcquire(at + BBT_SEQUENCE);
        if ((s & 1) != 0 || segment.getLongAcquire(at + BBT_FRAME) != into.frame()) {
            return false;
        }
        boolean valid = segment.getIntAcquire(at + BBT_VALID) != 0;
        int bar = segment.getIntAcquire(at + BAR);
        int beat = segment.getIntAcquire(at + BEAT);
        int tick = segment.getIntAcquire(at + TICK);
        double barStartTick = Double.longBitsToDouble(segment.getLongAcquire(at + BAR_START_TICK));
        float beatsPerBar = Float.intBitsToFloat(segment.getIntAcquire(at + BEATS_PER_BAR));
        float beatType = Float.intBitsToFloat(segment.getIntAcquire(at + BEAT_TYPE));
        double ticksPerBeat = Double.longBitsToDouble(segment.getLongAcquire(at + TICKS_PER_BEAT));
        double beatsPerMinute = Double.longBitsToDouble(segment.getLongAcquire(at + BEATS_PER_MINUTE));
        if (segment.getLongAcquire(at + BBT_SEQUENCE) != s) {
            return false;
        }
        into.setBbt(bar, beat, tick).setBarStartTick(barStartTick).setMeter(beatsPerBar, beatType)
                .setTicksPerBeat(ticksPerBeat).setBeatsPerMinute(beatsPerMinute).setBbtValid(valid);
        return true;
    }
}
