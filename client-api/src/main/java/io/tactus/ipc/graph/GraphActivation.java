package io.tactus.ipc.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.midi.MidiMerge;

import static io.tactus.ipc.graph.GraphLayout.CYCLE_OFFSET;
import static io.tactus.ipc.graph.GraphLayout.ENGINE;
import static io.tactus.ipc.graph.GraphLayout.MAX_SUCCESSORS;
import static io.tactus.ipc.graph.GraphLayout.PLAN_BANK_OFFSET;

import io.tactus.rt.Futex;
import java.nio.FloatBuffer;

/**
 * The cycle protocol of the shared graph, the same code on every side: the engine
 * {@link #startCycle starts} a cycle (counts reset, first wave triggered); a client that
 * {@link #finish finishes} marks its outputs valid and counts down the clients it feeds, waking those
 * that reach zero; the server {@link #stepIn steps in} for a late client the same way, its outputs left
 * invalid so that readers {@link #mix} silence for them. The successors are read from the plan bank the
 * engine chose for the cycle, in shared memory, so a client in another process (or in C) follows the
 * graph without a message per change. Trade-off: each client reads its inputs where their sources
 * wrote them, so a source that is given up on but still running may be writing a buffer nobody reads
 * this cycle; the valid word, published only by a won finish, is what keeps its half-written samples out.
 *
 * <p>Realtime: every method but the constructor allocates nothing, takes no lock and makes no system
 * call but a FUTEX_WAKE per triggered client.
 */
public final class GraphActivation {

    private final GraphSegment segment;
    private final GraphLayout layout;
    private final ActivationRecord[] records;

    public GraphActivation(GraphSegment segment, Futex futex) {
        this.segment = segment;
        this.layout = segment.layout();
        this.records = new ActivationRecord[layout.records()];
        for (int r = 0; r < records.length; r++) {
            records[r] = new ActivationRecord(segment, futex, r);
        }
    }

    public GraphSegment segment() {
        return segment;
    }

    public ActivationRecord record(int record) {
        return records[record];
    }

    /** The cycle the engine started last (acquire). */
    public long cycle() {
        return segment.getLongAcquire(CYCLE_OFFSET);
    }

    /** The plan bank the running cycle follows (acquire). */
    public int planBank() {
        return segment.getIntAcquire(PLAN_BANK_OFFSET);
    }

    /**
     * Engine, at cycle start, with {@code bank} written by {@link ActivationPlan#writeTo}: publishes the
     * cycle and bank, resets every active record to its feeders and triggers the first wave. Realtime.
     * Returns the engine's own count: 0 means the graph has no clients and the cycle is complete.
     */
    public int startCycle(long cycle, int bank, long nowNanos) {
        resetCycle(cycle, bank);
        return triggerFirstWave(cycle, bank, nowNanos);
    }

    /**
     * The first half of {@link #startCycle}: the cycle and bank published, every active record reset to its
     * feeders, nobody triggered yet; the engine may step in for a client here (one still busy with an
     * earlier cycle) before {@link #triggerFirstWave}. Realtime.
     */
    public void resetCycle(long cycle, int bank) {
        segment.setIntRelease(PLAN_BANK_OFFSET, bank);
        segment.setLongRelease(CYCLE_OFFSET, cycle);
        for (int r = 0; r < records.length; r++) {
            int feeders = segment.getIntAcquire(layout.feedersOffset(r, bank));
            if (feeders != ActivationPlan.INACTIVE) {
                records[r].reset(cycle, feeders);
            }
        }
    }

    /**
     * The second half of {@link #startCycle}: triggers every client whose feeders are 0 (one timed out
     * already loses its trigger). Realtime. Returns the engine's own count, 0 for a graph without clients.
     */
    public int triggerFirstWave(long cycle, int bank, long nowNanos) {
        for (int r = ENGINE + 1; r < records.length; r++) {
            if (segment.getIntAcquire(layout.feedersOffset(r, bank)) == 0) {
                records[r].trigger(cycle, nowNanos);
            }
        }
        return segment.getIntAcquire(layout.feedersOffset(ENGINE, bank));
    }

    /**
     * A client done with {@code cycle}: RUNNING → FINISHED, then each of {@code outputs} (its output ports)
     * valid for the cycle, then its successors counted down. Realtime. Returns false, having published and
     * signalled nothing, when the server had timed it out.
     */
    public boolean finish(int record, long cycle, long nowNanos, int[] outputs) {
        if (!records[record].finish(cycle, nowNanos)) {
            return false;
        }
        for (int port : outputs) {
            publish(port, cycle);
        }
        signalSuccessors(record, cycle, nowNanos);
        return true;
    }

    /**
     * The server, at {@code record}'s deadline: times it out and, if that won the race with its finish,
     * counts its successors down in its place. Its outputs stay invalid: readers mix silence for them.
     * Realtime. Returns whether it stepped in.
     */
    public boolean stepIn(int record, long cycle, long nowNanos) {
        if (!records[record].timeOut(cycle)) {
            return false;
        }
        signalSuccessors(record, cycle, nowNanos);
        return true;
    }

    /**
     * Counts down every successor of {@code record} in the cycle's plan bank and triggers each that reaches
     * zero. Realtime. A corrupt bank (a count or index out of range) is clipped, never followed.
     */
    void signalSuccessors(int record, long cycle, long nowNanos) {
        int bank = planBank() & 1;
        int count = Math.min(segment.getIntAcquire(layout.successorCountOffset(record, bank)), MAX_SUCCESSORS);
        for (int i = 0; i < count; i++) {
            int successor = segment.getIntAcquire(layout.successorOffset(record, bank, i));
            if (successor >= 0 && successor < records.length && successor != record
                    && records[successor].decrement(cycle)) {
                records[successor].trigger(cycle, nowNanos);
            }
        }
    }

    /** Marks output port {@code port} as holding {@code cycle}'s samples (release). Realtime. */
    public void publish(int port, long cycle) {
        segment.setLongRelease(layout.validOffset(port), cycle);
    }

    /** Whether port {@code port} holds {@code cycle}'s samples (acquire). Realtime. */
    public boolean isValid(int port, long cycle) {
        return segment.getLongAcquire(layout.validOffset(port)) == cycle;
    }

    /**
     * A plan bank's entry for the source of a feedback connection: the port's index complemented, so negative (a
     * reader that does not know the sign skips it, silence rather than a period early). Its reader mixes the port
     * as the cycle before left it: it runs before the port's writer.
     */
    public static int delayed(int port) {
        return ~port;
    }

    /** The port a plan bank's source entry names, delayed or not. */
    public static int port(int source) {
        return source < 0 ? ~source : source;
    }

    /**
     * Whether a plan bank's source entry holds what its reader mixes in {@code cycle}: that cycle's samples, or for
     * a {@link #delayed} entry the cycle before's (acquire). Realtime.
     */
    public boolean isValidSource(int source, long cycle) {
        return source < 0 ? isValid(~source, cycle - 1) : isValid(source, cycle);
    }

    /**
     * A reader's mix of its input port {@code input} in {@code cycle}: the sources the cycle's plan bank
     * lists for it (clipped to {@link GraphLayout#MAX_SOURCES}, indices out of range ignored), each mixed
     * only if valid for the cycle (a {@link #delayed} one: for the cycle before), into {@code into}. Realtime: {@code views[p]} is the view of port p,
     * made once for every port by {@link GraphSegment#buffer}.
     */
    public void mixInput(int input, long cycle, FloatBuffer[] views, FloatBuffer into, int nframes) {
        int bank = planBank() & 1;
        int count = Math.min(segment.getIntAcquire(layout.sourceCountOffset(input, bank)), GraphLayout.MAX_SOURCES);
        boolean first = true;
        for (int i = 0; i < count; i++) {
            int source = segment.getIntAcquire(layout.sourceOffset(input, bank, i));
            int port = port(source);
            if (port >= views.length || port == input || !isValidSource(source, cycle)) {
                continue;
            }
            add(views[port], into, nframes, first);
            first = false;
        }
        if (first) {
            silence(into, nframes);
        }
    }

    /**
     * The MIDI counterpart of {@link #mixInput}: the events of the sources the cycle's plan bank lists for
     * MIDI input port {@code input}, each only if valid for the cycle, merged in frame order by {@code merge}
     * (made with {@link MidiMerge#ofShared}, its target the input's buffer). Realtime: {@code views[p]} is
     * the MIDI view of port p, made once for every port by {@link GraphSegment#midiBuffer}.
     */
    public void mergeMidiInput(int input, long cycle, MidiBuffer[] views, MidiMerge merge) {
        int bank = planBank() & 1;
        int count = Math.min(segment.getIntAcquire(layout.sourceCountOffset(input, bank)), GraphLayout.MAX_SOURCES);
        merge.reset();
        for (int i = 0; i < count; i++) {
            int source = segment.getIntAcquire(layout.sourceOffset(input, bank, i));
            int port = port(source);
            if (port < views.length && port != input && isValidSource(source, cycle)) {
                merge.addSnapshot(views[port]);
            }
        }
        merge.merge();
    }

    /**
     * The reader's mix of one input: the sum of the first {@code nframes} samples of every source port
     * valid for {@code cycle}, into {@code into} (absolute puts; silence when none is valid). Realtime:
     * {@code buffers[i]} is the view of port {@code sources[i]}, made once by {@link GraphSegment#buffer}.
     */
    public void mix(long cycle, int[] sources, FloatBuffer[] buffers, FloatBuffer into, int nframes) {
        boolean first = true;
        for (int i = 0; i < sources.length; i++) {
            if (!isValid(sources[i], cycle)) {
                continue;
            }
            add(buffers[i], into, nframes, first);
            first = false;
        }
        if (first) {
            silence(into, nframes);
        }
    }

    private static void add(FloatBuffer source, FloatBuffer into, int nframes, boolean first) {
        for (int f = 0; f < nframes; f++) {
            into.put(f, first ? source.get(f) : into.get(f) + source.get(f));
        }
    }

    private static void silence(FloatBuffer into, int nframes) {
        for (int f = 0; f < nframes; f++) {
            into.put(f, 0f);
        }
    }
}
