package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;

import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.List;

/**
 * What the engine runs each period: active clients in graph order with their port bindings, built by a
 * control thread and never changed afterwards (JACK2's "next graph prepared aside"). The engine switches
 * to a new plan at the start of a cycle by rebinding ports, which only writes references. A plan with a
 * client in its own process runs over the {@link SharedGraph}: its activation plan waits in a bank of the
 * segment ({@link #bank}) for the engine to switch to it at a cycle start.
 */
public final class ExecutionPlan {

    private final long generation;
    private final Step[] steps;
    private final PortNode[] boundPorts;
    private final FloatBuffer[] bindings;
    private final PortNode[] midiPorts;
    private final MidiBuffer[] midiBindings;
    private final FloatBuffer[] capture;
    private final FloatBuffer[] playback;
    private final Mix[] playbackMixes;
    private final String[] clientNames;
    private SyncCallback[] syncCallbacks = new SyncCallback[0];
    private TimebaseCallback timebase;
    private int timebaseRecord;
    private SharedGraph shared;
    private int bank;
    private FloatBuffer[] captureFrom = new FloatBuffer[0];
    private FloatBuffer[] captureTo = new FloatBuffer[0];
    private int[] captureSlots = new int[0];

    ExecutionPlan(long generation, Step[] steps, PortNode[] boundPorts, FloatBuffer[] bindings,
                  PortNode[] midiPorts, MidiBuffer[] midiBindings,
                  FloatBuffer[] capture, FloatBuffer[] playback, Mix[] playbackMixes) {
        this.generation = generation;
        this.steps = steps;
        this.boundPorts = boundPorts;
        this.bindings = bindings;
        this.midiPorts = midiPorts;
        this.midiBindings = midiBindings;
        this.capture = capture;
        this.playback = playback;
        this.playbackMixes = playbackMixes;
        this.clientNames = Arrays.stream(steps).map(s -> s.client().name()).toArray(String[]::new);
    }

    /** An empty plan: no clients, no driver ports. What an engine runs before its first switch. */
    public static ExecutionPlan empty() {
        return new ExecutionPlan(0, new Step[0], new PortNode[0], new FloatBuffer[0], new PortNode[0],
                new MidiBuffer[0], new FloatBuffer[0], new FloatBuffer[0], new Mix[0]);
    }

    /**
     * Plan builder: the running clients' slow-sync callbacks in graph order, the timebase master's (or null) and
     * its record when the master is a client in its own process (else 0).
     */
    ExecutionPlan withTransport(SyncCallback[] sync, TimebaseCallback master, int masterRecord) {
        this.syncCallbacks = sync;
        this.timebase = master;
        this.timebaseRecord = masterRecord;
        return this;
    }

    /** Realtime: the slow-sync clients' callbacks, asked while the transport is STARTING. */
    public SyncCallback[] syncCallbacks() {
        return syncCallbacks;
    }

    /** Realtime: the timebase master's callback, or null. */
    public TimebaseCallback timebase() {
        return timebase;
    }

    /** Realtime: the timebase master's record when it is a client in its own process, else 0. */
    public int timebaseRecord() {
        return timebaseRecord;
    }

    public long generation() {
        return generation;
    }

    public int stepCount() {
        return steps.length;
    }

    public Step step(int index) {
        return steps[index];
    }

    /** Name of the client at {@code index} in graph order; for telemetry consumers. */
    public String clientName(int index) {
        return clientNames[index];
    }

    public List<String> clientOrder() {
        return List.of(clientNames);
    }

    /** Realtime, allocation-free: points every port at this plan's buffer. */
    public void bindPorts() {
        for (int i = 0; i < boundPorts.length; i++) {
            boundPorts[i].current = bindings[i];
        }
        for (int i = 0; i < midiPorts.length; i++) {
            midiPorts[i].currentMidi = midiBindings[i];
        }
    }

    /** Buffers the driver fills, one per {@code system:capture_N}. */
    public FloatBuffer[] capture() {
        return capture;
    }

    /** Buffers the driver takes, one per {@code system:playback_N}; valid after {@link #mixPlayback}. */
    public FloatBuffer[] playback() {
        return playback;
    }

    /** Realtime, allocation-free: sums fan-in into playback ports. */
    public void mixPlayback(int nframes) {
        mixPlayback(nframes, 0);
    }

    /** Realtime, allocation-free: as {@link #mixPlayback(int)}, shared sources mixed when valid for {@code cycle}. */
    public void mixPlayback(int nframes, long cycle) {
        for (Mix mix : playbackMixes) {
            mix.run(nframes, cycle);
        }
    }

    /** Plan builder: runs over {@code graph}, its activation plan in bank {@code bank}, capture copied into slots. */
    void share(SharedGraph graph, int planBank, FloatBuffer[] from, FloatBuffer[] to, int[] slots) {
        this.shared = graph;
        this.bank = planBank;
        this.captureFrom = from;
        this.captureTo = to;
        this.captureSlots = slots;
    }

    /** The shared graph this plan runs over, or null when every client runs in the engine's process. */
    public SharedGraph shared() {
        return shared;
    }

    /** The plan bank of the shared graph that holds this plan's activation plan. */
    public int bank() {
        return bank;
    }

    /** Realtime, allocation-free: copies the capture that other processes read into its slots, valid for {@code cycle}. */
    public void exportCapture(int nframes, long cycle) {
        for (int e = 0; e < captureFrom.length; e++) {
            FloatBuffer from = captureFrom[e];
            FloatBuffer to = captureTo[e];
            for (int i = 0; i < nframes; i++) {
                to.put(i, from.get(i));
            }
            shared.activation().publish(captureSlots[e], cycle);
        }
    }
}
