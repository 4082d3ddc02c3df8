package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.midi.MidiMerge;

/**
 * A step's MIDI work before its client runs: merge the inputs fed by several outputs, clear the client's
 * own outputs (a client that writes nothing sends nothing, not its last period again). Built with the
 * plan; immutable.
 */
public final class MidiBindings {

    static final MidiBindings NONE = new MidiBindings(new MidiMerge[0], new MidiBuffer[0]);

    private final MidiMerge[] merges;
    private final MidiBuffer[] outputs;

    MidiBindings(MidiMerge[] merges, MidiBuffer[] outputs) {
        this.merges = merges;
        this.outputs = outputs;
    }

    /** Realtime, allocation-free. */
    void prepare() {
        for (MidiMerge merge : merges) {
            merge.run();
        }
        clearOutputs();
    }

    /** Realtime, allocation-free: a skipped client's outputs carry no events. */
    void clearOutputs() {
        for (MidiBuffer out : outputs) {
            out.clear();
        }
    }

    /**
     * Takes every path of MIDI buffers and merges on throwaway ones before the first period (the engine's
     * realtime rules: no branch left untrained): writes that fit, writes out of frame order and past a full
     * buffer (lost events), merges of several sources into a target too small for them all.
     */
    public static void rehearse(int nframes) {
        MidiBuffer a = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        MidiBuffer b = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        MidiBuffer small = MidiBuffer.allocate(128, nframes);
        MidiBindings bindings = new MidiBindings(new MidiMerge[]{new MidiMerge(small, new MidiBuffer[]{a, b})},
                new MidiBuffer[]{a, b});
        byte[] sysex = new byte[16];
        long sum = 0;
        for (int i = 0; i < 20_000; i++) {
            bindings.clearOutputs();
            int events = i % 9;
            for (int e = 0; e < events; e++) {
                a.write(e * (nframes - 1) / 8, 0x90, e, 1);
                b.write(e * (nframes - 1) / 8, sysex, 0, 1 + i % sysex.length);
            }
            a.write(0, 0x80, 0, 0); // out of order once a has events
            bindings.merges[0].run();
            for (int e = 0; e < small.eventCount(); e++) {
                sum += small.frame(e) + small.size(e) + small.get(e, 0);
            }
            sum += small.lostEvents() + a.maxEventSize();
        }
        if (sum == Long.MIN_VALUE) {
            throw new AssertionError(); // keeps the loop from being optimised away
        }
    }
}
