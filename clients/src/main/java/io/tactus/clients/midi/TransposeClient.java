package io.tactus.clients.midi;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

/**
 * Moves every note of its MIDI input by a number of semitones on its way to its MIDI output ({@code midi_in}
 * to {@code midi_out}): note-on, note-off and polyphonic aftertouch change key, every other event passes as it
 * is, at the frame it came. A note moved outside 0..127 is dropped and counted, not folded back, so a note-off
 * never loses its note-on. The smallest useful MIDI process client, and the one the MIDI chain tests run.
 * Allocation-free.
 */
public final class TransposeClient implements ProcessCallback {

    public static final int MAX_SEMITONES = 127;

    private final Port input;
    private final Port output;
    private final int semitones;
    private volatile long passed;
    private volatile long dropped;

    public TransposeClient(TactusClient client, int semitones) {
        if (Math.abs(semitones) > MAX_SEMITONES) {
            throw new IllegalArgumentException("a transposition is -" + MAX_SEMITONES + " to " + MAX_SEMITONES
                    + " semitones, not " + semitones);
        }
        this.semitones = semitones;
        this.input = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
        this.output = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
        client.setProcessCallback(this);
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        MidiBuffer in = input.getMidiBuffer();
        MidiBuffer out = output.getMidiBuffer();
        long through = 0;
        long lost = 0;
        for (int e = 0; e < in.eventCount(); e++) {
            int size = in.size(e);
            int status = in.get(e, 0);
            if (size >= 2 && status >= 0x80 && status < 0xB0) { // note off, note on, polyphonic aftertouch
                int key = in.get(e, 1) + semitones;
                int index = key < 0 || key > 127 ? -1 : out.reserve(in.frame(e), size);
                if (index < 0) {
                    lost++;
                    continue;
                }
                for (int b = 0; b < size; b++) {
                    out.set(index, b, b == 1 ? key : in.get(e, b));
                }
                through++;
            } else if (out.append(in, e)) {
                through++;
            } else {
                lost++;
            }
        }
        if (through != 0) {
            passed += through;
        }
        if (lost != 0) {
            dropped += lost;
        }
    }

    /** Events written to the output so far. */
    public long passed() {
        return passed;
    }

    /** Events not written: a note moved out of range, or no room left in the period's output. */
    public long dropped() {
        return dropped;
    }
}
