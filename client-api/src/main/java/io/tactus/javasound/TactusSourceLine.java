package io.tactus.javasound;

import io.tactus.audio.PcmCodec;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.SourceDataLine;
import java.nio.FloatBuffer;

/**
 * A playback line: the program's thread decodes, resamples to the server's rate and fills a ring inside
 * {@link #write}; the process callback empties the ring into the ports, or plays silence (and, mid-stream,
 * counts an underrun) when it runs dry. All conversion cost lands on the program's thread, so a program that
 * writes 8-bit 8 kHz mono and one that writes float at the server's rate cost the graph the same.
 */
final class TactusSourceLine extends TactusDataLine implements SourceDataLine {

    /** Line frames converted per step: small enough to stay in cache, large enough to amortise the loop. */
    private static final int CHUNK_FRAMES = 1024;

    private final Object writer = new Object(); // one write or drain at a time

    private StreamResampler resampler;
    private PcmCodec codec;
    private float[] decoded;
    private float[] resampled;
    private int frameSize;
    private int channels;
    private volatile long framesWritten; // line frames accepted since open
    private volatile boolean draining;
    private volatile long underruns;
    private boolean flowing; // callback only: the last period was full

    TactusSourceLine(TactusMixer mixer, DataLine.Info info, AudioFormat defaultFormat) {
        super(mixer, info, true, defaultFormat);
    }

    @Override
    void allocate(AudioFormat format, int bufferFrames, int serverRate, int serverPeriod) {
        channels = format.getChannels();
        frameSize = format.getFrameSize();
        codec = PcmCodec.of(format);
        resampler = new StreamResampler(channels, lineRate(), serverRate);
        // The ring holds the buffer at the server's rate plus the resampler's slack, so an empty ring
        // reports exactly the buffer size as available.
        ring = new FrameRing(channels, (int) ((long) bufferFrames * serverRate / lineRate()) + 4);
        decoded = new float[CHUNK_FRAMES * channels];
        resampled = new float[resampler.outputFor(CHUNK_FRAMES) * channels];
        framesWritten = 0;
        underruns = 0;
        flowing = false;
    }

    /** Realtime: copies from the ring, zero-fills the rest; no lock, no allocation. */
    @Override
    void process(int nframes) {
        FloatBuffer[] out = client().buffers();
        int n = isRunning() ? ring.peekInto(out, nframes) : 0;
        for (FloatBuffer buffer : out) {
            for (int i = n; i < nframes; i++) {
                buffer.put(i, 0f);
            }
        }
        if (n < nframes && flowing && !draining) {
            underruns++;
        }
        flowing = n == nframes;
        active = n > 0;
        serverFrames += n; // before the ring frees the room: drain sees an empty ring only with the position there
        ring.consume(n);
    }

    /**
     * Blocks until all of {@code len} bytes are in the buffer, or the line is stopped, flushed or closed (then
     * returns what went in). Writing more than the buffer holds simply takes as long as the audio lasts.
     */
    @Override
    public int write(byte[] b, int off, int len) {
        LineFormats.checkFrames(b, off, len, getFormat().getFrameSize());
        if (!isOpen()) {
            return 0;
        }
        if (isGone()) {
            return paceAsGone(len);
        }
        synchronized (writer) {
            int startEpoch = epoch;
            int done = 0;
            while (done < len && isOpen() && epoch == startEpoch && !isGone()) {
                forgetFlushed();
                int wanted = Math.min((len - done) / frameSize, CHUNK_FRAMES);
                int frames = Math.min(wanted, resampler.inputFor(ring.writable()));
                if (frames == 0) {
                    awaitFrames(resampler.outputFor(wanted) - ring.writable());
                    continue;
                }
                codec.decode(b, off + done, decoded, frames * channels);
                ring.write(resampled, resampler.process(decoded, frames, resampled));
                framesWritten += frames;
                done += frames * frameSize;
            }
            return done;
        }
    }

    /** Blocks until everything written has played, or the line is flushed or closed. */
    @Override
    public void drain() {
        if (!isOpen() || isGone()) {
            return;
        }
        synchronized (writer) {
            draining = true;
            try {
                forgetFlushed();
                int tail = resampler.outputFor(2);
                while (ring.writable() < tail && playable()) {
                    awaitFrames(tail - ring.writable());
                }
                if (playable()) {
                    ring.write(resampled, resampler.finish(resampled)); // the last frames' interpolation
                }
                int flushesAtStart = flushes;
                while (ring.readable() > 0 && playable() && flushes == flushesAtStart) {
                    awaitFrames(ring.readable());
                }
            } finally {
                draining = false;
            }
        }
    }

    private boolean playable() {
        return isOpen() && !isGone();
    }

    /** Under the writer lock: after a flush the next sample starts a new stream. */
    private void forgetFlushed() {
        if (flushedSinceLastLook()) {
            resampler.reset();
        }
    }

    @Override
    public int available() {
        if (!isOpen()) {
            return 0;
        }
        long bytes = (long) resampler.inputFor(ring.writable()) * frameSize;
        return (int) Math.min(bytes, getBufferSize());
    }

    @Override
    long positionLimit() {
        return framesWritten;
    }

    /** Periods in which the running line ran dry mid-stream. */
    long underruns() {
        return underruns;
    }
}
