package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.midi.MidiMerge;

/**
 * A step's MIDI work before its client runs: merge the inputs fed by several outputs, clear the client's
 * own outputs (a client that writes nothing sends nothing, not its last period again). Built with the
 * plan; immutable.
 */
final class MidiBindings {

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
}
