package io.tactus.clients.midi;

import io.tactus.api.TactusException;

import javax.sound.midi.InvalidMidiDataException;
import javax.sound.midi.MetaMessage;
import javax.sound.midi.MidiEvent;
import javax.sound.midi.MidiMessage;
import javax.sound.midi.MidiSystem;
import javax.sound.midi.Sequence;
import javax.sound.midi.SysexMessage;
import javax.sound.midi.Track;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * A Standard MIDI File as the frames its events fall on, worked out before anything plays: every track merged in
 * time order (an earlier track first at the same tick), the tempo map applied (PPQ files; SMPTE files count
 * real time), meta events left out. The JDK's parser ({@link MidiSystem#getSequence}) reads the file; the
 * arithmetic is exact: an event's time is kept as ticks times microseconds per quarter until the one division
 * that makes it a frame, rounded to the nearest. Immutable once made; its arrays are read by the realtime
 * callback of {@link MidiFileClient}.
 */
public final class MidiFileSchedule {

    /** JDK's meta type of a tempo change: three bytes, microseconds per quarter note. */
    private static final int TEMPO = 0x51;
    /** The tempo of a PPQ file before its first tempo change: 120 quarters a minute. */
    private static final long DEFAULT_MICROS_PER_QUARTER = 500_000;

    private final long[] frames;
    private final int[] offsets;
    private final int[] sizes;
    private final byte[] data;

    private MidiFileSchedule(long[] frames, int[] offsets, int[] sizes, byte[] data) {
        this.frames = frames;
        this.offsets = offsets;
        this.sizes = sizes;
        this.data = data;
    }

    /** Reads {@code file} for a server at {@code sampleRate}; one sentence when it is missing or not a MIDI file. */
    public static MidiFileSchedule read(Path file, int sampleRate) {
        if (!Files.isRegularFile(file)) {
            throw new TactusException("there is no MIDI file " + file);
        }
        try {
            return of(MidiSystem.getSequence(file.toFile()), sampleRate);
        } catch (InvalidMidiDataException e) {
            throw new TactusException(file + " is not a Standard MIDI File (" + e.getMessage() + ")");
        } catch (IOException e) {
            throw new TactusException("could not read " + file + ": " + e.getMessage());
        }
    }

    /** The schedule of {@code sequence} at {@code sampleRate}. */
    public static MidiFileSchedule of(Sequence sequence, int sampleRate) {
        if (sampleRate <= 0) {
            throw new IllegalArgumentException("a sample rate is positive, not " + sampleRate);
        }
        List<Timed> events = new ArrayList<>();
        List<long[]> tempos = new ArrayList<>(); // {tick, micros per quarter}
        Track[] tracks = sequence.getTracks();
        for (int t = 0; t < tracks.length; t++) {
            for (int i = 0; i < tracks[t].size(); i++) {
                MidiEvent event = tracks[t].get(i);
                MidiMessage message = event.getMessage();
                if (message instanceof MetaMessage meta) {
                    byte[] d = meta.getData();
                    if (meta.getType() == TEMPO && d.length == 3) {
                        tempos.add(new long[] {event.getTick(), (d[0] & 0xFF) << 16 | (d[1] & 0xFF) << 8 | d[2] & 0xFF});
                    }
                } else if (!(message instanceof SysexMessage sysex && sysex.getStatus() == SysexMessage.SPECIAL_SYSTEM_EXCLUSIVE)) {
                    // a SysEx continuation (0xF7) is a fragment, not a message a port may carry
                    byte[] bytes = message.getMessage();
                    if (bytes.length > 0) {
                        events.add(new Timed(event.getTick(), t, i, bytes));
                    }
                }
            }
        }
        events.sort(Comparator.comparingLong(Timed::tick).thenComparingInt(Timed::track).thenComparingInt(Timed::index));
        tempos.sort(Comparator.comparingLong(tempo -> tempo[0]));
        TickClock clock = new TickClock(sequence, tempos, sampleRate);
        long[] frames = new long[events.size()];
        int[] offsets = new int[events.size()];
        int[] sizes = new int[events.size()];
        int total = events.stream().mapToInt(e -> e.bytes().length).sum();
        byte[] data = new byte[total];
        int at = 0;
        for (int e = 0; e < events.size(); e++) {
            Timed event = events.get(e);
            frames[e] = clock.frame(event.tick());
            offsets[e] = at;
            sizes[e] = event.bytes().length;
            System.arraycopy(event.bytes(), 0, data, at, sizes[e]);
            at += sizes[e];
        }
        return new MidiFileSchedule(frames, offsets, sizes, data);
    }

    public int size() {
        return frames.length;
    }

    /** The frame, counted from the file's start, of event {@code e}; ascending in {@code e}. */
    public long frame(int e) {
        return frames[e];
    }

    public int eventSize(int e) {
        return sizes[e];
    }

    /** Byte {@code b} of event {@code e}, 0 to 255. */
    public int get(int e, int b) {
        if (b < 0 || b >= sizes[e]) {
            throw new IndexOutOfBoundsException("byte " + b + " of an event of " + sizes[e] + " bytes");
        }
        return data[offsets[e] + b] & 0xFF;
    }

    /** The first event at or after {@code frame}; {@link #size()} when none. Realtime, allocation-free. */
    int firstAtOrAfter(long frame) {
        int low = 0;
        int high = frames.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (frames[mid] < frame) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    int offset(int e) {
        return offsets[e];
    }

    byte[] data() {
        return data;
    }

    private record Timed(long tick, int track, int index, byte[] bytes) {
    }

    /**
     * Ticks to frames. PPQ: the time of a tick is the sum, over the tempo segments before it, of ticks times
     * microseconds per quarter (exact in a long), divided once by ticks per quarter and a million and multiplied
     * by the rate. SMPTE: ticks per second are the frame rate times the ticks per frame.
     */
    private static final class TickClock {
        private final long[] changeTicks;
        private final long[] tempos;
        /** Ticks times microseconds per quarter up to each change. */
        private final long[] scaledAt;
        private final boolean ppq;
        private final long ticksPerQuarter;
        private final double ticksPerSecond;
        private final int rate;

        TickClock(Sequence sequence, List<long[]> changes, int rate) {
            this.rate = rate;
            this.ppq = sequence.getDivisionType() == Sequence.PPQ;
            this.ticksPerQuarter = sequence.getResolution();
            this.ticksPerSecond = sequence.getDivisionType() * sequence.getResolution();
            if (ppq && ticksPerQuarter <= 0) {
                throw new TactusException("the MIDI file gives " + ticksPerQuarter + " ticks per quarter note");
            }
            int n = changes.size() + 1;
            changeTicks = new long[n];
            tempos = new long[n];
            scaledAt = new long[n];
            tempos[0] = DEFAULT_MICROS_PER_QUARTER;
            for (int i = 1; i < n; i++) {
                long[] change = changes.get(i - 1);
                changeTicks[i] = change[0];
                tempos[i] = change[1];
                scaledAt[i] = scaledAt[i - 1] + (changeTicks[i] - changeTicks[i - 1]) * tempos[i - 1];
            }
        }

        long frame(long tick) {
            if (!ppq) {
                return Math.round(tick * rate / ticksPerSecond);
            }
            int segment = 0;
            for (int i = 1; i < changeTicks.length && changeTicks[i] <= tick; i++) {
                segment = i;
            }
            long scaled = scaledAt[segment] + (tick - changeTicks[segment]) * tempos[segment];
            long divisor = ticksPerQuarter * 1_000_000L;
            try {
                return Math.addExact(Math.multiplyExact(scaled, (long) rate), divisor / 2) / divisor;
            } catch (ArithmeticException e) { // a file hours long: a double's 53 bits still hold the frame
                return Math.round((double) scaled * rate / divisor);
            }
        }
    }
}
