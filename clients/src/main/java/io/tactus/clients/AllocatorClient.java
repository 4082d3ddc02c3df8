package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;

/**
 * A client that allocates on the realtime thread, which a well-behaved one never does: copies
 * {@code in_1} to {@code out_1} and allocates {@code bytesPerCycle} every cycle. Each array is kept in a
 * small ring of references, so it escapes and the JIT cannot remove the allocation, yet only the last
 * {@value #RING} are ever alive: it feeds the garbage collector without growing the heap. It exists to
 * show the engine's allocation counter and the GC pauses it provokes.
 */
public final class AllocatorClient implements ProcessCallback {

    private static final int RING = 16;

    private final Port in;
    private final Port out;
    private final int bytesPerCycle;
    private final Object[] ring = new Object[RING];
    private long cycle; // engine thread only

    public AllocatorClient(TactusClient client, int bytesPerCycle) {
        if (bytesPerCycle < 0) {
            throw new IllegalArgumentException("the allocator must allocate 0 or more bytes per cycle, not " + bytesPerCycle);
        }
        this.bytesPerCycle = bytesPerCycle;
        this.in = client.registerPort("in_1", PortType.AUDIO, PortFlag.INPUT);
        this.out = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
        client.setProcessCallback(this);
    }

    /** Realtime; allocates on purpose. */
    @Override
    public void process(int nframes) {
        FloatBuffer src = in.getFloatBuffer();
        FloatBuffer dst = out.getFloatBuffer();
        for (int i = 0; i < nframes; i++) {
            dst.put(i, src.get(i));
        }
        ring[(int) (cycle++ & (RING - 1))] = new byte[bytesPerCycle];
    }

    public int bytesPerCycle() {
        return bytesPerCycle;
    }
}
