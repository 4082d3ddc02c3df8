package io.tactus.server.graph;

import io.tactus.api.ProcessCallback;

import java.nio.FloatBuffer;

/**
 * One client's place in an execution plan: the mixes that feed its inputs, the buffers to rewind before
 * it runs, its MIDI merges and outputs, and its process callback. Immutable.
 */
public final class Step {

    private final ClientNode client;
    private final ProcessCallback process;
    /** The same callback when it can time out on its own (an out-of-process client), else null. */
    private final TimedProcess timed;
    private final Mix[] mixes;
    private final FloatBuffer[] buffers;
    private final int[] upstream;

    /** Set by the engine when the process callback threw; engine thread only. */
    public boolean failed;
    /** Set by the watchdog to skip the client from the next cycle on, before the plan without it arrives. */
    private volatile boolean silenced;
    private final FloatBuffer[] outputs;
    private final MidiBindings midi;
    private long calls;
    /** For the first of a run of independent out-of-process clients: the others of the run, woken with it. */
    private Step[] wave;

    Step(ClientNode client, ProcessCallback process, Mix[] mixes, FloatBuffer[] buffers, int[] upstream,
         FloatBuffer[] outputs, MidiBindings midi) {
        this.client = client;
        this.process = process;
        this.timed = process instanceof TimedProcess t ? t : null;
        this.mixes = mixes;
        this.buffers = buffers;
        this.upstream = upstream;
        this.outputs = outputs;
        this.midi = midi;
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
        midi.clearOutputs();
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
        for (Mix mix : mixes) {
            mix.run(nframes);
        }
        midi.prepare();
        for (FloatBuffer buffer : buffers) {
            buffer.clear();
        }
    }

    /** Realtime: the client's own work. */
    public void process(int nframes) {
        calls++;
        if (wave != null) {
            for (Step member : wave) {
                if (!member.skipped()) {
                    member.prepare(nframes);
                    member.timed.trigger(nframes);
                }
            }
        }
        process.process(nframes);
    }

    /** Plan builder: the later steps of this one's wave (independent out-of-process clients). */
    void wakeWith(Step[] members) {
        this.wave = members.length == 0 ? null : members;
    }

    /** An out-of-process client: its call waits on a futex, bounded by its own time limit. */
    public boolean isRemote() {
        return timed != null;
    }

    /**
     * How many times the engine has called this step's client (in this plan); engine thread writes, others may peek.
     */
    public long calls() {
        return calls;
    }

    /** Realtime: see {@link TimedProcess#ownStart}; only for an out-of-process client. */
    public long ownStart() {
        return timed.ownStart();
    }

    /** Realtime: see {@link TimedProcess#ownNanos}; only for an out-of-process client. */
    public long ownNanos() {
        return timed.ownNanos();
    }

    /** Realtime: the last {@link #process} call gave up on an out-of-process client; never for an in-process one. */
    public boolean timedOut() {
        return timed != null && timed.timedOut();
    }
}
