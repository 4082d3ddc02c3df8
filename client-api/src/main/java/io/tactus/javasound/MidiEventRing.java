package io.tactus.javasound;

import io.tactus.api.MidiBuffer;

/**
 * A single-producer, single-consumer ring of timed MIDI events between a program's thread and the realtime
 * process callback, in either direction: a slot per event (its time and length) and the events' bytes in a byte
 * ring of their own, both preallocated, so that a note costs three bytes of room and a SysEx no more than its
 * length. Lock-free and allocation-free on both sides: each side publishes its count with a volatile store.
 * Several program threads that write must take turns outside it ({@link TactusMidiOut} does so with a lock of
 * its own, which the realtime consumer never takes).
 */
final class MidiEventRing {

    private final long[] times;
    private final int[] lengths;
    private final int[] starts;
    private final byte[] bytes;
    private final int slots;
    private volatile long written; // events, moved by the producer only
    private volatile long bytesWritten;
    private volatile long read; // events, moved by the consumer only
    private volatile long bytesRead;

    MidiEventRing(int slots, int byteCapacity) {
        if (slots < 1 || byteCapacity < 1) {
            throw new IllegalArgumentException("a MIDI event ring needs room for at least one event and one byte");
        }
        this.slots = slots;
        this.times = new long[slots];
        this.lengths = new int[slots];
        this.starts = new int[slots];
        this.bytes = new byte[byteCapacity];
    }

    /** Events the consumer may take now. */
    int readable() {
        return (int) (written - read);
    }

    /** Producer: true when an event of {@code length} bytes fits now. */
    boolean fits(int length) {
        return written - read < slots && bytesWritten - bytesRead + length <= bytes.length;
    }

    /** Producer: appends {@code length} bytes of {@code src} at {@code time}; false, and nothing written, when full. */
    boolean offer(long time, byte[] src, int offset, int length) {
        if (!fits(length)) {
            return false;
        }
        long b = bytesWritten;
        for (int i = 0; i < length; i++) {
            bytes[(int) ((b + i) % bytes.length)] = src[offset + i];
        }
        return publish(time, b, length);
    }

    /** Producer on the realtime thread: appends event {@code index} of {@code source} at {@code time}. Allocation-free. */
    boolean offer(long time, MidiBuffer source, int index) {
        int length = source.size(index);
        if (!fits(length)) {
            return false;
        }
        long b = bytesWritten;
        for (int i = 0; i < length; i++) {
            bytes[(int) ((b + i) % bytes.length)] = (byte) source.get(index, i);
        }
        return publish(time, b, length);
    }

    private boolean publish(long time, long byteStart, int length) {
        long w = written;
        int slot = (int) (w % slots);
        times[slot] = time;
        lengths[slot] = length;
        starts[slot] = (int) (byteStart % bytes.length);
        bytesWritten = byteStart + length;
        written = w + 1; // last: the consumer reads the slot only after it sees this
        return true;
    }

    /** Consumer: the time of the oldest event; call only when {@link #readable()} is positive. */
    long headTime() {
        return times[(int) (read % slots)];
    }

    /** Consumer: the length of the oldest event. */
    int headLength() {
        return lengths[(int) (read % slots)];
    }

    /**
     * Consumer on the realtime thread: writes the oldest event into {@code target} at {@code frame} and takes it;
     * false, and the event kept, when the buffer has no room for it this period. Allocation-free.
     */
    boolean moveHeadInto(MidiBuffer target, int frame) {
        int slot = (int) (read % slots);
        int length = lengths[slot];
        int index = target.reserve(frame, length);
        if (index < 0) {
            return false;
        }
        int start = starts[slot];
        for (int i = 0; i < length; i++) {
            target.set(index, i, bytes[(start + i) % bytes.length]);
        }
        take(length);
        return true;
    }

    /** Consumer: copies the oldest event into {@code dst} (as long as {@link #headLength()}) and takes it. */
    int poll(byte[] dst) {
        int slot = (int) (read % slots);
        int length = lengths[slot];
        int start = starts[slot];
        for (int i = 0; i < length; i++) {
            dst[i] = bytes[(start + i) % bytes.length];
        }
        take(length);
        return length;
    }

    /** Consumer: drops the oldest event. Allocation-free. */
    void skipHead() {
        take(lengths[(int) (read % slots)]);
    }

    private void take(int length) {
        bytesRead = bytesRead + length;
        read = read + 1; // last: the producer reuses the slot only after it sees this
    }
}
