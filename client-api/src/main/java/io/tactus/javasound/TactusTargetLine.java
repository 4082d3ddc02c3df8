package io.tactus.javasound;

import io.tactus.audio.PcmCodec;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.TargetDataLine;
import java.nio.FloatBuffer;

/**
 * A capture line: while it runs, the process callback copies the input ports into a ring (a full ring drops the
 * period and counts an overrun); {@link #read} takes from the ring, resamples to the line's rate and encodes,
 * all on the program's thread. Frames resampled beyond what a read asked for wait in a small pending buffer.
 */
final class TactusTargetLine extends TactusDataLine implements TargetDataLine {

    /** Server frames converted per step. */
    private static final int CHUNK_FRAMES = 1024;

    private final Object reader = new Object(); // one read at a time

    private StreamResampler resampler;
    private PcmCodec codec;
    private float[] captured;
    private float[] pending;
    private int pendingAt; // frames of pending already handed out
    private int pendingEnd; // frames in pending
    private int frameSize;
    private int channels;
    private volatile long overruns;

    TactusTargetLine(TactusMixer mixer, DataLine.Info info, AudioFormat defaultFormat) {
        super(mixer, info, false, defaultFormat);
    }

    @Override
    void allocate(AudioFormat format, int bufferFrames, int serverRate, int serverPeriod) {
        channels = format.getChannels();
        frameSize = format.getFrameSize();
        codec = PcmCodec.of(format);
        resampler = new StreamResampler(channels, serverRate, lineRate());
        ring = new FrameRing(channels, (int) ((long) bufferFrames * serverRate / lineRate()) + serverPeriod);
        captured = new float[CHUNK_FRAMES * channels];
        pending = new float[resampler.outputFor(CHUNK_FRAMES) * channels];
        pendingAt = 0;
        pendingEnd = 0;
        overruns = 0;
    }

    /** Realtime: copies the input ports into the ring; no lock, no allocation. */
    @Override
    void process(int nframes) {
        if (!isRunning()) {
            active = false;
            return;
        }
        int n = ring.writeFrom(client().buffers(), nframes);
        if (n < nframes) {
            overruns++;
        }
        active = true;
        serverFrames += nframes;
    }

    /**
     * Blocks until {@code len} bytes have been captured, or the line is stopped, flushed or closed (then returns
     * what it has).
     */
    @Override
    public int read(byte[] b, int off, int len) {
        LineFormats.checkFrames(b, off, len, getFormat().getFrameSize());
        if (!isOpen()) {
            return 0;
        }
        if (isGone()) {
            codec.encode(new float[len / frameSize * channels], 0, len / frameSize * channels, b, off); // silence
            return paceAsGone(len);
        }
        synchronized (reader) {
            int startEpoch = epoch;
            int done = 0;
            while (done < len && isOpen() && epoch == startEpoch && !isGone()) {
                forgetFlushed();
                if (pendingAt < pendingEnd) {
                    int frames = Math.min(pendingEnd - pendingAt, (len - done) / frameSize);
                    encode(pendingAt, frames, b, off + done);
                    pendingAt += frames;
                    done += frames * frameSize;
                    continue;
                }
                int got = ring.read(captured, CHUNK_FRAMES);
                if (got == 0) {
                    awaitFrames(Math.min(CHUNK_FRAMES, (int) ((long) (len - done) / frameSize * serverRate() / lineRate())));
                    continue;
                }
                pendingAt = 0;
                pendingEnd = resampler.process(captured, got, pending);
            }
            return done;
        }
    }

    private void encode(int fromFrame, int frames, byte[] b, int off) {
        codec.encode(pending, fromFrame * channels, frames * channels, b, off);
    }

    /** Under the reader lock: after a flush nothing resampled before it is handed out. */
    private void forgetFlushed() {
        if (flushedSinceLastLook()) {
            resampler.reset();
            pendingAt = 0;
            pendingEnd = 0;
        }
    }

    /** Capture has no queue to play out: returns at once. */
    @Override
    public void drain() {
    }

    @Override
    public int available() {
        if (!isOpen()) {
            return 0;
        }
        long frames = (long) ring.readable() * lineRate() / serverRate() + Math.max(0, pendingEnd - pendingAt);
        return (int) Math.min(frames * frameSize, getBufferSize());
    }

    /** Periods the callback dropped because the program did not read in time. */
    long overruns() {
        return overruns;
    }
}
