package io.tactus.clients.javasound.programs;

import javax.sound.midi.MidiEvent;
import javax.sound.midi.Sequence;
import javax.sound.midi.ShortMessage;
import javax.sound.midi.Track;

/**
 * A program that plays a generated four-note sequence through {@code javax.sound.midi} alone, from the JDK's
 * sequencer into {@code MidiSystem.getReceiver()}: at the default 120 bpm, after a beat's lead-in that turns the
 * channel's reverb and chorus sends off, a note every two beats (1 s), each held an eighth (250 ms), so that each
 * has died away before the next begins.
 */
public final class FourNoteProgram {

    public static final int[] KEYS = {60, 64, 67, 72};
    /** Ticks from one note-on to the next, at 480 ticks a beat. */
    public static final int SPACING_TICKS = 960;
    public static final int LENGTH_TICKS = 240;
    private static final int PPQ = 480;
    private static final int REVERB_SEND = 91;
    private static final int CHORUS_SEND = 93;

    public static void main(String[] args) throws Exception {
        Sequence sequence = new Sequence(Sequence.PPQ, PPQ);
        Track track = sequence.createTrack();
        track.add(new MidiEvent(new ShortMessage(ShortMessage.CONTROL_CHANGE, 0, REVERB_SEND, 0), 0));
        track.add(new MidiEvent(new ShortMessage(ShortMessage.CONTROL_CHANGE, 0, CHORUS_SEND, 0), 0));
        for (int i = 0; i < KEYS.length; i++) {
            long on = PPQ + (long) SPACING_TICKS * i;
            track.add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_ON, 0, KEYS[i], 100), on));
            track.add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_OFF, 0, KEYS[i], 0), on + LENGTH_TICKS));
        }
        // The last note dies away before closing the sequencer resets the controllers, the reverb send with them.
        SequencerPlayback.playAndExit(sequence, 1500);
    }
}
