package io.tactus.server.driver.javasound;

import io.tactus.server.driver.Periods;
import io.tactus.server.driver.Join;
import io.tactus.server.driver.Period;
import io.tactus.server.driver.PeriodRing;
import io.tactus.audio.PcmCodec;

import javax.sound.sampled.TargetDataLine;
import java.util.concurrent.locks.LockSupport;

/**
 * The javasound capture thread: reads one period at a time from the device's {@link TargetDataLine}
 * (a blocking read, so the device paces it), decodes it and publishes it to a {@link PeriodRing} for
 * the engine. The line is started only when the engine asks for its first period, so the engine's
 * warm-up does not fill it. A full ring (the engine fell behind) loses the newest period and a full
 * line (this thread fell behind) loses what the device could not keep; both count as overruns.
 */
final class LineRecorder implements Runnable {

    private final TargetDataLine line;
    private final PeriodRing ring;
    private final PcmCodec codec;
    private final int nframes;
    private final byte[] bytes;
    private final long idleNanos;
    private final Thread thread;

    private volatile boolean wanted;
    private volatile boolean closing;
    private volatile long overruns;
    private volatile RuntimeException failure;
    private boolean overflowing;

    LineRecorder(TargetDataLine line, PeriodRing ring, int nframes, long idleNanos) {
        this.line = line;
        this.ring = ring;
        this.codec = PcmCodec.of(line.getFormat());
        this.nframes = nframes;
        this.bytes = new byte[nframes * codec.frameSize()];
        this.idleNanos = idleNanos;
        this.thread = new Thread(this, "tactus-javasound-reader");
        thread.setDaemon(true);
    }

    void start() {
        thread.start();
    }

    /** Realtime, allocation-free: the engine wants capture now; the thread starts the line. */
    void request() {
        if (!wanted) {
            wanted = true;
        }
    }

    /** Stops the device, ends the thread and closes the line. */
    void stop() {
        closing = true;
        Join.closeLine(line, thread);
    }

    /** Periods lost because the ring or the line was full. */
    long overruns() {
        return overruns;
    }

    RuntimeException failure() {
        return failure;
    }

    @Override
    public void run() {
        try {
            while (!wanted && !closing) {
                LockSupport.parkNanos(idleNanos);
            }
            if (!closing) {
                line.start();
            }
            while (!closing) {
                doWork();
            }
        } catch (RuntimeException e) {
            if (!closing) {
                failure = e; // the engine's reads now find the ring empty: counted there
            }
        }
    }

    /** Reads one period from the device and publishes it, or counts it lost. */
    private void doWork() {
        boolean full = line.available() >= line.getBufferSize();
        if (full && !overflowing) {
            overruns = overruns + 1; // the device is dropping what it captures: one episode
        }
        overflowing = full;
        int done = 0;
        while (done < bytes.length && !closing) {
            done += line.read(bytes, done, bytes.length - done);
        }
        if (closing) {
            return;
        }
        long sequence = ring.tryClaim();
        if (sequence < 0) {
            overruns = overruns + 1;
            return;
        }
        Period period = ring.get(sequence);
        codec.decode(bytes, nframes, period.samples, 0);
        period.frames = nframes;
        ring.publish(sequence);
    }
}
