package io.tactus.clients.midi;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * A metronome, as {@code jack_metro}: on every beat a short decaying click on its audio output ({@code out}) and
 * a note-on on its MIDI output ({@code midi_out}) at the beat's frame, its note-off when the click ends. Beat k
 * lies at frame {@code floor(k * 60 * rate / bpm)} after the first frame the client processed, computed from the
 * frame time in long arithmetic each time rather than by adding up a rounded interval, so a tempo whose beat is
 * not a whole number of frames never drifts. The click is one table computed up front. Allocation-free.
 */
public final class MetroClient implements ProcessCallback {

    public static final int MIN_BPM = 1;
    public static final int MAX_BPM = 999;
    /** General MIDI's high wood block, on the percussion channel. */
    public static final int DEFAULT_KEY = 76;
    public static final int DEFAULT_VELOCITY = 100;
    /** Channel 10, General MIDI's percussion channel. */
    static final int CHANNEL = 9;

    private static final double CLICK_HZ = 880;
    private static final float CLICK_AMPLITUDE = 0.5f;
    /** {@code jack_metro}'s default click: 100 ms, shortened to half a beat at fast tempos. */
    private static final int CLICK_MILLIS = 100;

    private final TactusClient client;
    private final Port audio;
    private final Port midi;
    private final int bpm;
    private final int rate;
    private final int key;
    private final int velocity;
    private final float[] click;
    private boolean started;
    private long origin;
    private long beat;
    private long clickAt = Long.MIN_VALUE / 2;
    private long noteOffAt = -1;
    private volatile long beats;
    private volatile long lost;
    private volatile long firstFrame = -1;

    public MetroClient(TactusClient client, int bpm, int key, int velocity) {
        if (bpm < MIN_BPM || bpm > MAX_BPM) {
            throw new IllegalArgumentException("a tempo is " + MIN_BPM + " to " + MAX_BPM + " bpm, not " + bpm);
        }
        if (key < 0 || key > 127 || velocity < 1 || velocity > 127) {
            throw new IllegalArgumentException("a key is 0 to 127 and a velocity 1 to 127, not " + key + " and " + velocity);
        }
        this.client = client;
        this.bpm = bpm;
        this.rate = client.sampleRate();
        this.key = key;
        this.velocity = velocity;
        this.click = click(rate, clickFrames(rate, bpm));
        this.audio = client.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
        this.midi = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
        client.setProcessCallback(this);
    }

    /** Frames from the first beat to beat {@code k}: {@code floor(k * 60 * rate / bpm)}. */
    public static long beatFrame(long k, int bpm, int rate) {
        return k * 60 * rate / bpm;
    }

    /** The click's length, and the time from a note-on to its note-off: always shorter than a beat. */
    public static int clickFrames(int rate, int bpm) {
        return (int) Math.min((long) rate * CLICK_MILLIS / 1000, beatFrame(1, bpm, rate) / 2);
    }

    /** A sine burst from a zero crossing, fading to nothing, so a click neither starts nor ends with a step. */
    private static float[] click(int rate, int frames) {
        float[] table = new float[frames];
        for (int i = 0; i < frames; i++) {
            double fade = 1 - (double) i / frames;
            table[i] = (float) (CLICK_AMPLITUDE * fade * fade * Math.sin(2 * Math.PI * CLICK_HZ * i / rate));
        }
        return table;
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        long start = client.clock().lastFrameTime();
        long end = start + nframes;
        if (!started) {
            started = true;
            origin = start;
            firstFrame = start;
        }
        if (origin + beatFrame(beat, bpm, rate) < start) { // frames went by unprocessed: skip the beats they held
            long elapsed = start - origin;
            beat = (elapsed * bpm + 60L * rate - 1) / (60L * rate);
        }
        FloatBuffer out = audio.getFloatBuffer();
        for (int i = 0; i < nframes; i++) {
            long at = start + i - clickAt;
            out.put(i, at >= 0 && at < click.length ? click[(int) at] : 0f);
        }
        MidiBuffer events = midi.getMidiBuffer();
        long written = 0;
        long refused = 0;
        while (true) {
            long on = origin + beatFrame(beat, bpm, rate);
            if (noteOffAt >= 0 && noteOffAt < end && noteOffAt <= on) {
                boolean ok = events.write((int) Math.max(0, noteOffAt - start), 0x80 | CHANNEL, key, 0);
                refused += ok ? 0 : 1;
                noteOffAt = -1;
                continue;
            }
            if (on >= end) {
                break;
            }
            int frame = (int) (on - start);
            boolean ok = events.write(frame, 0x90 | CHANNEL, key, velocity);
            refused += ok ? 0 : 1;
            for (int i = frame; i < nframes && i - frame < click.length; i++) {
                out.put(i, click[i - frame]);
            }
            clickAt = on;
            noteOffAt = on + click.length;
            beat++;
            written++;
        }
        if (written != 0) {
            beats += written;
        }
        if (refused != 0) {
            lost += refused;
        }
    }

    /** Beats played so far. */
    public long beats() {
        return beats;
    }

    /** MIDI events the output had no room for. */
    public long lost() {
        return lost;
    }

    /** The frame time of beat 0, the first frame the client processed; -1 before that. */
    public long firstFrame() {
        return firstFrame;
    }
}
