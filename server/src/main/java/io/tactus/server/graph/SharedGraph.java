package io.tactus.server.graph;

import io.tactus.api.MidiBuffer;
import io.tactus.api.TactusException;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;

import java.nio.FloatBuffer;
import java.util.BitSet;
import java.util.concurrent.atomic.AtomicLongArray;

/**
 * The server's side of its one graph segment (docs/ipc-contract.md, "The shared graph"): who holds which
 * activation record and which port slot, which plan bank the next plan goes into, and how long the engine
 * waits for a client. Clients in other processes map the same segment and wake each other through it; the
 * engine starts each cycle and steps in for a late client. Trade-off: a fixed number of records and slots,
 * sized at start ({@link #RECORDS}, {@link #PORTS}), so that the segment never moves while clients map it.
 *
 * <p>Records and slots are handed out and taken back by control threads under the {@link Graph}'s lock;
 * the engine reads only what a plan built from them names, and counts timeouts per record.
 */
public final class SharedGraph implements AutoCloseable {

    /** Activation records: the engine's and one per client that takes part in a shared cycle. */
    public static final int RECORDS = 257;
    /** Port slots: every port of a client in its own process, and each output those clients read. */
    public static final int PORTS = 1024;
    /** A reserve that says: the cycle's deadline does not bound the wait, only the client timeout does. */
    public static final long NO_DEADLINE = -1;

    private final GraphSegment segment;
    private final GraphActivation activation;
    private final FloatBuffer[] views;
    private final MidiBuffer[] midiViews;
    private final BitSet records = new BitSet(RECORDS);
    private final BitSet slots = new BitSet(PORTS);
    private final long reserveNanos;
    private final long timeoutNanos;
    private final boolean async;
    /** The period the reserve and time-out were given for: the segment's at creation. */
    private final long basePeriodNanos;
    private final AtomicLongArray timeouts = new AtomicLongArray(RECORDS);
    private int bank;

    private SharedGraph(GraphSegment segment, Futex futex, long reserveNanos, long timeoutNanos, boolean async) {
        this.segment = segment;
        this.activation = new GraphActivation(segment, futex);
        this.views = new FloatBuffer[segment.layout().ports()];
        this.midiViews = new MidiBuffer[views.length];
        for (int p = 0; p < views.length; p++) {
            views[p] = segment.buffer(p);
            midiViews[p] = segment.midiBuffer(p);
        }
        this.reserveNanos = reserveNanos;
        this.timeoutNanos = timeoutNanos;
        this.async = async;
        this.basePeriodNanos = Math.max(1, segment.periodNanos());
        records.set(GraphLayout.ENGINE);
        // The engine's first timeout would otherwise link lazySet's VarHandle call site, and allocate, on the engine
        // thread in the middle of a run; linking is per call site, not per thread, so this thread takes it.
        timeouts.lazySet(GraphLayout.ENGINE, timeouts.get(GraphLayout.ENGINE));
    }

    /**
     * Wraps {@code segment} (created by the server, {@link GraphSegment#create}). A client is given up on at
     * {@code reserveNanos} before the cycle's deadline, but never sooner than that after its trigger, and
     * never later than {@code timeoutNanos} after it; {@code async}: the driver plays the previous cycle's
     * complete output, so the graph has a whole period.
     */
    public static SharedGraph over(GraphSegment segment, Futex futex, long reserveNanos, long timeoutNanos, boolean async) {
        return new SharedGraph(segment, futex, reserveNanos, timeoutNanos, async);
    }

    /** A segment of {@link #RECORDS} records and {@link #PORTS} slots of {@code nframes} floats. */
    public static GraphLayout layout(int nframes) {
        return GraphLayout.of(RECORDS, PORTS, nframes);
    }

    public GraphSegment segment() {
        return segment;
    }

    public GraphActivation activation() {
        return activation;
    }

    /** The view of slot {@code slot}, made once. */
    public FloatBuffer view(int slot) {
        return views[slot];
    }

    /** The MIDI view of slot {@code slot}, made once. */
    public MidiBuffer midiView(int slot) {
        return midiViews[slot];
    }

    public long reserveNanos() {
        return reserveNanos;
    }

    public long timeoutNanos() {
        return timeoutNanos;
    }

    /**
     * The reserve when the period is {@code periodNanos} (0: the period the segment was made for): it scales with
     * the period, as a quarter period stays a quarter period after a switch. Realtime, allocation-free.
     */
    public long reserveNanos(long periodNanos) {
        return reserveNanos == NO_DEADLINE || periodNanos <= 0 ? reserveNanos : reserveNanos * periodNanos / basePeriodNanos;
    }

    /**
     * The client time-out when the period is {@code periodNanos}: scaled too, unless it is a time limit of its own
     * (no deadline) or none at all. Realtime, allocation-free.
     */
    public long timeoutNanos(long periodNanos) {
        return reserveNanos == NO_DEADLINE || timeoutNanos == Long.MAX_VALUE || periodNanos <= 0 ? timeoutNanos
                : timeoutNanos * periodNanos / basePeriodNanos;
    }

    public boolean isAsync() {
        return async;
    }

    /** A free activation record for a client, or a sentence when all are taken. Control thread. */
    public synchronized int takeRecord() {
        int record = records.nextClearBit(1);
        if (record >= RECORDS) {
            throw new TactusException("the server's graph already holds " + (RECORDS - 1) + " clients, the most it can "
                    + "run together; close some first");
        }
        records.set(record);
        timeouts.set(record, 0);
        return record;
    }

    public synchronized void releaseRecord(int record) {
        if (record > GraphLayout.ENGINE) {
            records.clear(record);
        }
    }

    /** A free port slot, its owner word set to {@code owner}'s record, or a sentence when all are taken. */
    public synchronized int takeSlot(int owner) {
        int slot = slots.nextClearBit(0);
        if (slot >= PORTS) {
            throw new TactusException("the server's graph already holds " + PORTS + " shared ports, the most it has "
                    + "room for; close some clients first");
        }
        slots.set(slot);
        segment.setLongRelease(segment.layout().validOffset(slot), 0);
        segment.setIntRelease(segment.layout().ownerOffset(slot), owner);
        return slot;
    }

    public synchronized void releaseSlot(int slot) {
        if (slot >= 0) {
            slots.clear(slot);
        }
    }

    /** Whether a client holds {@code record}. */
    public synchronized boolean recordTaken(int record) {
        return records.get(record);
    }

    /** How many port slots are held. */
    public synchronized int slotsTaken() {
        return slots.cardinality();
    }

    /** The plan bank the next plan is written into: the one the engine is not using. Under the graph's lock. */
    int nextBank() {
        bank ^= 1;
        return bank;
    }

    /** Engine thread: one more cycle in which the server gave up on {@code record}'s client. */
    public void countTimeout(int record) {
        timeouts.lazySet(record, timeouts.get(record) + 1);
    }

    /** Cycles in which the server gave up on the client of {@code record} since it took the record. Any thread. */
    public long timeouts(int record) {
        return timeouts.get(record);
    }

    /** Deletes the segment's file; the engine must no longer run a plan over it (see {@link Graph#share}). */
    @Override
    public void close() {
        segment.close();
    }
}
