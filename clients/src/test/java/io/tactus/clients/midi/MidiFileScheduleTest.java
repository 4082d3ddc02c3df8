package io.tactus.clients.midi;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sound.midi.MetaMessage;
import javax.sound.midi.MidiEvent;
import javax.sound.midi.MidiSystem;
import javax.sound.midi.Sequence;
import javax.sound.midi.ShortMessage;
import javax.sound.midi.SysexMessage;
import javax.sound.midi.Track;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The frames of a file's events through its tempo map, from a file the JDK wrote and read back. */
class MidiFileScheduleTest {

    @TempDir
    Path directory;

    /**
     * 480 ticks a quarter at 48 kHz: at 120 bpm (500 000 µs a quarter) a tick is 50 frames, at 100 bpm (600 000 µs)
     * 60 frames, so every frame below is exact, and a tempo map applied wrongly (or not at all) misses it.
     */
    static Sequence twoTempos() throws Exception {
        Sequence sequence = new Sequence(Sequence.PPQ, 480);
        Track conductor = sequence.createTrack();
        conductor.add(new MidiEvent(tempo(600_000), 960)); // 120 bpm until tick 960, then 100
        Track notes = sequence.createTrack();
        for (int q = 0; q < 4; q++) {
            notes.add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_ON, 0, 60 + q, 100), q * 480L));
            notes.add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_OFF, 0, 60 + q, 0), q * 480L + 240));
        }
        byte[] sysex = {(byte) 0xF0, 0x7E, 0x7F, 0x09, 0x01, (byte) 0xF7};
        notes.add(new MidiEvent(new SysexMessage(sysex, sysex.length), 1200));
        return sequence;
    }

    static MetaMessage tempo(int microsPerQuarter) throws Exception {
        byte[] d = {(byte) (microsPerQuarter >> 16), (byte) (microsPerQuarter >> 8), (byte) microsPerQuarter};
        return new MetaMessage(0x51, d, 3);
    }

    /** The frame of {@code tick} in {@link #twoTempos}, worked out by hand. */
    static long expectedFrame(long tick) {
        return tick <= 960 ? tick * 50 : 960 * 50 + (tick - 960) * 60;
    }

    @Test
    void shouldPutEveryEventAtItsFrameThroughTheTempoMap() throws Exception {
        Path file = directory.resolve("two-tempos.mid");
        MidiSystem.write(twoTempos(), 1, file.toFile());
        MidiFileSchedule schedule = MidiFileSchedule.read(file, 48_000);

        long[] ticks = {0, 240, 480, 720, 960, 1200, 1200, 1440, 1680};
        int[] status = {0x90, 0x80, 0x90, 0x80, 0x90, 0x80, 0xF0, 0x90, 0x80};
        assertEquals(ticks.length, schedule.size(), "8 notes and a SysEx; the meta events left out");
        for (int e = 0; e < ticks.length; e++) {
            assertEquals(expectedFrame(ticks[e]), schedule.frame(e), "event " + e);
            assertEquals(status[e], schedule.get(e, 0), "event " + e);
        }
        assertEquals(6, schedule.eventSize(6), "the SysEx whole, F0 to F7");
        assertEquals(0xF7, schedule.get(6, 5));
        assertEquals(63, schedule.get(7, 1), "the last note's key");
        assertEquals(3, schedule.firstAtOrAfter(expectedFrame(720)));
        assertEquals(4, schedule.firstAtOrAfter(expectedFrame(720) + 1));
        assertEquals(ticks.length, schedule.firstAtOrAfter(Long.MAX_VALUE));
    }

    @Test
    void shouldCountRealTimeInAnSmpteFile() throws Exception {
        Sequence sequence = new Sequence(Sequence.SMPTE_25, 40); // 1000 ticks a second
        sequence.createTrack().add(new MidiEvent(new ShortMessage(ShortMessage.NOTE_ON, 9, 36, 90), 1500));
        sequence.getTracks()[0].add(new MidiEvent(tempo(250_000), 0)); // no meaning in an SMPTE file
        MidiFileSchedule schedule = MidiFileSchedule.of(sequence, 48_000);
        assertEquals(1, schedule.size());
        assertEquals(72_000, schedule.frame(0), "1.5 s");
    }

    @Test
    void shouldRefuseWhatIsNotAMidiFileInOneSentence() throws Exception {
        Path text = Files.writeString(directory.resolve("notes.txt"), "C D E F G A B\n");
        assertEquals(text + " is not a Standard MIDI File", assertThrows(TactusException.class,
                () -> MidiFileSchedule.read(text, 48_000)).getMessage().replaceAll(" \\(.*\\)$", ""));
        Path missing = directory.resolve("missing.mid");
        assertEquals("there is no MIDI file " + missing, assertThrows(TactusException.class,
                () -> MidiFileSchedule.read(missing, 48_000)).getMessage());
    }
}
