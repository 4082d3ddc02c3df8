package io.tactus.server.driver.javasound;

import io.tactus.audio.PcmCodec;
import io.tactus.javasound.ControlFreeLine;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineUnavailableException;

/**
 * What the virtual playback and capture lines share: open/close, start/stop, format and buffer, and a
 * device clock that runs in real time ({@link System#nanoTime()}) while the line is started and not
 * {@link #freeze frozen}. All state is guarded by the line's monitor; blocking calls wait on it in short
 * slices, so a stop, flush or close from another thread releases them, as the javadoc asks.
 */
abstract class VirtualLine extends ControlFreeLine implements DataLine {

    private static final int DEFAULT_BUFFER_FRAMES = 4096;

    private final DataLine.Info info;
    protected AudioFormat format;
    protected int bufferFrames;
    protected boolean open;
    protected boolean running;
    protected boolean frozen;
    /** Bumped by stop, flush, drain's end and close: a blocked call returns when it changes. */
    protected long interruptions;
    /** Device frames the clock has let pass but the line has not accounted for yet (fractional). */
    private double owedFrames;
    private long tickNanos;

    VirtualLine(DataLine.Info info) {
        this.info = info;
    }

    /** Advances the device by the frames due since the last call; lines account for them in {@link #consume}. Holds the lock. */
    protected final void tick() {
        long now = System.nanoTime();
        if (running && !frozen && open) {
            owedFrames += (now - tickNanos) * (double) format.getSampleRate() / 1e9;
            long whole = (long) owedFrames;
            if (whole > 0) {
                owedFrames -= consume(whole);
            }
        }
        tickNanos = now;
    }

    /** Lets {@code frames} of device time pass; returns how many were used (the rest wait for data or room). */
    protected abstract long consume(long frames);

    /** Stops (or restarts) the device clock: a stalled device. */
    public synchronized void freeze(boolean freeze) {
        tick();
        frozen = freeze;
        owedFrames = 0;
        notifyAll();
    }

    /** As SourceDataLine's and TargetDataLine's open: 16- or 24-bit signed PCM only. */
    public void open(AudioFormat format, int bufferBytes) throws LineUnavailableException {
        synchronized (this) {
            if (open) {
                throw new LineUnavailableException("already open");
            }
            if (!PcmCodec.supports(format) || format.getEncoding() != AudioFormat.Encoding.PCM_SIGNED) {
                throw new IllegalArgumentException("unsupported format " + format);
            }
            this.format = format;
            this.bufferFrames = bufferBytes > 0 ? bufferBytes / format.getFrameSize() : DEFAULT_BUFFER_FRAMES;
            this.open = true;
        }
    }

    public void open(AudioFormat format) throws LineUnavailableException {
        open(format, 0);
    }

    /** Waits a little for the clock to move or another thread to act. Holds the lock. */
    protected final void pause() {
        try {
            wait(1);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            interruptions++;
        }
    }

    @Override
    public synchronized void start() {
        tick();
        running = true;
        tickNanos = System.nanoTime();
        notifyAll();
    }

    @Override
    public synchronized void stop() {
        tick();
        running = false;
        interruptions++;
        notifyAll();
    }

    @Override
    public synchronized boolean isRunning() {
        return running;
    }

    @Override
    public synchronized void close() {
        running = false;
        open = false;
        interruptions++;
        notifyAll();
    }

    @Override
    public synchronized boolean isOpen() {
        return open;
    }

    @Override
    public void open() throws LineUnavailableException {
        throw new IllegalArgumentException("give the format: open(format, bufferSize)");
    }

    @Override
    public synchronized AudioFormat getFormat() {
        return format;
    }

    @Override
    public synchronized int getBufferSize() {
        return bufferFrames * format.getFrameSize();
    }

    @Override
    public int getFramePosition() {
        return (int) getLongFramePosition();
    }

    @Override
    public long getMicrosecondPosition() {
        return (long) (getLongFramePosition() * 1e6 / format.getSampleRate());
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
