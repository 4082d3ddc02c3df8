package io.tactus.server.graph;

import io.tactus.api.Port;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.ByteBuffer;

/**
 * A port as the server holds it. An output port owns one buffer of {@code nframes} samples for its
 * whole life; an input port owns none and is bound, per execution plan, to a silent buffer, to its
 * single source's buffer (read-only, no copy) or to a mix buffer that sums its sources. The engine sets
 * {@link #current} when it switches plans; only the engine thread reads it, so it needs no fence.
 */
public final class PortNode implements Port {

    private final ClientNode client;
    private final String shortName;
    private final String name;
    private final boolean input;
    private final boolean physical;
    private final FloatBuffer own;

    /** The buffer the running plan binds; engine thread only. */
    FloatBuffer current;

    PortNode(ClientNode client, String shortName, boolean input, boolean physical, int nframes) {
        this.client = client;
        this.shortName = shortName;
        this.name = client.name() + ":" + shortName;
        this.input = input;
        this.physical = physical;
        this.own = input ? null : allocate(nframes);
        this.current = own;
    }

    /** A direct, native-order buffer: the same kind a shared-memory transport maps, so one code path. */
    public static FloatBuffer allocate(int nframes) {
        return ByteBuffer.allocateDirect(nframes * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    public ClientNode client() {
        return client;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public String shortName() {
        return shortName;
    }

    @Override
    public boolean isInput() {
        return input;
    }

    public boolean isPhysical() {
        return physical;
    }

    /** The output buffer this port owns; null for an input port. */
    FloatBuffer ownBuffer() {
        return own;
    }

    /** Realtime, allocation-free. */
    @Override
    public FloatBuffer getFloatBuffer() {
        return current;
    }

    @Override
    public String toString() {
        return name;
    }
}
