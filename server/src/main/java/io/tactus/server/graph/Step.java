package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.ProcessCallback;

import java.nio.FloatBuffer;

/**
 * One client's place in an execution plan: the mixes that feed its inputs, the buffers to rewind before
 * it runs, its MIDI merges and outputs, and its process callback; in a plan over the shared graph also its
 * activation record and the outputs it hands to clients in other processes (copied into their slots after it
 * runs). A client in its own process has a step too, for its record and the telemetry, but no callback: the
 * engine never calls it. Immutable.
 */
public final class Step {

    private static final int[] NO_SLOTS = new int[0];
    private static final FloatBuffer[] NO_BUFFERS = new FloatBuffer[0];
    private static final MidiBuffer[] NO_MIDI = new MidiBuffer[0];

    private final ClientNode client;
    private final ProcessCallback process;
    private final Mix[] mixes;
    private final FloatBuffer[] buffers;
    private final int[] upstream;
    private final boolean remote;
    private int record;
    private FloatBuffer[] exportFrom = NO_BUFFERS;
    private FloatBuffer[] exportTo = NO_BUFFERS;
    private int[] exportSlots = NO_SLOTS;
    private MidiBuffer[] midiExportFrom = NO_MIDI;
    private MidiBuffer[] midiExportTo = NO_MIDI;

    /** Set by the engine when the process callback threw; engine thread only. */
    public boolean failed;
    /** Set by the watchdog to skip the client from the next cycle on, before the plan without it arrives. */
    private volatile boolean silenced;
    private final FloatBuffer[] outputs;
    /** The step's MIDI work, walked with its mixes and rewinds: inputs to merge, outputs to empty. */
    private final MidiBindings.FanIn[] midiFanIns;
    private final MidiBuffer[] midiOutputs;
    private long calls;

    Step(ClientNode client, ProcessCallback process, Mix[] mixes, FloatBuffer[] buffers, int[] upstream,
         FloatBuffer[] outputs, MidiBindings midi) {
        this.client = client;
        this.remote = client.isRemote();
        this.process = remote ? null : process;
        this.mixes = mixes;
        this.buffers = buffers;
        this.upstream = upstream;
        this.outputs = outputs;
        this.midiFanIns = midi.fanIns();
        this.midiOutputs = midi.outputs();
    }

    /**
     * Plan builder: its record in the shared graph, and the outputs it copies into slots for other processes:
     * audio {@code from} into {@code to}, MIDI {@code midiFrom} into {@code midiTo}; {@code slots} all of them.
     */
    void share(int record, FloatBuffer[] from, FloatBuffer[] to, MidiBuffer[] midiFrom, MidiBuffer[] midiTo, int[] slots) {
        this.record = record;
        this.exportFrom = from;
        this.exportTo = to;
        this.midiExportFrom = midiFrom;
        this.midiExportTo = midiTo;
        this.exportSlots = slots;
    }

    /**
     * Skips (or, with false, runs again) this client from the next cycle on: "silence it at once", which
     * a plan switch would do a period or two later. The watchdog's thread, or the engine's warm-up.
     */
    public void silence(boolean skip) {
        silenced = skip;
    }

    /** Realtime: the engine does not call this client: it threw, or the watchdog silenced it. */
    public boolean skipped() {
        return failed | silenced;
    }

    /** Realtime, allocation-free: a skipped client's outputs read as silence, not as its last period repeated. */
    public void silenceOutputs(int nframes) {
        for (FloatBuffer out : outputs) {
            for (int i = 0; i < nframes; i++) {
                out.put(i, 0f);
            }
        }
        for (MidiBuffer out : midiOutputs) {
            out.clear();
        }
    }

    public ClientNode client() {
        return client;
    }

    /**
     * Plan positions of the steps whose outputs this one reads: in JACK's terms it is TRIGGERED when the
     * last of them has FINISHED (at cycle start when there are none). For telemetry consumers; do not modify.
     */
    public int[] upstream() {
        return upstream;
    }

    /**
     * Realtime, allocation-free: sums (MIDI: merges) fan-in inputs, clears MIDI outputs and rewinds every
     * buffer the client will see.
     */
    public void prepare(int nframes) {
        prepare(nframes, 0);
    }

    /** Realtime, allocation-free: as {@link #prepare(int)}, shared sources mixed when valid for {@code cycle}. */
    public void prepare(int nframes, long cycle) {
        for (Mix mix : mixes) {
            mix.run(nframes, cycle);
        }
        for (MidiBindings.FanIn fanIn : midiFanIns) {
            fanIn.run(cycle);
        }
        for (MidiBuffer out : midiOutputs) {
            out.clear(); // a client that writes nothing sends nothing, not its last period again
        }
        for (FloatBuffer buffer : buffers) {
            buffer.clear().limit(nframes); // buffers hold the largest period; the callback sees this one's
        }
    }

    /**
     * Realtime: before the client's first call at a new period size or freewheel state, its callbacks (issue 20),
     * on this thread between its cycles as JACK calls them with the graph paused. Taken once per switch; what the
     * callbacks allocate is counted as the switch's.
     */
    public void tellSwitch(int nframes, boolean freewheel) {
        if (client.seenFrames() != nframes | client.seenFreewheel() != freewheel) {
            client.tellSwitch(nframes, freewheel);
        }
    }

    /** Realtime: the client's own work. */
    public void process(int nframes) {
        calls++;
        process.process(nframes);
    }

    /** Realtime, allocation-free: copies the outputs other processes read into their slots. */
    public void export(int nframes) {
        for (int e = 0; e < exportFrom.length; e++) {
            FloatBuffer from = exportFrom[e];
            FloatBuffer to = exportTo[e];
            for (int i = 0; i < nframes; i++) {
                to.put(i, from.get(i));
            }
        }
        for (int e = 0; e < midiExportFrom.length; e++) {
            midiExportTo[e].copyFrom(midiExportFrom[e]);
        }
    }

    /** The slots {@link #export} fills: a won finish publishes them. Do not modify. */
    public int[] exportSlots() {
        return exportSlots;
    }

    /** Its activation record in a plan over the shared graph; 0 in a plan without one. */
    public int record() {
        return record;
    }

    /** A client in its own process: the engine does not call it, the clients that feed it wake it. */
    public boolean isRemote() {
        return remote;
    }

    /**
     * How many times the engine has called this step's client (in this plan); engine thread writes, others may peek.
     */
    public long calls() {
        return calls;
    }
}
