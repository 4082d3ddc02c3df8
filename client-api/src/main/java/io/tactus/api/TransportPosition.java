package io.tactus.api;

/**
 * Where the transport is ({@code jack_position_t}): the frame, and BBT (bar, beat, tick and the meter and
 * tempo they are counted in) when a timebase master supplies it ({@link #bbtValid()}). A reusable,
 * mutable holder: a query fills one, a timebase master writes the BBT fields of the one it is handed.
 * Bars and beats count from 1, ticks from 0, as in JACK.
 */
public final class TransportPosition {

    private long frame;
    private int frameRate;
    private long micros;
    private boolean bbtValid;
    private int bar;
    private int beat;
    private int tick;
    private double barStartTick;
    private float beatsPerBar;
    private float beatType;
    private double ticksPerBeat;
    private double beatsPerMinute;

    public long frame() {
        return frame;
    }

    public int frameRate() {
        return frameRate;
    }

    /** The server-clock microsecond of the cycle this position belongs to. */
    public long micros() {
        return micros;
    }

    public boolean bbtValid() {
        return bbtValid;
    }

    public int bar() {
        return bar;
    }

    public int beat() {
        return beat;
    }

    public int tick() {
        return tick;
    }

    public double barStartTick() {
        return barStartTick;
    }

    public float beatsPerBar() {
        return beatsPerBar;
    }

    public float beatType() {
        return beatType;
    }

    public double ticksPerBeat() {
        return ticksPerBeat;
    }

    public double beatsPerMinute() {
        return beatsPerMinute;
    }

    /** For a transport filling the holder: the frame part. */
    public TransportPosition setFrame(long frame, int frameRate, long micros) {
        this.frame = frame;
        this.frameRate = frameRate;
        this.micros = micros;
        return this;
    }

    /** Marks BBT as supplied (a timebase master sets this) or not. */
    public TransportPosition setBbtValid(boolean valid) {
        this.bbtValid = valid;
        return this;
    }

    /** Bar, beat (both from 1) and tick (from 0) of the position. */
    public TransportPosition setBbt(int bar, int beat, int tick) {
        this.bar = bar;
        this.beat = beat;
        this.tick = tick;
        this.bbtValid = true;
        return this;
    }

    public TransportPosition setBarStartTick(double barStartTick) {
        this.barStartTick = barStartTick;
        return this;
    }

    /** The meter: e.g. 4 beats per bar of beat type 4 (4/4). */
    public TransportPosition setMeter(float beatsPerBar, float beatType) {
        this.beatsPerBar = beatsPerBar;
        this.beatType = beatType;
        return this;
    }

    public TransportPosition setTicksPerBeat(double ticksPerBeat) {
        this.ticksPerBeat = ticksPerBeat;
        return this;
    }

    public TransportPosition setBeatsPerMinute(double beatsPerMinute) {
        this.beatsPerMinute = beatsPerMinute;
        return this;
    }

    /** Copies every field of {@code other}; allocation-free. */
    public TransportPosition copyFrom(TransportPosition other) {
        frame = other.frame;
        frameRate = other.frameRate;
        micros = other.micros;
        bbtValid = other.bbtValid;
        bar = other.bar;
        beat = other.beat;
        tick = other.tick;
        barStartTick = other.barStartTick;
        beatsPerBar = other.beatsPerBar;
        beatType = other.beatType;
        ticksPerBeat = other.ticksPerBeat;
        beatsPerMinute = other.beatsPerMinute;
        return this;
    }

    /**
     * Fills BBT from the frame at a constant tempo and meter, counting from frame 0: what a simple timebase
     * master (or the server's own, after {@code tactus transport tempo}) supplies. Allocation-free.
     */
    public TransportPosition setBbtFromFrame(double beatsPerMinute, float beatsPerBar, float beatType, double ticksPerBeat) {
        double beats = frame * beatsPerMinute / 60.0 / frameRate;
        long wholeBeats = (long) Math.floor(beats);
        long bars = (long) Math.floor(wholeBeats / beatsPerBar);
        this.bar = (int) bars + 1;
        this.beat = (int) (wholeBeats - (long) (bars * beatsPerBar)) + 1;
        this.tick = (int) ((beats - wholeBeats) * ticksPerBeat);
        this.barStartTick = bars * beatsPerBar * ticksPerBeat;
        this.beatsPerBar = beatsPerBar;
        this.beatType = beatType;
        this.ticksPerBeat = ticksPerBeat;
        this.beatsPerMinute = beatsPerMinute;
        this.bbtValid = true;
        return this;
    }

    @Override
    public String toString() {
        return bbtValid ? String.format(java.util.Locale.ROOT, "frame %d, %d|%d|%04d, %.2f bpm, %s/%s", frame, bar, beat,
                tick, beatsPerMinute, trim(beatsPerBar), trim(beatType)) : "frame " + frame;
    }

    private static String trim(float value) {
        return value == Math.rint(value) ? Integer.toString((int) value) : Float.toString(value);
    }
}
