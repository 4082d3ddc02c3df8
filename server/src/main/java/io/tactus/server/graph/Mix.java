package io.tactus.server.graph;

import io.tactus.ipc.graph.GraphActivation;

import java.nio.FloatBuffer;

/**
 * Sums several output buffers into one input's mix buffer (JACK's fan-in). Sources of the engine's own
 * process are read as they are; sources in the shared graph (clients in other processes) are read where
 * they wrote them, each only when it is valid for the cycle, so a client the server gave up on reads as
 * silence. A source of a feedback connection is read before its writer runs, so as the previous period
 * left it; such an input is always copied here, never bound in place, so that it holds that period whenever
 * its reader looks. Built off the realtime thread as part of a plan; {@link #run} is realtime and allocation-free.
 */
public final class Mix {

    private static final int[] NO_SLOTS = new int[0];
    private static final FloatBuffer[] NO_VIEWS = new FloatBuffer[0];

    private final FloatBuffer target;
    private final FloatBuffer[] sources;
    private final GraphActivation shared;
    private final int[] slots;
    private final FloatBuffer[] slotViews;

    Mix(FloatBuffer target, FloatBuffer[] sources) {
        this(target, sources, null, NO_SLOTS, NO_VIEWS);
    }

    /**
     * Also {@code slots} of the shared graph, whose views are {@code slotViews}; a slot entry
     * {@link GraphActivation#delayed} is a feedback source, mixed as the cycle before left it.
     */
    Mix(FloatBuffer target, FloatBuffer[] sources, GraphActivation shared, int[] slots, FloatBuffer[] slotViews) {
        this.target = target;
        this.sources = sources;
        this.shared = shared;
        this.slots = slots;
        this.slotViews = slotViews;
    }

    /** Realtime, allocation-free: a mix of local sources only. */
    public void run(int nframes) {
        run(nframes, 0);
    }

    /** Realtime, allocation-free: the shared sources count only when valid for {@code cycle}. */
    public void run(int nframes, long cycle) {
        boolean first = true;
        for (FloatBuffer source : sources) {
            add(source, nframes, first);
            first = false;
        }
        for (int s = 0; s < slots.length; s++) {
            if (shared.isValidSource(slots[s], cycle)) {
                add(slotViews[s], nframes, first);
                first = false;
            }
        }
        if (first) {
            for (int i = 0; i < nframes; i++) {
                target.put(i, 0f);
            }
        }
    }

    private void add(FloatBuffer source, int nframes, boolean first) {
        for (int i = 0; i < nframes; i++) {
            target.put(i, first ? source.get(i) : target.get(i) + source.get(i));
        }
    }

    public int sourceCount() {
        return sources.length + slots.length;
    }
}
