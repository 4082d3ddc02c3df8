package io.tactus.javasound;

import io.tactus.api.FrameClock;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;

import javax.sound.midi.MidiDeviceReceiver;
import javax.sound.midi.MidiMessage;
import javax.sound.midi.MidiUnavailableException;
import javax.sound.midi.Receiver;
import javax.sound.midi.Transmitter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The MIDI device whose receivers play into a Tactus client's {@code midi_out}: {@code send} puts the message
 * and its timestamp into a ring on the program's thread, and the process callback writes each event into the
 * port's buffer at the frame its timestamp falls on, so a program's timing survives to the frame rather than
 * to the period. Program threads take turns on a lock of their own, which the callback never takes; a full
 * ring makes {@code send} wait for the callback, as a full line makes {@code write} wait. Events play in the
 * order sent: one stamped earlier than an event sent before it plays right after that one.
 */
final class TactusMidiOut extends TactusMidiDevice {

    static final TactusMidiOut INSTANCE = new TactusMidiOut();

    /** Events and bytes waiting: seconds of dense playing, and the largest SysEx a port carries several times. */
    private static final int RING_EVENTS = 4096;
    private static final int RING_BYTES = 64 * 1024;
    /** The largest event an empty port buffer takes. */
    static final int MAX_EVENT_BYTES = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, 1).maxEventSize();

    private final Object producers = new Object(); // one send at a time into the ring
    private final List<Receiver> receivers = new CopyOnWriteArrayList<>();
    private volatile MidiEventRing ring; // made on open, before the callback runs
    private Port port;
    private FrameClock clock;
    private long waitNanos;
    /** SysEx messages dropped because the port's buffer is smaller than a default one; said once by a sender. */
    private volatile long tooLarge; // written by the callback only
    private boolean tooLargeSaid; // under producers

    private TactusMidiOut() {
        super("Plays into the MIDI output port of a Tactus client", true);
    }

    @Override
    void allocate(Port port, FrameClock clock, int sampleRate, int nframes) {
        this.port = port;
        this.clock = clock;
        this.waitNanos = Math.max(200_000, 500_000_000L * nframes / sampleRate);
        this.tooLarge = 0;
        this.ring = new MidiEventRing(RING_EVENTS, RING_BYTES);
    }

    /** Realtime, allocation-free: moves the events due this period from the ring into the port's buffer. */
    @Override
    void process(int nframes) {
        MidiEventRing r = ring; // first: allocate() wrote it last
        MidiBuffer out = port.getMidiBuffer();
        long first = clock.lastFrameTime();
        int last = 0;
        while (r.readable() > 0) {
            long time = r.headTime();
            int frame = 0;
            if (time >= 0) {
                long due = clock.timeToFrames(time) - first;
                if (due >= nframes) {
                    return; // it and everything sent after it wait for their period
                }
                frame = (int) Math.max(0, due);
            }
            frame = Math.max(frame, last); // the buffer takes events in frame order only
            if (r.headLength() > out.maxEventSize()) {
                if (out.eventCount() > 0) {
                    return; // this period is full; the rest goes in the next
                }
                r.skipHead(); // larger than this port's whole buffer: it would hold up everything after it
                tooLarge = tooLarge + 1;
                continue;
            }
            r.moveHeadInto(out, frame);
            last = frame;
        }
    }

    /** Checks {@code message}, then queues it for the frame of {@code timeStamp} (server microseconds; -1 for now). */
    void send(MidiMessage message, long timeStamp) {
        if (!isOpen()) {
            throw new IllegalStateException("the Tactus MIDI receiver's device is closed; open it or get a new receiver");
        }
        byte[] bytes = message.getMessage();
        int length = message.getLength();
        String problem = MidiMessageCheck.problem(bytes, length, MAX_EVENT_BYTES);
        if (problem != null) {
            throw new IllegalArgumentException(problem);
        }
        long time = timeStamp < 0 ? -1 : timeStamp;
        synchronized (producers) {
            if (tooLarge > 0 && !tooLargeSaid) {
                tooLargeSaid = true;
                System.err.println("tactus: the Tactus MIDI output dropped a SysEx larger than its port's whole buffer");
            }
            MidiEventRing r = ring;
            while (!r.offer(time, bytes, 0, length)) {
                if (!isOpen() || isGone()) {
                    return; // nobody will play it
                }
                LockSupport.parkNanos(waitNanos);
            }
        }
    }

    @Override
    public int getMaxReceivers() {
        return -1;
    }

    @Override
    public int getMaxTransmitters() {
        return 0;
    }

    @Override
    public Receiver getReceiver() throws MidiUnavailableException {
        Receiver receiver = new OutReceiver(openForEnd());
        receivers.add(receiver);
        return receiver;
    }

    @Override
    public List<Receiver> getReceivers() {
        return List.copyOf(receivers);
    }

    @Override
    public Transmitter getTransmitter() throws MidiUnavailableException {
        throw new MidiUnavailableException("the Tactus MIDI output device has no transmitter; use the Tactus MIDI input");
    }

    @Override
    public List<Transmitter> getTransmitters() {
        return List.of();
    }

    @Override
    public void close() {
        super.close();
        receivers.clear();
    }

    /** A receiver of this device. */
    private final class OutReceiver extends End implements MidiDeviceReceiver {

        OutReceiver(int openedIn) {
            super(openedIn, receivers);
        }

        @Override
        public void send(MidiMessage message, long timeStamp) {
            if (isClosed()) {
                throw new IllegalStateException("this Tactus MIDI receiver is closed; get a new one");
            }
            TactusMidiOut.this.send(message, timeStamp);
        }
    }
}
