package io.tactus.midi;

import io.tactus.api.MidiBuffer;

/**
 * The MIDI fan-in: the events of several output buffers merged into one input's buffer in frame order
 * (events at the same frame in source order), the MIDI counterpart of summing audio. A k-way merge over
 * preallocated cursors: O(events x sources) per period, which for the handful of sources a port has is
 * cheaper than any heap. Events that do not fit the target are counted in its lost events.
 */
public final class MidiMerge {

    private final MidiBuffer target;
    private final MidiBuffer[] sources;
    private final int[] cursors;

    public MidiMerge(MidiBuffer target, MidiBuffer[] sources) {
        this.target = target;
        this.sources = sources.clone();
        this.cursors = new int[sources.length];
    }

    /** Realtime, allocation-free: clears the target and merges this period's events into it. */
    public void run() {
        target.clear();
        for (int s = 0; s < cursors.length; s++) {
            cursors[s] = 0;
        }
        while (true) {
            int next = -1;
            int earliest = Integer.MAX_VALUE;
            for (int s = 0; s < sources.length; s++) {
                int at = cursors[s];
                if (at < sources[s].eventCount() && sources[s].frame(at) < earliest) {
                    earliest = sources[s].frame(at);
                    next = s;
                }
            }
            if (next < 0) {
                return;
            }
            target.append(sources[next], cursors[next]++);
        }
    }

    public int sourceCount() {
        return sources.length;
    }
}
