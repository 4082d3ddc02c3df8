package io.tactus.clients.javasound.programs;

import javax.sound.midi.MidiSystem;
import javax.sound.midi.Sequence;
import javax.sound.midi.Sequencer;

/** What the sequencer programs share: the JDK's sequencer playing a sequence into {@code MidiSystem.getReceiver()}. */
final class SequencerPlayback {

    private SequencerPlayback() {
    }

    /** Plays {@code sequence} to its end, waits {@code tailMillis}, closes the sequencer and exits the JVM. */
    static void playAndExit(Sequence sequence, long tailMillis) throws Exception {
        Sequencer sequencer = MidiSystem.getSequencer(false);
        sequencer.open();
        sequencer.getTransmitter().setReceiver(MidiSystem.getReceiver());
        sequencer.setSequence(sequence);
        sequencer.start();
        System.out.println("sequencer started");
        while (sequencer.isRunning()) {
            Thread.sleep(20);
        }
        Thread.sleep(tailMillis);
        sequencer.close();
        System.out.println("sequence played");
        System.exit(0);
    }
}
