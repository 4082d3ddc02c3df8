package io.tactus.server.driver.wav;

import io.tactus.server.driver.Join;
import io.tactus.server.driver.Period;
import io.tactus.server.driver.PeriodRing;
import javax.sound.sampled.AudioSystem;
import java.io.IOException;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The capture side's own thread: decodes the input file ahead of the engine into a {@link PeriodRing},
 * so the realtime {@code read} only copies floats. Reading a whole ring ahead costs memory and a short
 * wait at open, but lets a paced run ride out disk stalls as long as the ring. A read error ends the
 * input (the engine stops at the next period) and is kept for {@link #failure()}, never lost.
 */
final class CaptureReader implements Runnable {

    private final WavSource source;
    private final PeriodRing ring;
    private final int nframes;
    private final long idleNanos;
    private final byte[] bytes;
    private final Thread thread;
    /** Opened once the ring is full or the input has ended, so the first periods never underrun. */
    private final CountDownLatch primed = new CountDownLatch(1);

    private volatile boolean running = true;
    private volatile Exception failure;
    private long framesRead;
    private boolean ended;

    CaptureReader(WavSource source, PeriodRing ring, int nframes, long idleNanos) {
        this.source = source;
        this.ring = ring;
        this.nframes = nframes;
        this.idleNanos = idleNanos;
        this.bytes = new byte[nframes * source.codec.frameSize()];
        this.thread = new Thread(this, "tactus-wav-reader");
        thread.setDaemon(true);
    }

    /** Starts the thread and waits (bounded) until it has read a ring's worth ahead. */
    void start() {
        thread.start();
        try {
            primed.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Stops the thread, waits for it, and closes the file. */
    void stop() {
        running = false;
        LockSupport.unpark(thread);
        Join.uninterruptibly(thread);
        try {
            source.close();
        } catch (IOException e) {
            // Reading is over; a failure to close a read-only file loses nothing.
        }
    }

    /** The read error that ended the input early, or null. */
    Exception failure() {
        return failure;
    }

    @Override
    public void run() {
        try {
            while (running && !ended) {
                if (doWork() == 0) {
                    primed.countDown();
                    LockSupport.parkNanos(idleNanos);
                }
            }
        } finally {
            primed.countDown();
        }
    }

    /** Decodes one period into the ring if there is room; returns how many it did (0 or 1). */
    private int doWork() {
        long sequence = ring.tryClaim();
        if (sequence < 0) {
            return 0;
        }
        Period period = ring.get(sequence);
        try {
            fill(period);
        } catch (IOException | RuntimeException e) {
            failure = e;
            // End the input here: the engine stops cleanly and close() reports the cause.
            period.frames = 0;
            period.last = true;
            ended = true;
            for (float[] channel : period.samples) {
                Arrays.fill(channel, 0f);
            }
        }
        // Always publish what was claimed: the ring needs claim and publish to alternate.
        ring.publish(sequence);
        return 1;
    }

    private void fill(Period period) throws IOException {
        int frameSize = source.codec.frameSize();
        int filled = 0;
        while (filled < bytes.length) {
            int n = source.stream.read(bytes, filled, bytes.length - filled);
            if (n < 0) {
                break;
            }
            filled += n;
        }
        int frames = filled / frameSize;
        source.codec.decode(bytes, frames, period.samples, 0);
        for (float[] channel : period.samples) {
            Arrays.fill(channel, frames, nframes, 0f); // pads the last period
        }
        framesRead += frames;
        boolean knownEnd = source.frameLength != AudioSystem.NOT_SPECIFIED && framesRead >= source.frameLength;
        period.frames = frames;
        period.last = frames < nframes || knownEnd;
        ended = period.last;
    }
}
