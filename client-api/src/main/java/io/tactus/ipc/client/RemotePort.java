package io.tactus.ipc.client;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortType;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.midi.MidiMerge;

import java.nio.FloatBuffer;

/**
 * A port of a client in its own process: a slot of the server's graph segment, where its output's samples
 * (or MIDI events) live for the clients that read them, or where the process thread mixes (or merges) an
 * input's sources before the callback. The buffer views are made once at registration, so the process thread
 * only rewinds them; the price is that a port keeps the segment's mapping alive until it is garbage, and a
 * MIDI input holds a private copy per source it may merge ({@link MidiMerge#ofShared}, 60 KiB).
 */
final class RemotePort implements Port {

    private final Object owner;
    /** Both change together when the owner renames the port; read by normal threads only. */
    private volatile String name;
    private volatile String shortName;
    private final PortType type;
    private final boolean input;
    private final int slot;
    /** What {@link #getFloatBuffer()} returns: read-only for an input port; null for a MIDI port. */
    private final FloatBuffer visible;
    /** The same memory, writable: the process thread silences outputs through it. */
    private final FloatBuffer writable;
    /** What {@link #getMidiBuffer()} returns: read-only for an input port; null for an audio port. */
    private final MidiBuffer midiVisible;
    /** A MIDI output's buffer, or a MIDI input's merge; null for an audio port. */
    private final MidiBuffer midiWritable;
    private final MidiMerge merge;

    private RemotePort(Object owner, String clientName, String shortName, PortType type, boolean input, int slot,
                       FloatBuffer slotView, MidiBuffer midiView) {
        this.owner = owner;
        this.name = clientName + ":" + shortName;
        this.shortName = shortName;
        this.type = type;
        this.input = input;
        this.slot = slot;
        this.writable = slotView;
        this.visible = slotView == null ? null : input ? slotView.asReadOnlyBuffer() : slotView;
        this.midiWritable = midiView;
        this.midiVisible = midiView == null ? null : input ? midiView.readOnlyView() : midiView;
        this.merge = midiView != null && input ? MidiMerge.ofShared(midiView, GraphLayout.MAX_SOURCES) : null;
    }

    static RemotePort audio(Object owner, String clientName, String shortName, boolean input, int slot,
                            FloatBuffer slotView) {
        return new RemotePort(owner, clientName, shortName, PortType.AUDIO, input, slot, slotView, null);
    }

    static RemotePort midi(Object owner, String clientName, String shortName, boolean input, int slot,
                           MidiBuffer slotView) {
        return new RemotePort(owner, clientName, shortName, PortType.MIDI, input, slot, null, slotView);
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

    @Override
    public PortType type() {
        return type;
    }

    boolean isMidi() {
        return type == PortType.MIDI;
    }

    /** Realtime, allocation-free: the slot's samples for this cycle. */
    @Override
    public FloatBuffer getFloatBuffer() {
        if (visible == null) {
            throw new IllegalStateException("port '" + name + "' is a MIDI port; read its events with getMidiBuffer()");
        }
        return visible;
    }

    /** Realtime, allocation-free: the slot's events for this cycle. */
    @Override
    public MidiBuffer getMidiBuffer() {
        if (midiVisible == null) {
            return Port.super.getMidiBuffer();
        }
        return midiVisible;
    }

    int slot() {
        return slot;
    }

    /** After the server renamed it ({@link RemoteTactusClient#renamePort}). */
    void renamed(String clientName, String newShortName) {
        this.shortName = newShortName;
        this.name = clientName + ":" + newShortName;
    }

    /** The writable view: the process thread mixes an audio input into it; null for a MIDI port. */
    FloatBuffer buffer() {
        return writable;
    }

    /** A MIDI input's merge into its slot; null for the rest. */
    MidiMerge merge() {
        return merge;
    }

    boolean belongsTo(Object client) {
        return owner == client;
    }

    /** Realtime, allocation-free: position 0, limit nframes, as the contract promises the callback. */
    void rewind(int nframes) {
        if (visible != null) {
            visible.position(0).limit(nframes);
        }
    }

    /** Realtime, allocation-free: an output reads as silence (no events) rather than as its last cycle repeated. */
    void silence(int nframes) {
        if (input) {
            return;
        }
        if (midiWritable != null) {
            midiWritable.clear();
            return;
        }
        for (int i = 0; i < nframes; i++) {
            writable.put(i, 0f);
        }
    }

    @Override
    public String toString() {
        return name;
    }
}
