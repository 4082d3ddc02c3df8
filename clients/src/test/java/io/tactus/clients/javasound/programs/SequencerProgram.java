package io.tactus.clients.javasound.programs;

import javax.sound.midi.MidiEvent;
import javax.sound.midi.Sequence;
import javax.sound.midi.ShortMessage;
import javax.sound.midi.Track;

/**
 * A program that plays a sequence through {@code javax.sound.midi} alone: eight notes, a beat apart at the default
 * 120 bpm (500 ms), each held 400 ms, from the JDK's sequencer into {@code MidiSystem.getReceiver()}.
 */
public final class SequencerProgram {

    public static final int NOTES = 8;
    public static final int FIRST_KEY = 60;

    public static void main(String[] args) throws Exception {
        Sequence sequence = new Sequence(Sequence.PPQ, 480);
        Track track = sequence.createTrack();
        for (int i = 0; i < NOTES; i++) {
            track.add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_ON, 0, FIRST_KEY + i, 100), 480L * i));
            track.add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_OFF, 0, FIRST_KEY + i, 0), 480L * i + 384));
        }
        SequencerPlayback.playAndExit(sequence, 200); // the last note off leaves the receiver's queue
    }
}
