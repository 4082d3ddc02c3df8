package io.tactus.server.graph;

import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;

import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * A port as the server holds it. An output port owns one buffer for its whole life (audio: {@code nframes}
 * samples; MIDI: a {@link MidiBuffer} of {@link MidiBuffer#DEFAULT_CAPACITY} bytes); an input port owns
 * none and is bound, per execution plan, to a silent (empty) buffer, to its single source's buffer
 * (read-only, no copy) or to a mix buffer that sums (or, for MIDI, merges) its sources. The engine sets
 * {@link #current} or {@link #currentMidi} when it switches plans; only the engine thread reads them, so
 * they need no fence.
 */
public final class PortNode implements Port {

    private final ClientNode client;
    /** JACK's port id ({@code jack_port_id_t}): unique for the server's lifetime, never reused. */
    private final int id;
    /** JACK's port uuid: the subject of its properties, unique among clients and ports, never reused. */
    private final long uuid;
    /** Renamed by its owner ({@link Graph#renamePort}) under the graph's lock; read by anyone. */
    private volatile String shortName;
    private volatile String name;
    private final PortType type;
    private final boolean input;
    private final boolean physical;
    /** JACK's flag bits: the direction, physical, and any descriptive ones its owner gave. */
    private final int flags;
    /** At most {@link PortDetails#MAX_ALIASES}; under the graph's lock. */
    private final List<String> aliases = new ArrayList<>(PortDetails.MAX_ALIASES);
    private final FloatBuffer own;
    private final MidiBuffer ownMidi;

    /** The audio buffer the running plan binds; engine thread only. */
    FloatBuffer current;
    /** The MIDI buffer the running plan binds; engine thread only. */
    MidiBuffer currentMidi;
    /** Its slot in the {@link SharedGraph}, -1 while it has none; under the graph's lock. */
    private int slot = -1;
    // Latency (issue 20), under the graph's lock: the ranges the last recompute gave, and what the client set.
    private LatencyRange capture = LatencyRange.ZERO;
    private LatencyRange playback = LatencyRange.ZERO;
    private LatencyRange declaredCapture;
    private LatencyRange declaredPlayback;

    PortNode(ClientNode client, int id, long uuid, String shortName, PortType type, int flags, int nframes) {
        this.client = client;
        this.id = id;
        this.uuid = uuid;
        this.shortName = shortName;
        this.name = client.name() + ":" + shortName;
        this.type = type;
        this.input = (flags & PortFlag.INPUT.bit()) != 0;
        this.physical = (flags & PortFlag.PHYSICAL.bit()) != 0;
        this.flags = flags;
        this.own = input || type != PortType.AUDIO ? null : allocate(nframes);
        this.ownMidi = input || type != PortType.MIDI ? null : MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, nframes);
        this.current = own;
        this.currentMidi = ownMidi;
    }

    /** A direct, native-order buffer: the same kind a shared-memory transport maps, so one code path. */
    public static FloatBuffer allocate(int nframes) {
        return ByteBuffer.allocateDirect(nframes * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
    }

    public ClientNode client() {
        return client;
    }

    /** Unique for the server's lifetime, never reused: JACK's port id. */
    public int id() {
        return id;
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
    public PortType type() {
        return type;
    }

    @Override
    public boolean isInput() {
        return input;
    }

    public boolean isPhysical() {
        return physical;
    }

    /** Unique among the server's clients and ports for its whole life, never reused ({@code jack_port_uuid}). */
    public long uuid() {
        return uuid;
    }

    /** JACK's flag bits ({@link PortFlag#bit()}). */
    public int flags() {
        return flags;
    }

    /** Its aliases now, a copy; under the graph's lock. */
    List<String> aliases() {
        return List.copyOf(aliases);
    }

    List<String> mutableAliases() {
        return aliases;
    }

    /** What any client may learn of it; under the graph's lock. */
    PortDetails details() {
        return new PortDetails(name, uuid, type, PortFlag.of(flags), aliases);
    }

    /** Only {@link Graph#renamePort} calls it, under the graph's lock. */
    void rename(String newShortName) {
        this.shortName = newShortName;
        this.name = client.name() + ":" + newShortName;
    }

    /**
     * Its slot in the server's graph segment: every port of a client in its own process has one, and so
     * has each output those clients read; -1 for none.
     */
    public int slot() {
        return slot;
    }

    void setSlot(int slot) {
        this.slot = slot;
    }

    /** The latency range in {@code mode} as the graph's last recompute left it; under the graph's lock. */
    LatencyRange latency(LatencyMode mode) {
        return mode == LatencyMode.CAPTURE ? capture : playback;
    }

    void setLatency(LatencyMode mode, LatencyRange range) {
        if (mode == LatencyMode.CAPTURE) {
            capture = range;
        } else {
            playback = range;
        }
    }

    /** What the client set in {@code mode}, kept in place of the default; null while it set nothing. */
    LatencyRange declared(LatencyMode mode) {
        return mode == LatencyMode.CAPTURE ? declaredCapture : declaredPlayback;
    }

    void declare(LatencyMode mode, LatencyRange range) {
        if (mode == LatencyMode.CAPTURE) {
            declaredCapture = range;
        } else {
            declaredPlayback = range;
        }
    }

    /** The output buffer this port owns; null for an input or a MIDI port. */
    FloatBuffer ownBuffer() {
        return own;
    }

    /** The MIDI output buffer this port owns; null for an input or an audio port. */
    MidiBuffer ownMidiBuffer() {
        return ownMidi;
    }

    /** Realtime, allocation-free. */
    @Override
    public FloatBuffer getFloatBuffer() {
        if (type != PortType.AUDIO) {
            throw new IllegalStateException("port '" + name + "' is a MIDI port; read its events with getMidiBuffer()");
        }
        return current;
    }

    /** Realtime, allocation-free. */
    @Override
    public MidiBuffer getMidiBuffer() {
        if (type != PortType.MIDI) {
            return Port.super.getMidiBuffer();
        }
        return currentMidi;
    }

    @Override
    public String toString() {
        return name;
    }
}
