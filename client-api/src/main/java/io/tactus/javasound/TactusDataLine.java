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
 * program's thread. The program's thread never hears from the realtime callback directly (waking it would mean
 * a lock or an unpark on the realtime thread); it parks for about as long as the audio it waits for lasts, at
 * least half a period and at most a quarter of the buffer, and looks again. That costs a few wake-ups per buffer
 * and at most half a period of latency, and keeps the callback free of anything but array copies.
 */
abstract class TactusDataLine extends ControlFreeLine implements DataLine {

    private static final long MIN_WAIT_NANOS = 200_000;

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
    private AudioFormat format;
    private int bufferBytes;
    private int lineRate;
    private int serverRate;
    private long periodNanos;

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
        if (seen == flushesSeen) {
            return false;
        }
        flushesSeen = seen;
        return true;
    }

    /** The position's upper bound, where the line knows one (playback: the frames written). */
    long positionLimit() {
        return Long.MAX_VALUE;
    }

    public void open(AudioFormat requested, int bufferSize) throws LineUnavailableException {
        synchronized (state) {
            if (open) {
                if (requested != null && requested.matches(format)) {
                    return;
                }
                throw new IllegalStateException("this Tactus line is already open with " + format + "; close it first");
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
        serverRate = joined.sampleRate();
        format = LineFormats.withRate(requested, serverRate);
        lineRate = Math.round(format.getSampleRate());
        periodNanos = 1_000_000_000L * joined.bufferSize() / serverRate;
        int frames = bufferSize > 0 ? bufferSize / format.getFrameSize()
                : (int) ((long) lineRate * settings.bufferMillis() / 1000);
        // At least four periods, or the program could never stay ahead of the callback.
        frames = (int) Math.max(frames, 4L * joined.bufferSize() * lineRate / serverRate + 1);
        bufferBytes = frames * format.getFrameSize();
        allocate(format, frames, serverRate, joined.bufferSize());
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
        long deadline = System.nanoTime() + (long) (bytes / format.getFrameSize()) * 1_000_000_000L / lineRate;
        for (long left; open && (left = deadline - System.nanoTime()) > 0; ) {
            LockSupport.parkNanos(left);
        }
        return bytes;
    }

    /** Parks the program's thread for about as long as {@code serverFramesMissing} frames take to play. */
    void awaitFrames(int serverFramesMissing) {
        long nanos = Math.max(1, serverFramesMissing) * 1_000_000_000L / serverRate;
        long most = Math.max(periodNanos, bufferNanos() / 4);
        LockSupport.parkNanos(Math.max(MIN_WAIT_NANOS, Math.max(periodNanos / 2, Math.min(nanos, most))));
    }

    private long bufferNanos() {
        return (long) (bufferBytes / format.getFrameSize()) * 1_000_000_000L / lineRate;
    }

    private void send(LineEvent.Type type) {
        send(type, getLongFramePosition());
    }

    boolean isGone() {
        return gone;
    }

    boolean running() {
        return running;
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
        return lineRate;
    }

    int serverRate() {
        return serverRate;
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
        return open ? format : defaultFormat;
    }

    @Override
    public int getBufferSize() {
        if (open) {
            return bufferBytes;
        }
        float rate = defaultFormat.getSampleRate() > 0 ? defaultFormat.getSampleRate() : 48_000;
        return (int) (rate * JavaSoundSettings.DEFAULT_BUFFER_MILLIS / 1000) * defaultFormat.getFrameSize();
    }

    @Override
    public int getFramePosition() {
        return (int) getLongFramePosition();
    }

    /** Frames the callback has moved, at the line's rate: it stands still while the line is stopped. */
    @Override
    public long getLongFramePosition() {
        if (serverRate == 0) {
            return 0;
        }
        return Math.min(positionLimit(), serverFrames * lineRate / serverRate);
    }

    @Override
    public long getMicrosecondPosition() {
        return lineRate == 0 ? 0 : getLongFramePosition() * 1_000_000L / lineRate;
    }

    @Override
    public float getLevel() {
        return AudioSystem.NOT_SPECIFIED;
    }

    @Override
    public DataLine.Info getLineInfo() {
        return info;
    }

    /** Checks the arguments of read and write as the JDK's lines do. */
    static void checkFrames(byte[] b, int off, int len, int frameSize) {
        if (len % frameSize != 0) {
            throw new IllegalArgumentException(len + " bytes are not a whole number of " + frameSize + "-byte frames");
        }
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new ArrayIndexOutOfBoundsException("offset " + off + " and length " + len + " do not fit an array of "
                    + b.length);
        }
    }
}
