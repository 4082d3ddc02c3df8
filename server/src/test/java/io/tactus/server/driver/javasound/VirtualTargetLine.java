package io.tactus.server.driver.javasound;

import io.tactus.audio.PcmCodec;

import javax.sound.sampled.DataLine;
import javax.sound.sampled.TargetDataLine;

/**
 * A capture line that captures in real time: while started, the device adds frames of a known signal
 * ({@link #tone}) to its buffer at the sample rate, and {@link #read} blocks until there are enough. A
 * buffer left full loses its oldest frames, as a sound card's does when nobody reads.
 */
public final class VirtualTargetLine extends VirtualLine implements TargetDataLine {

    private long captured;
    private long readPosition;
    private long lost;

    VirtualTargetLine(DataLine.Info info) {
        super(info);
    }

    /**
     * The signal at device frame {@code frame}: a ramp over 256 frames, exact in 16-bit PCM, so that
     * a test can tell which frame it got and whether any went missing; the second channel is negated.
     */
    public static float tone(long frame, int channel) {
        float ramp = ((frame % 256) - 128) / 256f;
        return channel == 0 ? ramp : 0f - ramp; // never -0.0: the codec gives +0.0 back
    }

    @Override
    protected long consume(long frames) {
        captured += frames;
        long over = captured - readPosition - bufferFrames;
        if (over > 0) {
            lost += over;
            readPosition += over;
        }
        notifyAll();
        return frames;
    }

    @Override
    public synchronized int read(byte[] b, int off, int len) {
        int frameSize = format.getFrameSize();
        if (len % frameSize != 0) {
            throw new IllegalArgumentException("not a whole number of frames: " + len);
        }
        long seen = interruptions;
        int done = 0;
        while (done < len && open) {
            tick();
            int frames = (int) Math.min(captured - readPosition, (len - done) / frameSize);
            if (frames > 0) {
                fill(b, off + done, frames);
                readPosition += frames;
                done += frames * frameSize;
            } else if (interruptions != seen || !running) {
                break; // stopped, flushed or closed: return what there was
            } else {
                pause();
            }
        }
        return done;
    }

    private void fill(byte[] b, int off, int frames) {
        float[][] samples = new float[format.getChannels()][frames];
        for (int ch = 0; ch < samples.length; ch++) {
            for (int i = 0; i < frames; i++) {
                samples[ch][i] = tone(readPosition + i, ch);
            }
        }
        byte[] encoded = new byte[frames * format.getFrameSize()];
        PcmCodec.of(format).encode(samples, frames, encoded);
        System.arraycopy(encoded, 0, b, off, encoded.length);
    }

    @Override
    public synchronized void drain() {
        long seen = interruptions;
        while (open && running && interruptions == seen && captured > readPosition) {
            pause();
            tick();
        }
    }

    @Override
    public synchronized void flush() {
        tick();
        readPosition = captured;
        interruptions++;
        notifyAll();
    }

    @Override
    public synchronized boolean isActive() {
        return running;
    }

    @Override
    public synchronized int available() {
        tick();
        return (int) (captured - readPosition) * format.getFrameSize();
    }

    @Override
    public synchronized long getLongFramePosition() {
        tick();
        return captured;
    }

    /** Frames the device captured that nobody read in time. */
    public synchronized long lostFrames() {
        return lost;
    }

    /** The device frame the next read starts at. */
    public synchronized long readPosition() {
        return readPosition;
    }
}
