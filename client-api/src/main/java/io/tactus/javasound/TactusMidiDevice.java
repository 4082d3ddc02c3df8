package io.tactus.javasound;

import io.tactus.api.FrameClock;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.Port;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;

import javax.sound.midi.MidiDevice;
import javax.sound.midi.MidiUnavailableException;
import java.util.Collection;

/**
 * What the two Tactus MIDI devices share: each open device is a Tactus client with one MIDI port, joined on
 * {@link #open()} and left on {@link #close()}, and its time is the server's clock, so a program's timestamps
 * and the graph's frames convert through {@link FrameClock}. One per JVM and kind, as the mixer, because
 * {@code MidiSystem} makes a new provider on every lookup and a program expects the same device each time.
 *
 * <p>{@code MidiSystem.getReceiver()} and {@code getTransmitter()} do not open the device they take the end
 * from, so, as the JDK's own devices do, a device asked for an end while closed opens itself and closes again
 * when the last end handed out that way is closed.
 */
abstract class TactusMidiDevice implements MidiDevice {

    static final String NAME = "Tactus";

    private final MidiDevice.Info info;
    private final boolean output;
    private final Object state = new Object(); // open and close; never taken by the callback

    private TactusClient client; // under state
    private volatile FrameClock clock;
    private volatile boolean open;
    private volatile boolean gone;
    private boolean implicit; // under state: opened for an end, closes with the last of those
    private int implicitEnds; // under state
    private int opens; // under state: an end from an earlier open must not close this one

    TactusMidiDevice(String description, boolean output) {
        this.info = new TactusInfo(description);
        this.output = output;
    }

    /** Allocates the rings and scratch for a client of {@code nframes} per period; called before the callback can run. */
    abstract void allocate(Port port, FrameClock clock, int sampleRate, int nframes);

    /** The realtime callback; its rules are the engine's. */
    abstract void process(int nframes);

    /** After activation: the transmitter starts its delivering thread. */
    void started() {
    }

    /** Before the client leaves: the transmitter stops its thread. */
    void stopping() {
    }

    @Override
    public MidiDevice.Info getDeviceInfo() {
        return info;
    }

    /** Joins the server as {@code settings} say, with the port {@code midi_out} or {@code midi_in}, and activates. */
    @Override
    public void open() throws MidiUnavailableException {
        synchronized (state) {
            implicit = false;
            openLocked();
        }
    }

    private void openLocked() throws MidiUnavailableException {
        if (open) {
            return;
        }
        MidiDeviceSettings settings = MidiDeviceSettings.current();
        TactusClient joined = null;
        try {
            joined = LineClient.openUnique(settings.serverName(), settings.clientName());
            Port port = joined.registerPort(output ? "midi_out" : "midi_in", PortType.MIDI,
                    output ? PortFlag.OUTPUT : PortFlag.INPUT);
            FrameClock c = joined.clock();
            opens++;
            clock = c; // before activation: the callback reads it
            allocate(port, c, joined.sampleRate(), joined.bufferSize());
            String name = joined.name();
            joined.setShutdownCallback(reason -> serverGone(name, reason));
            joined.setProcessCallback(this::process);
            joined.activate();
            for (String peer : settings.connections()) {
                if (output) {
                    joined.connect(port.name(), peer);
                } else {
                    joined.connect(peer, port.name());
                }
            }
            client = joined;
            gone = false;
            open = true;
        } catch (TactusException e) {
            if (joined != null) {
                joined.close();
            }
            MidiUnavailableException unavailable = new MidiUnavailableException(e.getMessage());
            unavailable.initCause(e);
            throw unavailable;
        }
        started();
    }

    /**
     * Opens the device for an end if it is closed, or counts the end if the device is open for ends; returns the
     * open the end counts in, so that closing the end closes the device with the last such, or -1 for none.
     */
    int openForEnd() throws MidiUnavailableException {
        synchronized (state) {
            if (open && !implicit) {
                return -1;
            }
            openLocked();
            implicit = true;
            implicitEnds++;
            return opens;
        }
    }

    /** An end that counts in open {@code openedIn} (from {@link #openForEnd}) was closed. */
    void endClosed(int openedIn) {
        synchronized (state) {
            if (open && implicit && openedIn == opens && --implicitEnds == 0) {
                closeLocked();
            }
        }
    }

    /** Leaves the server; the port and its connections go with the client. The ends handed out stop working. */
    @Override
    public void close() {
        synchronized (state) {
            closeLocked();
        }
    }

    private void closeLocked() {
        if (!open) {
            return;
        }
        open = false;
        implicit = false;
        implicitEnds = 0;
        stopping();
        client.close();
        client = null;
    }

    /** The shutdown callback: the server stopped, evicted the client or vanished. Said once, on stderr. */
    private void serverGone(String name, String reason) {
        if (!gone) {
            gone = true;
            System.err.println("tactus: the MIDI device of client '" + name + "' stopped (" + reason
                    + "); close and open it again once a server runs");
        }
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    boolean isGone() {
        return gone;
    }

    /** The server clock's microseconds, the time base of the timestamps; -1 while closed. */
    @Override
    public long getMicrosecondPosition() {
        FrameClock c = clock;
        return open && c != null ? c.time() : -1;
    }

    FrameClock clock() {
        return clock;
    }

    /** The client's name on the server; null while closed. */
    String clientName() {
        synchronized (state) {
            return open ? client.name() : null;
        }
    }

    /**
     * A receiver or transmitter of this device, on its device's list until closed; closing one that opened the
     * device closes the device with the last such.
     */
    abstract class End {

        private final int openedIn;
        private final Collection<?> list;
        private volatile boolean closed;

        End(int openedIn, Collection<?> list) {
            this.openedIn = openedIn;
            this.list = list;
        }

        boolean isClosed() {
            return closed;
        }

        public void close() {
            if (!closed) {
                closed = true;
                list.remove(this);
                if (openedIn >= 0) {
                    endClosed(openedIn);
                }
            }
        }

        public MidiDevice getMidiDevice() {
            return TactusMidiDevice.this;
        }
    }

    private static final class TactusInfo extends MidiDevice.Info {
        TactusInfo(String description) {
            super(NAME, "Tactus", description, "0.1");
        }
    }
}
