package io.tactus.clients.midi;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.util.function.Consumer;

/**
 * Prints every event of its MIDI input ({@code midi_in}) as {@code jack_midi_dump} does: one line per event,
 * its frame time, its bytes in hex and a name for the common messages. The process callback only copies each
 * event into a preallocated single-producer ring that a normal thread drains and prints; the price is a fixed
 * depth and a fixed copy of {@value #MAX_BYTES} bytes per event: a longer event (a SysEx) is printed truncated,
 * and an event that finds the ring full is counted lost, never waited for. Allocation-free on the realtime side.
 */
public final class MidiDumpClient implements ProcessCallback, AutoCloseable {

    /** Bytes kept of each event: every channel message fits. */
    public static final int MAX_BYTES = 3;
    /** Events the ring holds while the printing thread catches up: a few seconds of dense playing. */
    public static final int DEFAULT_RING_SIZE = 4096;

    private static final long PRINTER_SLEEP_NANOS = 1_000_000;

    private final TactusClient client;
    private final Port input;
    private final RingBuffer<Slot> ring;
    private final BatchEventProcessor<Slot> printer;
    private volatile long seen;
    private volatile long lost;

    /** A dump of {@link #DEFAULT_RING_SIZE} events that hands each line to {@code lines} on its printing thread. */
    public MidiDumpClient(TactusClient client, Consumer<String> lines) {
        this(client, lines, DEFAULT_RING_SIZE);
    }

    /** {@code ringSize}, a power of two, is how many events may wait for the printing thread. */
    public MidiDumpClient(TactusClient client, Consumer<String> lines, int ringSize) {
        this.client = client;
        // The producer's signal of this strategy is a no-op, so publishing takes no lock.
        this.ring = RingBuffer.createSingleProducer(Slot::new, ringSize, new SleepingWaitStrategy(0, PRINTER_SLEEP_NANOS));
        EventHandler<Slot> print = (slot, sequence, endOfBatch) -> lines.accept(format(slot.frame, slot.bytes, slot.size));
        this.printer = new BatchEventProcessorBuilder().build(ring, ring.newBarrier(), print);
        ring.addGatingSequences(printer.getSequence());
        this.input = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
        client.setProcessCallback(this);
        Thread thread = new Thread(printer, "tactus-midi-dump");
        thread.setDaemon(true);
        thread.start();
    }

    /** Realtime, allocation-free. */
    @Override
    public void process(int nframes) {
        MidiBuffer in = input.getMidiBuffer();
        int count = in.eventCount();
        if (count == 0) {
            return;
        }
        long cycleStart = client.clock().lastFrameTime();
        long refused = 0;
        for (int e = 0; e < count; e++) {
            if (!ring.hasAvailableCapacity(1)) {
                refused++;
                continue;
            }
            long sequence = ring.next();
            Slot slot = ring.get(sequence);
            slot.frame = cycleStart + in.frame(e);
            slot.size = in.size(e);
            for (int b = 0; b < Math.min(slot.size, MAX_BYTES); b++) {
                slot.bytes[b] = (byte) in.get(e, b);
            }
            ring.publish(sequence);
        }
        seen += count;
        if (refused != 0) {
            lost += refused;
        }
    }

    /** Events the input carried so far, printed or lost. */
    public long seen() {
        return seen;
    }

    /** Events not printed because the ring was full. */
    public long lost() {
        return lost;
    }

    /** Stops the printing thread once it has printed what it holds; the client itself is the caller's to close. */
    @Override
    public void close() {
        printer.halt();
    }

    /**
     * One line of the dump: {@code "48000: 90 40 64  note on (channel 1): key 64, velocity 100"}. Channels are
     * counted 1 to 16, as players count them; a note-on of velocity 0 is named a note-off, which it means.
     * {@code size} is the event's; only its first {@value #MAX_BYTES} bytes are in {@code bytes}.
     */
    public static String format(long frame, byte[] bytes, int size) {
        StringBuilder line = new StringBuilder().append(frame).append(':');
        for (int b = 0; b < Math.min(size, MAX_BYTES); b++) {
            line.append(' ').append(String.format("%02x", bytes[b] & 0xff));
        }
        if (size > MAX_BYTES) {
            return line.append(" ... (").append((bytes[0] & 0xff) == 0xF0 ? "SysEx of " : "")
                    .append(size).append(" bytes, truncated)").toString();
        }
        String name = name(bytes, size);
        return name.isEmpty() ? line.toString() : line.append("  ").append(name).toString();
    }

    private static String name(byte[] bytes, int size) {
        int status = bytes[0] & 0xff;
        int channel = (status & 0x0F) + 1;
        int data1 = size > 1 ? bytes[1] & 0xff : 0;
        int data2 = size > 2 ? bytes[2] & 0xff : 0;
        int type = status & 0xF0;
        if (size == 3 && (type == 0x80 || type == 0x90 && data2 == 0)) {
            return "note off (channel " + channel + "): key " + data1 + ", velocity " + data2;
        } else if (size == 3 && type == 0x90) {
            return "note on (channel " + channel + "): key " + data1 + ", velocity " + data2;
        } else if (size == 3 && type == 0xB0) {
            return "control change (channel " + channel + "): controller " + data1 + ", value " + data2;
        } else if (size == 2 && type == 0xC0) {
            return "program change (channel " + channel + "): program " + data1;
        } else if (size == 3 && type == 0xE0) {
            return "pitch bend (channel " + channel + "): " + ((data2 << 7 | data1) - 8192);
        }
        return "";
    }

    /** One event on its way to the printing thread. */
    private static final class Slot {
        long frame;
        int size;
        final byte[] bytes = new byte[MAX_BYTES];
    }
}
