package io.tactus.ipc.client;

import io.tactus.api.Port;
import io.tactus.api.PortType;

import java.nio.FloatBuffer;

/**
 * A port of a client in its own process: a slot of the server's graph segment, where its output's samples
 * live for the clients that read them, or where the process thread mixes an input's sources before the
 * callback. The buffer views are made once at registration, so the process thread only rewinds them; the
 * price is that a port keeps the segment's mapping alive until it is garbage.
 */
final class RemotePort implements Port {

    private final Object owner;
    private final String name;
    private final String shortName;
    private final boolean input;
    private final int slot;
    /** What {@link #getFloatBuffer()} returns: read-only for an input port. */
    private final FloatBuffer visible;
    /** The same memory, writable: the process thread silences outputs through it. */
    private final FloatBuffer writable;

    RemotePort(Object owner, String clientName, String shortName, boolean input, int slot, FloatBuffer slotView) {
        this.owner = owner;
        this.name = clientName + ":" + shortName;
        this.shortName = shortName;
        this.input = input;
        this.slot = slot;
        this.writable = slotView;
        this.visible = input ? slotView.asReadOnlyBuffer() : slotView;
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

    /** Audio only: MIDI over the process transport waits for the shared graph segment. */
    @Override
    public PortType type() {
        return PortType.AUDIO;
    }

    /** Realtime, allocation-free: the slot's samples for this cycle. */
    @Override
    public FloatBuffer getFloatBuffer() {
        return visible;
    }

    int slot() {
        return slot;
    }

    /** The writable view: the process thread mixes an input into it. */
    FloatBuffer buffer() {
        return writable;
    }

    boolean belongsTo(Object client) {
        return owner == client;
    }

    /** Realtime, allocation-free: position 0, limit nframes, as the contract promises the callback. */
    void rewind(int nframes) {
        visible.position(0).limit(nframes);
    }

    /** Realtime, allocation-free: an output reads as silence rather than as its last cycle repeated. */
    void silence(int nframes) {
        if (!input) {
            for (int i = 0; i < nframes; i++) {
                writable.put(i, 0f);
            }
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
