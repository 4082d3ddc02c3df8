package io.tactus.server.graph;

import java.nio.FloatBuffer;

/**
 * Sums several output buffers into one input's mix buffer (JACK's fan-in). Built off the realtime
 * thread as part of a plan; {@link #run} is realtime and allocation-free.
 */
public final class Mix {

    private final FloatBuffer target;
    private final FloatBuffer[] sources;

    Mix(FloatBuffer target, FloatBuffer[] sources) {
        this.target = target;
        this.sources = sources;
    }

    /** Realtime, allocation-free. */
    public void run(int nframes) {
        FloatBuffer first = sources[0];
        for (int i = 0; i < nframes; i++) {
            target.put(i, first.get(i));
        }
        for (int s = 1; s < sources.length; s++) {
            FloatBuffer source = sources[s];
            for (int i = 0; i < nframes; i++) {
                target.put(i, target.get(i) + source.get(i));
            }
        }
    }

    public int sourceCount() {
        return sources.length;
    }
}
