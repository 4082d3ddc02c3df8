package io.tactus.server.driver.javasound;

import javax.sound.sampled.DataLine;
import javax.sound.sampled.SourceDataLine;

/**
 * A playback line that plays in real time: while started, the device takes frames from its buffer at
 * the sample rate; {@link #write} blocks while the buffer is full. Its frame position is the frames
 * played, which never passes the frames written: a device that has played everything waits, as a
 * sound card restarted after an underrun does. {@link #runAhead} makes the device play faster than
 * time (an underrun on demand) and {@link #freeze} stalls it (a writer that cannot keep up).
 */
public final class VirtualSourceLine extends VirtualLine implements SourceDataLine {

    private long written;
    private long played;
    private long nonSilentFrames;

    VirtualSourceLine(DataLine.Info info) {
        super(info);
    }

    @Override
    protected long consume(long frames) {
        long n = Math.min(frames, written - played);
        played += n;
        if (n > 0) {
            notifyAll();
        }
        // Device time without data passes unused: the device waits for the writer.
        return frames;
    }

    @Override
    public synchronized int write(byte[] b, int off, int len) {
        int frameSize = format.getFrameSize();
        if (len % frameSize != 0) {
            throw new IllegalArgumentException("not a whole number of frames: " + len);
        }
        long seen = interruptions;
        int done = 0;
        while (done < len && open) {
            tick();
            int room = (int) (bufferFrames - (written - played));
            if (room > 0) {
                int frames = Math.min(room, (len - done) / frameSize);
                countNonSilent(b, off + done, frames * frameSize);
                written += frames;
                done += frames * frameSize;
            } else if (interruptions != seen) {
                break; // stopped, flushed or closed while waiting: return what was taken
            } else {
                pause();
            }
        }
        return done;
    }

    private void countNonSilent(byte[] b, int off, int len) {
        int frameSize = format.getFrameSize();
        for (int at = off; at < off + len; at += frameSize) {
            for (int i = 0; i < frameSize; i++) {
                if (b[at + i] != 0) {
                    nonSilentFrames++;
                    break;
                }
            }
        }
    }

    @Override
    public synchronized void drain() {
        long seen = interruptions;
        while (open && interruptions == seen) {
            tick();
            if (played >= written) {
                break;
            }
            pause();
        }
    }

    @Override
    public synchronized void flush() {
        written = played;
        interruptions++;
        notifyAll();
    }

    @Override
    public synchronized boolean isActive() {
        tick();
        return running && played < written;
    }

    @Override
    public synchronized int available() {
        tick();
        return (int) (bufferFrames - (written - played)) * format.getFrameSize();
    }

    @Override
    public synchronized long getLongFramePosition() {
        tick();
        return played;
    }

    /** Plays {@code frames} at once (at most what is buffered): the device ran ahead of its clock. */
    public synchronized void runAhead(long frames) {
        tick();
        played += Math.min(frames, written - played);
        notifyAll();
    }

    /** Frames written that were not all zero bytes: playback that carried sound. */
    public synchronized long nonSilentFrames() {
        return nonSilentFrames;
    }

    public synchronized long framesWritten() {
        return written;
    }
}
