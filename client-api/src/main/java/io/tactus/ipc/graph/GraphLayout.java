package io.tactus.ipc.graph;

/**
 * Where everything lives in a {@link GraphSegment}, the one segment per server that holds every client's
 * activation record and every output port's buffer (docs/ipc-contract.md, "The shared graph"). Record 0
 * is the engine (the driver's end of the graph); clients are records 1..n. Words written by different
 * processes sit on different 64-byte cache lines: the line a client's predecessors write (activation,
 * signal, triggered) is apart from the line the client writes (state, started, finished), at the cost of
 * 512 bytes per record. A port slot holds either nframes samples or a MIDI buffer, so it is as large as the
 * larger of the two ({@link #MIDI_BYTES}, 4 KiB: the price of MIDI in any slot is 4 MiB of the segment). The
 * layout is a pure function of (records, ports, nframes), recorded in the header, so the side that opens the
 * file rebuilds it from the file alone.
 *
 * <pre>
 * header     0  magic "TGRF" | 4 version | 8 size (long) | 16 records | 20 ports | 24 slot frames (the
 *               largest period a slot holds) | 28 max successors | 32 period ns (long) | 40 creator pid (long)
 *               | 48 period frames (int, engine: this cycle's nframes) | 52 freewheel (int, engine: 1 while
 *               freewheeling) | up to 64 reserved
 *           64  cycle (long, engine) | 72 plan bank (int, engine) | up to 128 reserved
 *          128  clock stamp, bank b = cycle &amp; 1 at 128 + 64b (engine, each a sequence lock): +0 sequence (long,
 *               odd while written) | +8 cycle (long, the graph cycle it is for) | +16 first frame (long)
 *               | +24 cycle start ns | +32 next cycle start ns (CLOCK_MONOTONIC) | +40 period frames (int,
 *               the stamped cycle's nframes; the header's at creation) | up to 64 reserved
 *          256  transport, bank b = cycle &amp; 1 at 256 + 128b (engine, each a sequence lock): +0 sequence (long)
 *               | +8 cycle (long) | +16 state (int) | +20 frame rate (int) | +24 frame (long) | +32 micros (long)
 *               | +40 BBT valid (int) | +44 bar | +48 beat | +52 tick | +56 bar start tick (double)
 *               | +64 beats per bar (float) | +68 beat type (float) | +72 ticks per beat (double)
 *               | +80 beats per minute (double) | +88 timebase master's record (int, 0: none in a process
 *               of its own) | up to 128 reserved
 * record r  512 + 512r:
 *               +0 activation (long: cycle &lt;&lt; 32 | count) | +8 signal (int, futex) | +16 triggered (long)
 *              +64 state (long: cycle &lt;&lt; 32 | state) | +72 started (long) | +80 finished (long)
 *             +128 plan bank 0: +0 feeders (int) | +4 successor count (int) | +8 successors (int x 30)
 *             +256 plan bank 1: the same
 *             +384 the client's transport answers ({@link RecordTransport}, written by the client): +0 sync
 *                  answer (long: cycle &lt;&lt; 1 | ready) | +8 the frame it answers for (long) | +16 timebase
 *                  sequence (long) | +24 the frame the BBT is for (long) | +32 BBT valid, bar, beat, tick (ints)
 *                  | +48 bar start tick (double) | +56 beats per bar, beat type (floats) | +64 ticks per beat
 *                  | +72 beats per minute (doubles) | up to 128 reserved
 * port p    portsStart + p * portStride:
 *               +0 valid cycle (long) | +8 owner record (int)
 *              +64 sources bank 0 (an input's): +0 count (int) | +4 source ports (int x 15)
 *             +128 sources bank 1: the same
 *             +192 the data: nframes floats (audio) or a {@link io.tactus.api.MidiBuffer} block (MIDI), of
 *                  max(nframes x 4, {@link #MIDI_BYTES}) bytes, zero padding to 64
 * </pre>
 * Offsets are bytes from the start of the segment; native byte order (little-endian on every supported
 * architecture); ints 4-byte, longs 8-byte and every record, plan bank and port 64-byte aligned.
 */
public final class GraphLayout {

    /** The first word: the bytes "TGRF" in little-endian order. */
    public static final int MAGIC = 0x4652_4754;
    /**
     * Version 4 of the segment protocol: 3 (2 with the clock stamp, the transport and MIDI-sized slots) with the
     * period size apart from the slots' size, so that it can change at run time, the freewheel word, a clock and
     * transport bank per cycle parity, and each client's transport answers in its record (version 1: one segment
     * per client, {@code SegmentLayout}).
     */
    public static final int VERSION = 5;
    public static final int CACHE_LINE = 64;
    /** The engine's own record: the clients that feed the driver decrement its count. */
    public static final int ENGINE = 0;
    /** Successors one record's plan bank holds. */
    public static final int MAX_SUCCESSORS = 30;
    public static final int BANKS = 2;

    public static final int MAGIC_OFFSET = 0;
    public static final int VERSION_OFFSET = 4;
    public static final int SIZE_OFFSET = 8;
    public static final int RECORDS_OFFSET = 16;
    public static final int PORTS_OFFSET = 20;
    public static final int NFRAMES_OFFSET = 24;
    public static final int MAX_SUCCESSORS_OFFSET = 28;
    public static final int PERIOD_OFFSET = 32;
    public static final int CREATOR_PID_OFFSET = 40;
    /** The current period's nframes (at most the slots' frames), written by the engine at a cycle start. */
    public static final int PERIOD_FRAMES_OFFSET = 48;
    /** 1 while the engine freewheels, written by the engine at a cycle start. */
    public static final int FREEWHEEL_OFFSET = 52;
    public static final int CYCLE_OFFSET = 64;
    public static final int PLAN_BANK_OFFSET = 72;
    /** The clock stamp's bank 0; bank 1 follows it, one line each. */
    public static final int CLOCK_OFFSET = 2 * CACHE_LINE;
    public static final int CLOCK_BANK_BYTES = CACHE_LINE;
    /** Within a clock bank: the stamped cycle's nframes, written with the stamp under its sequence word. */
    public static final int CLOCK_PERIOD_FRAMES = 40;
    /** The transport's bank 0; bank 1 follows it, two lines each. */
    public static final int TRANSPORT_OFFSET = 4 * CACHE_LINE;
    public static final int TRANSPORT_BANK_BYTES = 2 * CACHE_LINE;
    public static final int HEADER_BYTES = 8 * CACHE_LINE;
    /** The bytes of a MIDI port's buffer in a slot: {@link io.tactus.api.MidiBuffer#DEFAULT_CAPACITY}. */
    public static final int MIDI_BYTES = io.tactus.api.MidiBuffer.DEFAULT_CAPACITY;

    public static final int RECORD_BYTES = 8 * CACHE_LINE;
    static final int ACTIVATION = 0;
    static final int SIGNAL = 8;
    static final int TRIGGERED = 16;
    static final int STATE = CACHE_LINE;
    static final int STARTED = CACHE_LINE + 8;
    static final int FINISHED = CACHE_LINE + 16;
    static final int BANK = 2 * CACHE_LINE;
    static final int BANK_BYTES = 2 * CACHE_LINE;
    static final int TRANSPORT_ANSWERS = 6 * CACHE_LINE;
    static final int FEEDERS = 0;
    static final int SUCCESSOR_COUNT = 4;
    static final int SUCCESSORS = 8;

    /** Sources one input port's bank holds: the outputs mixed into it. */
    public static final int MAX_SOURCES = 15;
    public static final int PORT_HEADER_BYTES = 3 * CACHE_LINE;
    static final int VALID = 0;
    static final int OWNER = 8;
    static final int SOURCES = CACHE_LINE;

    private final int records;
    private final int ports;
    private final int nframes;
    private final int portStride;
    private final int portsStart;
    private final int size;

    private GraphLayout(int records, int ports, int nframes, int portStride, int portsStart, int size) {
        this.records = records;
        this.ports = ports;
        this.nframes = nframes;
        this.portStride = portStride;
        this.portsStart = portsStart;
        this.size = size;
    }

    /**
     * The layout for {@code records} activation records (the engine's included) and {@code ports} output
     * port buffers of {@code nframes} floats.
     *
     * @throws IllegalArgumentException for fewer than one record, negative ports, nframes below 1, or 2 GiB
     */
    public static GraphLayout of(int records, int ports, int nframes) {
        if (records < 1 || ports < 0 || nframes < 1) {
            throw new IllegalArgumentException("A graph layout needs records >= 1 (the engine's), ports >= 0 and "
                    + "nframes >= 1, not " + records + ", " + ports + " and " + nframes + ".");
        }
        long portStride = PORT_HEADER_BYTES + alignUp(Math.max((long) nframes * Float.BYTES, MIDI_BYTES));
        long portsStart = HEADER_BYTES + (long) records * RECORD_BYTES;
        long size = portsStart + ports * portStride;
        if (size > Integer.MAX_VALUE) {
            throw new IllegalArgumentException("A graph of " + records + " records and " + ports + " ports of "
                    + nframes + " frames would need " + size + " bytes, more than a mapping can hold (2 GiB).");
        }
        return new GraphLayout(records, ports, nframes, (int) portStride, (int) portsStart, (int) size);
    }

    public int records() {
        return records;
    }

    public int ports() {
        return ports;
    }

    /**
     * The frames a port slot holds: the largest period the server can switch to. The period running now is the
     * header's {@link GraphSegment#periodFrames()}.
     */
    public int nframes() {
        return nframes;
    }

    public int size() {
        return size;
    }

    public int recordOffset(int record) {
        return HEADER_BYTES + checkRecord(record) * RECORD_BYTES;
    }

    /** The 64-bit activation word: the cycle in the high half, the count still to finish in the low. */
    public int activationOffset(int record) {
        return recordOffset(record) + ACTIVATION;
    }

    /** The 32-bit futex word: a generation, incremented once by whoever triggers the record. */
    public int signalOffset(int record) {
        return recordOffset(record) + SIGNAL;
    }

    public int triggeredOffset(int record) {
        return recordOffset(record) + TRIGGERED;
    }

    /** The 64-bit state word: the cycle in the high half, a {@link ClientState} code in the low. */
    public int stateOffset(int record) {
        return recordOffset(record) + STATE;
    }

    public int startedOffset(int record) {
        return recordOffset(record) + STARTED;
    }

    public int finishedOffset(int record) {
        return recordOffset(record) + FINISHED;
    }

    /** The start of the record's transport answers, which its client writes ({@link RecordTransport}). */
    public int transportAnswersOffset(int record) {
        return recordOffset(record) + TRANSPORT_ANSWERS;
    }

    /** The clock stamp of cycles of parity {@code bank}. */
    public static int clockOffset(int bank) {
        return CLOCK_OFFSET + checkBank(bank) * CLOCK_BANK_BYTES;
    }

    /** The transport of cycles of parity {@code bank}. */
    public static int transportOffset(int bank) {
        return TRANSPORT_OFFSET + checkBank(bank) * TRANSPORT_BANK_BYTES;
    }

    public int feedersOffset(int record, int bank) {
        return bankOffset(record, bank) + FEEDERS;
    }

    public int successorCountOffset(int record, int bank) {
        return bankOffset(record, bank) + SUCCESSOR_COUNT;
    }

    public int successorOffset(int record, int bank, int index) {
        if (index < 0 || index >= MAX_SUCCESSORS) {
            throw new IllegalArgumentException("A plan bank holds successors 0.." + (MAX_SUCCESSORS - 1) + ", not " + index + ".");
        }
        return bankOffset(record, bank) + SUCCESSORS + index * Integer.BYTES;
    }

    public int portOffset(int port) {
        if (port < 0 || port >= ports) {
            throw new IllegalArgumentException("Port " + port + " is outside 0.." + (ports - 1) + ".");
        }
        return portsStart + port * portStride;
    }

    /** The 64-bit word holding the cycle whose output the buffer holds; readers mix only the current cycle's. */
    public int validOffset(int port) {
        return portOffset(port) + VALID;
    }

    public int ownerOffset(int port) {
        return portOffset(port) + OWNER;
    }

    /** An input port's number of sources in plan bank {@code bank}. */
    public int sourceCountOffset(int port, int bank) {
        return sourcesOffset(port, bank);
    }

    /** The {@code index}th source (an output port index) of input port {@code port} in plan bank {@code bank}. */
    public int sourceOffset(int port, int bank, int index) {
        if (index < 0 || index >= MAX_SOURCES) {
            throw new IllegalArgumentException("A port's bank holds sources 0.." + (MAX_SOURCES - 1) + ", not " + index + ".");
        }
        return sourcesOffset(port, bank) + Integer.BYTES * (1 + index);
    }

    private int sourcesOffset(int port, int bank) {
        if (bank < 0 || bank >= BANKS) {
            throw new IllegalArgumentException("The plan bank is 0 or 1, not " + bank + ".");
        }
        return portOffset(port) + SOURCES + bank * CACHE_LINE;
    }

    /** The first float of port {@code port}'s buffer, or the start of its MIDI block (64-byte aligned). */
    public int bufferOffset(int port) {
        return portOffset(port) + PORT_HEADER_BYTES;
    }

    /** The bytes of a slot's data: room for nframes floats and for a MIDI block. */
    public int dataBytes() {
        return portStride - PORT_HEADER_BYTES;
    }

    private int bankOffset(int record, int bank) {
        if (bank < 0 || bank >= BANKS) {
            throw new IllegalArgumentException("The plan bank is 0 or 1, not " + bank + ".");
        }
        return recordOffset(record) + BANK + bank * BANK_BYTES;
    }

    private static int checkBank(int bank) {
        if (bank < 0 || bank >= BANKS) {
            throw new IllegalArgumentException("The bank is 0 or 1, not " + bank + ".");
        }
        return bank;
    }

    private int checkRecord(int record) {
        if (record < 0 || record >= records) {
            throw new IllegalArgumentException("Record " + record + " is outside 0.." + (records - 1) + ".");
        }
        return record;
    }

    private static long alignUp(long bytes) {
        return (bytes + CACHE_LINE - 1) & -CACHE_LINE;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof GraphLayout that && records == that.records && ports == that.ports
                && nframes == that.nframes;
    }

    @Override
    public int hashCode() {
        return (records * 31 + ports) * 31 + nframes;
    }

    @Override
    public String toString() {
        return "GraphLayout[records=" + records + ", ports=" + ports + ", nframes=" + nframes + ", size=" + size + "]";
    }
}
