package io.tactus.api;

/**
 * A reusable holder for one event read from a {@link MidiBuffer}: the process callback allocates one
 * before it activates and fills it with {@link MidiBuffer#read(int, MidiEvent)} as often as it likes. Its
 * byte array is sized once ({@link MidiBuffer#DEFAULT_CAPACITY} holds any event a buffer can carry).
 */
public final class MidiEvent {

    private final byte[] data;
    private int frame;
    private int size;

    /** A holder for events of up to {@link MidiBuffer#DEFAULT_CAPACITY} bytes. */
    public MidiEvent() {
        this(MidiBuffer.DEFAULT_CAPACITY);
    }

    public MidiEvent(int maxSize) {
        this.data = new byte[maxSize];
    }

    /** The event's frame offset within the period. */
    public int frame() {
        return frame;
    }

    /** How many bytes the event has (1 to N). */
    public int size() {
        return size;
    }

    /** Byte {@code index} of the event, 0 to 255. */
    public int get(int index) {
        if (index >= size) {
            throw new IndexOutOfBoundsException("byte " + index + " of an event of " + size + " bytes");
        }
        return data[index] & 0xff;
    }

    /** The holder's array; its first {@link #size()} bytes are the event. */
    public byte[] data() {
        return data;
    }

    void set(int frame, int size) {
        this.frame = frame;
        this.size = size;
    }

    int maxSize() {
        return data.length;
    }
}
