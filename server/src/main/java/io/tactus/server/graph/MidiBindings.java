package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.midi.MidiMerge;

/**
 * A step's MIDI work before its client runs: merge the inputs fed by several outputs (or by any output of a
 * client in another process, read from its slot only when valid for the cycle), clear the client's own
 * outputs (a client that writes nothing sends nothing, not its last period again). Built with the plan;
 * immutable. The {@link Step} takes its two arrays and walks them with its mixes, one walk per client.
 */
public final class MidiBindings {

    static final MidiBindings NONE = new MidiBindings(new FanIn[0], new MidiBuffer[0]);
    private static final int[] NO_SLOTS = new int[0];
    private static final MidiBuffer[] NO_BUFFERS = new MidiBuffer[0];

    private final FanIn[] fanIns;
    private final MidiBuffer[] outputs;

    MidiBindings(FanIn[] fanIns, MidiBuffer[] outputs) {
        this.fanIns = fanIns;
        this.outputs = outputs;
    }

    FanIn[] fanIns() {
        return fanIns;
    }

    MidiBuffer[] outputs() {
        return outputs;
    }

    /**
     * One input's merge: its sources of the engine's process read in place, those in the shared graph read
     * from a private copy of their slot, and only when valid for the cycle (a client given up on sends nothing).
     */
    static final class FanIn {
        private final MidiMerge merge;
        private final MidiBuffer[] local;
        private final GraphActivation shared;
        private final int[] slots;
        private final MidiBuffer[] slotViews;

        FanIn(MidiBuffer target, MidiBuffer[] local) {
            this(target, local, null, NO_SLOTS, NO_BUFFERS);
        }

        FanIn(MidiBuffer target, MidiBuffer[] local, GraphActivation shared, int[] slots, MidiBuffer[] slotViews) {
            this.merge = slots.length == 0 ? new MidiMerge(target, local)
                    : MidiMerge.ofShared(target, local.length + slots.length);
            this.local = local;
            this.shared = shared;
            this.slots = slots;
            this.slotViews = slotViews;
        }

        /** Realtime, allocation-free. */
        void run(long cycle) {
            if (slots.length == 0) {
                merge.run();
                return;
            }
            merge.reset();
            for (MidiBuffer source : local) {
                merge.add(source);
            }
            for (int s = 0; s < slots.length; s++) {
                if (shared.isValidSource(slots[s], cycle)) { // a delayed (feedback) slot: the cycle before's
                    merge.addSnapshot(slotViews[s]);
                }
            }
            merge.merge();
        }
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
        MidiBindings bindings = new MidiBindings(new FanIn[]{new FanIn(small, new MidiBuffer[]{a, b})},
                new MidiBuffer[]{a, b});
        MidiMerge snapshots = MidiMerge.ofShared(MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes), 2);
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
            bindings.fanIns[0].run(i);
            snapshots.reset();
            snapshots.add(b);
            snapshots.addSnapshot(a); // the copy a reader of a shared slot makes
            snapshots.merge();
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
