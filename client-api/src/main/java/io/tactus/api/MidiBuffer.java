package io.tactus.api;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * One period's MIDI events of a port (JACK's "8 bit raw midi" buffer): each event a frame offset within
 * the period and 1 to N bytes, in frame order. The storage is one fixed block of bytes, preallocated, so
 * reading and writing never allocate; the price is a fixed capacity per period: a write that does not fit
 * fails and counts a lost event ({@code jack_midi_get_lost_event_count}), it never grows the buffer. The
 * block is a direct native-order {@link ByteBuffer}, the kind a shared-memory transport maps, so the same
 * layout can later live in a segment.
 *
 * <pre>
 *  0  int  count      events this period
 *  4  int  lost       writes refused this period (no room, or earlier than the last event)
 *  8  long reserved
 * 16  count x { int frame, int size, int dataOffset }   the event table, growing forwards
 * ... free ...
 *     event data, growing backwards from the end: the last event's dataOffset is where it begins
 * </pre>
 * Count and lost share one 64-bit word, so {@link #clear()} is a single store: the engine empties every MIDI
 * output each period.
 *
 * <p>Events must be written in frame order, as JACK requires: a write at a frame earlier than the last
 * event's is refused and counted lost. An input port's buffer is a read-only view of its source's (or of
 * the merge of its sources'). Every method is allocation-free and may be called from the process callback.
 */
public final class MidiBuffer {

    /** Bytes per port and period: room for 272 three-byte events. */
    public static final int DEFAULT_CAPACITY = 4096;

    static final int HEADER = 16;
    static final int ENTRY = 12;
    private static final int COUNT = 0;
    private static final int LOST = 4;

    private final ByteBuffer block;
    private final int nframes;
    private final boolean readOnly;

    private MidiBuffer(ByteBuffer block, int nframes, boolean readOnly) {
        if (block.capacity() < HEADER + ENTRY + 1) {
            throw new IllegalArgumentException("a MIDI buffer needs at least " + (HEADER + ENTRY + 1) + " bytes, not "
                    + block.capacity());
        }
        this.block = block;
        this.nframes = nframes;
        this.readOnly = readOnly;
    }

    /** A cleared buffer of {@code capacity} bytes for periods of {@code nframes} frames. */
    public static MidiBuffer allocate(int capacity, int nframes) {
        return new MidiBuffer(ByteBuffer.allocateDirect(capacity).order(ByteOrder.nativeOrder()), nframes, false);
    }

    /** A buffer over {@code block} (a native-order block laid out as above, e.g. a slice of a shared segment). */
    public static MidiBuffer wrap(ByteBuffer block, int nframes) {
        return new MidiBuffer(block.duplicate().order(ByteOrder.nativeOrder()), nframes, false);
    }

    /** The same events, seen read-only: what an input port bound to this buffer reads. */
    public MidiBuffer readOnlyView() {
        return new MidiBuffer(block.duplicate().order(ByteOrder.nativeOrder()), nframes, true);
    }

    /** Frames per period: every event's offset is below it. */
    public int nframes() {
        return nframes;
    }

    /** The block's size in bytes, header and table included. */
    public int capacity() {
        return block.capacity();
    }

    /** Events this period. */
    public int eventCount() {
        return block.getInt(COUNT);
    }

    /**
     * How many events, from the first, are whole: count, table entry, frame and bytes all inside the block and
     * the period. Equal to {@link #eventCount()} for any buffer this class wrote; less for one another process
     * wrote badly (a reader of a shared slot reads only these). Allocation-free.
     */
    public int intactEvents() {
        int count = block.getInt(COUNT);
        int tableEnd = HEADER + count * ENTRY;
        if (count <= 0 || count > (block.capacity() - HEADER) / ENTRY) {
            return 0;
        }
        for (int i = 0; i < count; i++) {
            int at = HEADER + i * ENTRY;
            int frame = block.getInt(at);
            int size = block.getInt(at + 4);
            int offset = block.getInt(at + 8);
            if (frame < 0 || frame >= nframes || size < 1 || offset < tableEnd || offset > block.capacity() - size) {
                return i;
            }
        }
        return count;
    }

    /**
     * Makes this buffer a snapshot of {@code source}'s block as it is now (header, table and data, the lengths
     * clipped to this block): what a reader does with a buffer another process may be writing, so that what it
     * then reads cannot change under it; {@link #intactEvents()} tells how much of the snapshot is whole. Both
     * blocks have the same capacity (the table's offsets are the source's). Allocation-free.
     */
    public void copyFrom(MidiBuffer source) {
        requireWritable();
        int capacity = block.capacity();
        if (source.block.capacity() != capacity) {
            throw new IllegalArgumentException("a snapshot of a MIDI buffer of " + source.block.capacity()
                    + " bytes needs a buffer of as many, not " + capacity);
        }
        block.put(0, source.block, 0, HEADER);
        int count = Math.max(0, Math.min(block.getInt(COUNT), (capacity - HEADER) / ENTRY));
        block.put(HEADER, source.block, HEADER, count * ENTRY);
        int data = Math.max(0, Math.min(dataBytes(count), capacity - HEADER - count * ENTRY));
        block.put(capacity - data, source.block, capacity - data, data);
        block.putInt(COUNT, count);
    }

    /** Writes refused this period because they did not fit or came out of frame order. */
    public int lostEvents() {
        return block.getInt(LOST);
    }

    /** The largest event the next write can hold (JACK's {@code jack_midi_max_event_size}). */
    public int maxEventSize() {
        return Math.max(0, free() - ENTRY);
    }

    /** Frame offset of event {@code index}. */
    public int frame(int index) {
        return block.getInt(entry(index));
    }

    /** Byte count of event {@code index}. */
    public int size(int index) {
        return block.getInt(entry(index) + 4);
    }

    /** Byte {@code byteIndex} of event {@code index}, 0 to 255. */
    public int get(int index, int byteIndex) {
        int at = entry(index);
        if (byteIndex < 0 || byteIndex >= block.getInt(at + 4)) {
            throw new IndexOutOfBoundsException("byte " + byteIndex + " of an event of " + block.getInt(at + 4) + " bytes");
        }
        return block.get(block.getInt(at + 8) + byteIndex) & 0xff;
    }

    /** Copies event {@code index} into {@code holder}. */
    public void read(int index, MidiEvent holder) {
        int at = entry(index);
        int size = block.getInt(at + 4);
        if (size > holder.maxSize()) {
            throw new IllegalArgumentException("an event of " + size + " bytes does not fit a holder of "
                    + holder.maxSize());
        }
        block.get(block.getInt(at + 8), holder.data(), 0, size);
        holder.set(block.getInt(at), size);
    }

    /** Empties the buffer and its lost count (JACK's {@code jack_midi_clear_buffer}): one store. */
    public void clear() {
        requireWritable();
        block.putLong(COUNT, 0L);
    }

    /**
     * Makes room for an event of {@code size} bytes at {@code frame} and returns its index, whose bytes
     * {@link #set} fills; -1 (and one lost event) when it does not fit or comes before the last event.
     */
    public int reserve(int frame, int size) {
        requireWritable();
        if (frame < 0 || frame >= nframes) {
            throw new IllegalArgumentException("a MIDI event at frame " + frame + " is outside the period of "
                    + nframes + " frames (0 to " + (nframes - 1) + ")");
        }
        if (size < 1) {
            throw new IllegalArgumentException("a MIDI event has at least 1 byte, not " + size);
        }
        int count = block.getInt(COUNT);
        if (ENTRY + size > free() || count > 0 && frame < frame(count - 1)) {
            block.putInt(LOST, block.getInt(LOST) + 1);
            return -1;
        }
        int offset = block.capacity() - dataBytes(count) - size;
        int at = HEADER + count * ENTRY;
        block.putInt(at, frame).putInt(at + 4, size).putInt(at + 8, offset);
        block.putInt(COUNT, count + 1);
        return count;
    }

    /** Sets byte {@code byteIndex} of a reserved event. */
    public void set(int index, int byteIndex, int value) {
        requireWritable();
        int at = entry(index);
        if (byteIndex < 0 || byteIndex >= block.getInt(at + 4)) {
            throw new IndexOutOfBoundsException("byte " + byteIndex + " of an event of " + block.getInt(at + 4) + " bytes");
        }
        block.put(block.getInt(at + 8) + byteIndex, (byte) value);
    }

    /** Writes {@code length} bytes of {@code data} at {@code frame}; false (one lost event) when refused. */
    public boolean write(int frame, byte[] data, int offset, int length) {
        int index = reserve(frame, length);
        if (index < 0) {
            return false;
        }
        block.put(block.getInt(entry(index) + 8), data, offset, length);
        return true;
    }

    /** Writes a three-byte message (note on, note off, controller...) at {@code frame}; false when refused. */
    public boolean write(int frame, int status, int data1, int data2) {
        int index = reserve(frame, 3);
        if (index < 0) {
            return false;
        }
        int offset = block.getInt(entry(index) + 8);
        block.put(offset, (byte) status).put(offset + 1, (byte) data1).put(offset + 2, (byte) data2);
        return true;
    }

    /** Appends event {@code index} of {@code source} at its own frame; false (one lost event) when refused. */
    public boolean append(MidiBuffer source, int index) {
        int size = source.size(index);
        int mine = reserve(source.frame(index), size);
        if (mine < 0) {
            return false;
        }
        block.put(block.getInt(entry(mine) + 8), source.block, source.block.getInt(source.entry(index) + 8), size);
        return true;
    }

    private int free() {
        int count = block.getInt(COUNT);
        return block.capacity() - HEADER - count * ENTRY - dataBytes(count);
    }

    /** Bytes of event data of the first {@code count} events: from the last one's start to the end of the block. */
    private int dataBytes(int count) {
        return count == 0 ? 0 : block.capacity() - block.getInt(HEADER + (count - 1) * ENTRY + 8);
    }

    private int entry(int index) {
        int count = block.getInt(COUNT);
        if (index < 0 || index >= count) {
            throw new IndexOutOfBoundsException("event " + index + " of " + count);
        }
        return HEADER + index * ENTRY;
    }

    private void requireWritable() {
        if (readOnly) {
            throw new IllegalStateException("an input port's MIDI buffer is read-only; write to an output port's");
        }
    }
}
