package io.tactus.midi;

import io.tactus.api.MidiBuffer;

/**
 * The MIDI fan-in: the events of several output buffers merged into one input's buffer in frame order
 * (events at the same frame in source order), the MIDI counterpart of summing audio. A k-way merge over
 * preallocated cursors: O(events x sources) per period, which for the handful of sources a port has is
 * cheaper than any heap. Events that do not fit the target are counted in its lost events. Only a source's
 * whole events are read ({@link MidiBuffer#intactEvents()}), so a buffer another process wrote badly costs
 * its own events, never the reader's thread.
 *
 * <p>Either the sources are fixed ({@link #MidiMerge(MidiBuffer, MidiBuffer[])}, {@link #run()}) or chosen
 * each period ({@link #upTo}, then {@link #reset()}, {@link #add} for each source that counts, {@link #merge()}),
 * as a reader of the shared graph does, taking only the sources valid for the cycle ({@link #ofShared}: each
 * read from a private copy, so a writer in another process cannot change it during the merge).
 */
public final class MidiMerge {

    private final MidiBuffer target;
    private final MidiBuffer[] fixed;
    private final MidiBuffer[] live;
    private final int[] cursors;
    private final int[] ends;
    /** Private copies for {@link #addSnapshot}; empty when the merge reads only buffers of its own process. */
    private final MidiBuffer[] snapshots;
    private int liveCount;

    public MidiMerge(MidiBuffer target, MidiBuffer[] sources) {
        this(target, sources.clone(), sources.length);
    }

    private MidiMerge(MidiBuffer target, MidiBuffer[] fixed, int capacity) {
        this(target, fixed, capacity, false);
    }

    private MidiMerge(MidiBuffer target, MidiBuffer[] fixed, int capacity, boolean shared) {
        this.target = target;
        this.snapshots = new MidiBuffer[shared ? capacity : 0];
        for (int s = 0; s < snapshots.length; s++) {
            snapshots[s] = MidiBuffer.allocate(target.capacity(), target.nframes());
        }
        this.fixed = fixed;
        this.live = new MidiBuffer[capacity];
        this.cursors = new int[capacity];
        this.ends = new int[capacity];
    }

    /** A merge into {@code target} of up to {@code maxSources} sources chosen each period. */
    public static MidiMerge upTo(MidiBuffer target, int maxSources) {
        return new MidiMerge(target, new MidiBuffer[0], maxSources);
    }

    /**
     * As {@link #upTo}, for sources another process writes: each is {@link #addSnapshot copied} before it is
     * read, at the price of a private block per source ({@code maxSources} x the target's capacity).
     */
    public static MidiMerge ofShared(MidiBuffer target, int maxSources) {
        return new MidiMerge(target, new MidiBuffer[0], maxSources, true);
    }

    /** Realtime, allocation-free: clears the target and merges this period's events of the fixed sources. */
    public void run() {
        reset();
        for (MidiBuffer source : fixed) {
            add(source);
        }
        merge();
    }

    /** Realtime, allocation-free: no sources chosen yet for this period. */
    public void reset() {
        liveCount = 0;
    }

    /** Realtime, allocation-free: {@code source} counts this period; beyond the capacity it is ignored. */
    public void add(MidiBuffer source) {
        if (liveCount < live.length) {
            live[liveCount++] = source;
        }
    }

    /**
     * Realtime, allocation-free: {@code shared} (a buffer another process writes, of the target's capacity)
     * counts this period, read from a private copy made now; beyond the capacity, or without
     * {@link #ofShared}, it is ignored.
     */
    public void addSnapshot(MidiBuffer shared) {
        if (liveCount < snapshots.length) {
            MidiBuffer copy = snapshots[liveCount];
            copy.copyFrom(shared);
            live[liveCount++] = copy;
        }
    }

    /** Realtime, allocation-free: clears the target and merges the chosen sources' events into it. */
    public void merge() {
        target.clear();
        for (int s = 0; s < liveCount; s++) {
            cursors[s] = 0;
            ends[s] = live[s].intactEvents();
        }
        while (true) {
            int next = -1;
            int earliest = Integer.MAX_VALUE;
            for (int s = 0; s < liveCount; s++) {
                int at = cursors[s];
                if (at < ends[s] && live[s].frame(at) < earliest) {
                    earliest = live[s].frame(at);
                    next = s;
                }
            }
            if (next < 0) {
                return;
            }
            target.append(live[next], cursors[next]++);
        }
    }

    /** The fixed sources, or for {@link #upTo}, how many it can take. */
    public int sourceCount() {
        return fixed.length > 0 ? fixed.length : live.length;
    }
}
