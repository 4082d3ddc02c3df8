package io.tactus.clients.javasound.programs;

import javax.sound.midi.MidiChannel;
import javax.sound.midi.MidiSystem;
import javax.sound.midi.Synthesizer;

/**
 * A program that plays notes on the JDK's software synthesizer through {@code javax.sound.midi} alone: a C major
 * chord, then a short run, then silence. The synthesizer opens its own line through AudioSystem, so it plays
 * wherever the default SourceDataLine goes.
 */
public final class MidiProgram {

    public static void main(String[] args) throws Exception {
        Synthesizer synth = MidiSystem.getSynthesizer();
        synth.open();
        MidiChannel piano = synth.getChannels()[0];
        System.out.println("synthesizer open");
        for (int note : new int[] {60, 64, 67}) {
            piano.noteOn(note, 110);
        }
        Thread.sleep(700);
        piano.allNotesOff();
        for (int note : new int[] {72, 74, 76, 77}) {
            piano.noteOn(note, 110);
            Thread.sleep(150);
            piano.noteOff(note);
        }
        Thread.sleep(400);
        synth.close();
        System.out.println("synthesizer closed");
        System.exit(0); // the synthesizer may leave a non-daemon thread behind, as it does on a sound card
    }
}
