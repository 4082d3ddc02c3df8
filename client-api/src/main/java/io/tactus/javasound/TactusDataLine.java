package io.tactus.javasound;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineEvent;
import javax.sound.sampled.LineUnavailableException;
import java.util.List;
import java.util.concurrent.locks.LockSupport;

/**
 * What playback and capture lines share: the Tactus client behind an open line, the line's state as the
 * {@link DataLine} contract describes it, positions counted by the process callback, and the waiting of the
 * program's thread, which never hears from the realtime callback (waking it would mean a lock or an unpark
 * there): it parks for as long as {@link LineTiming#waitNanos} says and looks again. That costs a few wake-ups
 * per buffer and at most half a period of latency, and keeps the callback free of anything but array copies.
 */
abstract class TactusDataLine extends ControlFreeLine implements DataLine {

    private final TactusMixer mixer;
    private final DataLine.Info info;
    private final boolean playback;
    private final AudioFormat defaultFormat;
    private final Object state = new Object(); // open, close, start, stop; never taken by the callback

    private volatile boolean open;
    private volatile boolean running;
    private volatile boolean gone;
    /** Moves on stop, flush and close: a blocked write or read returns what it has when it sees it move. */
    protected volatile int epoch;
    /** Moves on flush: the program's side drops its conversion state when it sees it move. */
    protected volatile int flushes;
    private int flushesSeen; // under the subclass's writer or reader lock
    /** Between the program's thread and the callback; made by {@link #allocate}. */
    protected FrameRing ring;
    /** Frames the callback moved at the server's rate: the clock of the line's position. */
    protected volatile long serverFrames;
    protected volatile boolean active;

    private volatile LineClient client; // set before activation: the callback reads it
    private volatile String name;
    private LineTiming timing; // of the last open; null before the first

    TactusDataLine(TactusMixer mixer, DataLine.Info info, boolean playback, AudioFormat defaultFormat) {
        this.mixer = mixer;
        this.info = info;
        this.playback = playback;
        this.defaultFormat = defaultFormat;
    }

    /** Allocates ring, converters and scratch for the opened format; called before the callback can run. */
    abstract void allocate(AudioFormat format, int bufferFrames, int serverRate, int serverPeriod);

    /** The realtime callback: copies between ring and port buffers only. */
    abstract void process(int nframes);

    /** Drops what is buffered; a blocked write or read returns with what it has. */
    @Override
    public void flush() {
        if (!isOpen()) {
            return;
        }
        ring.discard();
        flushes++;
        epoch++;
    }

    /**
     * True once after each flush, for the thread that owns the conversion state (under its lock): what it
     * converted before the flush must not reach the program or the graph.
     */
    boolean flushedSinceLastLook() {
        int seen = flushes;
        boolean flushed = seen != flushesSeen;
        flushesSeen = seen;
        return flushed;
    }

    /** The position's upper bound, where the line knows one (playback: the frames written). */
    long positionLimit() {
        return Long.MAX_VALUE;
    }

    public void open(AudioFormat requested, int bufferSize) throws LineUnavailableException {
        synchronized (state) {
            if (open) {
                if (requested != null && requested.matches(timing.format())) {
                    return;
                }
                throw new IllegalStateException("this Tactus line is already open with " + timing.format()
                        + "; close it first");
            }
            String problem = LineFormats.problem(requested);
            if (problem != null) {
                throw new IllegalArgumentException(problem);
            }
            JavaSoundSettings settings = JavaSoundSettings.current();
            LineClient joined = LineClient.open(settings, requested.getChannels(), playback);
            try {
                prepare(joined, requested, bufferSize, settings);
            } catch (RuntimeException | LineUnavailableException e) {
                joined.close();
                throw e;
            }
            open = true;
        }
        mixer.opened(this);
        send(LineEvent.Type.OPEN);
    }

    private void prepare(LineClient joined, AudioFormat requested, int bufferSize, JavaSoundSettings settings)
            throws LineUnavailableException {
        timing = LineTiming.of(requested, bufferSize, joined.sampleRate(), joined.bufferSize(),
                settings.bufferMillis());
        allocate(timing.format(), timing.bufferFrames(), timing.serverRate(), joined.bufferSize());
        flushesSeen = flushes;
        serverFrames = 0;
        running = false;
        gone = false;
        name = joined.name();
        client = joined;
        joined.start(this::process, this::serverGone, settings, playback);
    }

    public void open(AudioFormat format) throws LineUnavailableException {
        open(format, AudioSystem.NOT_SPECIFIED);
    }

    @Override
    public void open() throws LineUnavailableException {
        open(defaultFormat, AudioSystem.NOT_SPECIFIED);
    }

    @Override
    public void close() {
        LineClient leaving;
        boolean wasRunning;
        synchronized (state) {
            if (!open) {
                return;
            }
            wasRunning = running;
            running = false;
            open = false;
            epoch++;
            leaving = client;
        }
        if (wasRunning) {
            send(LineEvent.Type.STOP);
        }
        leaving.close();
        mixer.closed(this);
        send(LineEvent.Type.CLOSE);
    }

    @Override
    public void start() {
        synchronized (state) {
            if (!open || gone || running) {
                return;
            }
            running = true;
        }
        send(LineEvent.Type.START);
    }

    @Override
    public void stop() {
        synchronized (state) {
            if (!running) {
                return;
            }
            running = false;
            epoch++;
        }
        send(LineEvent.Type.STOP);
    }

    /** The shutdown callback: the server stopped, evicted the client or vanished. Said once, on stderr. */
    private void serverGone(String reason) {
        boolean wasRunning;
        synchronized (state) {
            if (!open || gone) {
                return;
            }
            gone = true;
            wasRunning = running;
            running = false;
            epoch++;
        }
        System.err.println("tactus: the Java Sound line of client '" + name + "' stopped (" + reason
                + "); it now discards what the program writes");
        if (wasRunning) {
            send(LineEvent.Type.STOP);
        }
    }

    /**
     * After the server went away: stands in for {@code bytes} of audio by waiting as long as they last, so a
     * program ends at its usual pace instead of spinning or hanging.
     */
    int paceAsGone(int bytes) {
        long deadline = System.nanoTime() + timing.nanosOf(bytes);
        for (long left; open && (left = deadline - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
        return bytes;
    }

    /** Parks the program's thread for about as long as {@code serverFramesMissing} frames take to play. */
    void awaitFrames(int serverFramesMissing) {
        LockSupport.parkNanos(timing.waitNanos(serverFramesMissing));
    }

    private void send(LineEvent.Type type) {
        send(type, getLongFramePosition());
    }

    boolean isGone() {
        return gone;
    }

    /** The client's name on the server, e.g. for {@code lsp}; null while the line is closed. */
    public String clientName() {
        LineClient c = client;
        return open && c != null ? c.name() : null;
    }

    /** The line's ports' full names; empty while closed. */
    public List<String> portNames() {
        LineClient c = client;
        return open && c != null ? c.portNames() : List.of();
    }

    LineClient client() {
        return client;
    }

    int lineRate() {
        return timing.lineRate();
    }

    int serverRate() {
        return timing.serverRate();
    }

    @Override
    public boolean isOpen() {
        return open;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    @Override
    public boolean isActive() {
        return running && active;
    }

    @Override
    public AudioFormat getFormat() {
        return open ? timing.format() : defaultFormat;
    }

    @Override
    public int getBufferSize() {
        return open ? timing.bufferBytes() : LineTiming.defaultBufferBytes(defaultFormat);
    }

    @Override
    public int getFramePosition() {
        return (int) getLongFramePosition();
    }

    /** Frames the callback has moved, at the line's rate: it stands still while the line is stopped. */
    @Override
    public long getLongFramePosition() {
        LineTiming t = timing;
        return t == null ? 0 : Math.min(positionLimit(), t.lineFrames(serverFrames));
    }

    @Override
    public long getMicrosecondPosition() {
        LineTiming t = timing;
        return t == null ? 0 : getLongFramePosition() * 1_000_000L / t.lineRate();
    }

    @Override
    public float getLevel() {
        return AudioSystem.NOT_SPECIFIED;
    }

    @Override
    public DataLine.Info getLineInfo() {
        return info;
    }
}
