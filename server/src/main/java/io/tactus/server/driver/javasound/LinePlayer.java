package io.tactus.server.driver.javasound;

import io.tactus.server.driver.Join;
import io.tactus.server.driver.Period;
import io.tactus.server.driver.PeriodRing;
import io.tactus.audio.PcmCodec;

import javax.sound.sampled.SourceDataLine;
import java.util.concurrent.locks.LockSupport;

/**
 * The javasound playback thread: takes finished periods from a {@link PeriodRing}, encodes them and
 * writes them to the device's {@link SourceDataLine}, whose blocking {@code write} is what keeps this
 * thread in step with the device. At the first period it fills the line with silence up to one period
 * short of its buffer and starts it, so the device has the whole buffer to play while the next period
 * comes: a full buffer of latency bought for the widest margin against a late writer.
 *
 * <p>Underruns are read from the device's frame position: once it has caught up with the frames
 * written, the device has played everything and is playing silence (and a blocking write that lasted
 * longer than the device had to play tells the same afterwards). Each such episode counts once;
 * the next write first refills the margin with silence, so one stall does not become a run of them.
 */
final class LinePlayer implements Runnable {

    private final SourceDataLine line;
    private final PeriodRing ring;
    private final PcmCodec codec;
    private final byte[] bytes;
    private final byte[] silence;
    /** Silence written before the first period and after an underrun: the buffer less one period. */
    private final long marginFrames;
    private final long idleNanos;
    private final double framesPerNano;
    /** A millisecond of frames: the device's clock may run a little ahead of ours. */
    private final long slackFrames;
    private final Thread thread;

    private volatile boolean closing;
    private volatile long underruns;
    private volatile long framesWritten;
    private volatile RuntimeException failure;
    private boolean started;
    private boolean dry;

    LinePlayer(SourceDataLine line, PeriodRing ring, int nframes, long idleNanos) {
        this.line = line;
        this.ring = ring;
        this.codec = PcmCodec.of(line.getFormat());
        this.bytes = new byte[nframes * codec.frameSize()];
        this.silence = new byte[bytes.length]; // zero bytes are silence in every format we play
        this.marginFrames = Math.max(0, line.getBufferSize() / codec.frameSize() - nframes);
        this.idleNanos = idleNanos;
        this.framesPerNano = line.getFormat().getSampleRate() / 1e9;
        this.slackFrames = (long) (line.getFormat().getSampleRate() / 1000);
        this.thread = new Thread(this, "tactus-javasound-writer");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Stops the device at once (what is queued is not played), ends the thread and closes the line. */
    void stop() {
        closing = true;
        Join.closeLine(line, thread);
    }

    /** Underrun episodes so far: times the device played everything it had. */
    long underruns() {
        return underruns;
    }

    /** Frames handed to the line, silence included. */
    long framesWritten() {
        return framesWritten;
    }

    /** What ended the thread early (the device failed), or null. */
    RuntimeException failure() {
        return failure;
    }

    @Override
    public void run() {
        try {
            while (!closing) {
                if (doWork() == 0) {
                    isDry(); // notice an underrun while the engine sends nothing
                    LockSupport.parkNanos(idleNanos);
                }
            }
        } catch (RuntimeException e) {
            if (!closing) {
                failure = e; // the RT side's ring now fills: every lost period is counted there
            }
        }
    }

    /** Plays the oldest period in the ring, if any; returns how many it played (0 or 1). */
    private int doWork() {
        long sequence = ring.poll();
        if (sequence < 0) {
            return 0;
        }
        Period period = ring.get(sequence);
        int frames = period.frames;
        codec.encode(period.samples, frames, bytes);
        ring.release(sequence); // the engine may refill the slot while this thread waits on the device
        if (!started) {
            writeSilence(marginFrames);
            line.start();
            started = true;
        } else if (isDry()) {
            writeSilence(marginFrames);
        }
        write(bytes, frames);
        return 1;
    }

    /** True when the device has played every frame written; counts the episode when it begins. */
    private boolean isDry() {
        if (!started || line.getLongFramePosition() < framesWritten) {
            return false;
        }
        if (!dry) {
            dry = true;
            underruns = underruns + 1; // this thread is the only writer
        }
        return true;
    }

    private void writeSilence(long frames) {
        long left = frames;
        while (left > 0 && !closing) {
            int n = (int) Math.min(left, silence.length / codec.frameSize());
            write(silence, n);
            left -= n;
        }
    }

    /**
     * Blocks until the line has taken {@code frames} (it returns early only when stopped at close). A
     * write that took longer than the device needs to play what it had plus these frames means the device
     * ran dry meanwhile (this thread was off the CPU inside the call): an underrun the position check
     * before the call could not see.
     */
    private void write(byte[] from, int frames) {
        int length = frames * codec.frameSize();
        long queued = framesWritten - line.getLongFramePosition();
        long start = System.nanoTime();
        int done = 0;
        while (done < length && !closing) {
            done += line.write(from, done, length - done);
        }
        long due = (long) ((System.nanoTime() - start) * framesPerNano);
        if (!dry && started && due > queued + frames + slackFrames) {
            underruns = underruns + 1;
        }
        framesWritten = framesWritten + done / codec.frameSize(); // less than asked only when stopped at close
        dry = false;
    }
}
