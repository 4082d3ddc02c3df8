package io.tactus.javasound;

import io.tactus.api.FrameClock;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;

import javax.sound.midi.InvalidMidiDataException;
import javax.sound.midi.MidiDeviceTransmitter;
import javax.sound.midi.MidiMessage;
import javax.sound.midi.MidiUnavailableException;
import javax.sound.midi.Receiver;
import javax.sound.midi.ShortMessage;
import javax.sound.midi.SysexMessage;
import javax.sound.midi.Transmitter;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.LockSupport;

/**
 * The MIDI device whose transmitters read a Tactus client's {@code midi_in}: the process callback copies each
 * arriving event and its frame time into a ring, and a daemon thread of the device turns them into
 * {@code ShortMessage}s and {@code SysexMessage}s, stamped with the server-clock microsecond of their frame, for
 * the transmitters' receivers. The thread never hears from the callback (waking it would take a lock or an
 * unpark there): it parks for half a period and looks again, which adds at most that much latency. Events that
 * find the ring full, and events no {@code javax.sound.midi} class can hold, are counted and said once on stderr.
 */
final class TactusMidiIn extends TactusMidiDevice {

    static final TactusMidiIn INSTANCE = new TactusMidiIn();

    private static final int RING_EVENTS = 4096;
    private static final int RING_BYTES = 64 * 1024;

    private final List<InTransmitter> transmitters = new CopyOnWriteArrayList<>();
    private volatile MidiEventRing ring; // made on open, before the callback runs
    private Port port;
    private long waitNanos;
    private volatile long overflows; // written by the callback only
    private long unreadable; // deliverer only
    private volatile Thread deliverer;
    private volatile boolean delivering;

    private TactusMidiIn() {
        super("Reads the MIDI input port of a Tactus client", false);
    }

    @Override
    void allocate(Port port, FrameClock clock, int sampleRate, int nframes) {
        this.port = port;
        this.waitNanos = Math.max(200_000, 500_000_000L * nframes / sampleRate);
        this.overflows = 0;
        this.ring = new MidiEventRing(RING_EVENTS, RING_BYTES);
    }

    /** Realtime, allocation-free: copies this period's events with their frame times into the ring. */
    @Override
    void process(int nframes) {
        MidiEventRing r = ring; // first: allocate() wrote it last
        MidiBuffer in = port.getMidiBuffer();
        long first = clock().lastFrameTime();
        int count = in.intactEvents();
        for (int e = 0; e < count; e++) {
            if (!r.offer(first + in.frame(e), in, e)) {
                overflows = overflows + 1;
            }
        }
    }

    @Override
    void started() {
        delivering = true;
        Thread thread = new Thread(this::deliver, "tactus-midi-in");
        thread.setDaemon(true);
        deliverer = thread;
        thread.start();
    }

    @Override
    void stopping() {
        delivering = false;
        Thread thread = deliverer;
        if (thread != null && thread != Thread.currentThread()) {
            LockSupport.unpark(thread);
            try {
                thread.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The delivering thread: hands each event to every transmitter's receiver, in the order they arrived. */
    private void deliver() {
        MidiEventRing r = ring;
        FrameClock clock = clock();
        byte[] scratch = new byte[MidiBuffer.DEFAULT_CAPACITY];
        long overflowsSaid = 0;
        while (delivering) {
            if (r.readable() == 0) {
                long lost = overflows;
                if (lost > overflowsSaid && overflowsSaid == 0) {
                    System.err.println("tactus: the Tactus MIDI input dropped events its program did not take in time");
                }
                overflowsSaid = lost;
                LockSupport.parkNanos(waitNanos);
                continue;
            }
            long frame = r.headTime();
            int length = r.poll(scratch);
            MidiMessage message = message(scratch, length);
            if (message != null) {
                long micros = clock.framesToTime(frame);
                for (InTransmitter t : transmitters) {
                    t.deliver(message, micros);
                }
            }
        }
    }

    /** The event as the JDK's class for it, or null (counted, said once) when none can hold it. */
    private MidiMessage message(byte[] bytes, int length) {
        try {
            int status = bytes[0] & 0xff;
            if (status == 0xF0 || status == 0xF7) {
                return new SysexMessage(Arrays.copyOf(bytes, length), length);
            }
            if (length == 1) {
                return new ShortMessage(status);
            }
            return new ShortMessage(status, bytes[1] & 0xff, length > 2 ? bytes[2] & 0xff : 0);
        } catch (InvalidMidiDataException | IllegalArgumentException e) {
            if (unreadable++ == 0) {
                System.err.println("tactus: the Tactus MIDI input skips an event that is no MIDI message ("
                        + e.getMessage() + "); later ones are skipped silently");
            }
            return null;
        }
    }

    @Override
    public int getMaxReceivers() {
        return 0;
    }

    @Override
    public int getMaxTransmitters() {
        return -1;
    }

    @Override
    public Receiver getReceiver() throws MidiUnavailableException {
        throw new MidiUnavailableException("the Tactus MIDI input device has no receiver; use the Tactus MIDI output");
    }

    @Override
    public List<Receiver> getReceivers() {
        return List.of();
    }

    @Override
    public Transmitter getTransmitter() throws MidiUnavailableException {
        InTransmitter transmitter = new InTransmitter(openForEnd());
        transmitters.add(transmitter);
        return transmitter;
    }

    @Override
    public List<Transmitter> getTransmitters() {
        return List.copyOf(transmitters);
    }

    @Override
    public void close() {
        super.close();
        transmitters.clear();
    }

    /** A transmitter of this device. */
    private final class InTransmitter extends End implements MidiDeviceTransmitter {

        private volatile Receiver receiver;
        private boolean failureSaid; // deliverer only

        InTransmitter(int openedIn) {
            super(openedIn, transmitters);
        }

        /** On the delivering thread: a receiver that throws is told once on stderr and keeps its later events. */
        void deliver(MidiMessage message, long micros) {
            Receiver r = receiver;
            if (r == null || isClosed()) {
                return;
            }
            try {
                r.send(message, micros);
            } catch (RuntimeException e) {
                if (!failureSaid) {
                    failureSaid = true;
                    System.err.println("tactus: the receiver of a Tactus MIDI transmitter failed (" + e
                            + "); it still gets the later events");
                }
            }
        }

        @Override
        public void setReceiver(Receiver receiver) {
            this.receiver = receiver;
        }

        @Override
        public Receiver getReceiver() {
            return receiver;
        }
    }
}
