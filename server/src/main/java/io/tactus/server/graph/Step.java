package io.tactus.server.graph;

import io.tactus.api.ProcessCallback;

import java.nio.FloatBuffer;

/**
 * One client's place in an execution plan: the mixes that feed its inputs, the buffers to rewind before
 * it runs, and its process callback. Immutable.
 */
public final class Step {

    private final ClientNode client;
    private final ProcessCallback process;
    private final Mix[] mixes;
    private final FloatBuffer[] buffers;

    /** Set by the engine when the process callback threw; engine thread only. */
    public boolean failed;

    Step(ClientNode client, ProcessCallback process, Mix[] mixes, FloatBuffer[] buffers) {
        this.client = client;
        this.process = process;
        this.mixes = mixes;
        this.buffers = buffers;
    }

    public ClientNode client() {
        return client;
    }

    /** Realtime, allocation-free: sums fan-in inputs and rewinds every buffer the client will see. */
    public void prepare(int nframes) {
        for (Mix mix : mixes) {
            mix.run(nframes);
        }
        for (FloatBuffer buffer : buffers) {
            buffer.clear();
        }
    }

    /** Realtime: the client's own work. */
    public void process(int nframes) {
        process.process(nframes);
    }
}
