package io.tactus.server.control;

import io.tactus.server.driver.Driver;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A paced driver whose capture is silence but for one impulse (1.0 at frame 0 of one period, once
 * {@link #fire}d), and which counts the periods of {@code system:playback_1} that are not silent and keeps
 * their peak: one impulse arriving in step is one period, two paths out of step are two. Allocation-free.
 */
final class ImpulseDriver implements Driver {

    private volatile boolean armed;
    private final AtomicInteger heardPeriods = new AtomicInteger();
    private volatile float peak;

    void fire() {
        heardPeriods.set(0);
        peak = 0;
        armed = true;
    }

    /** Periods of playback 1 with a non-zero sample since the last {@link #fire}. */
    int heardPeriods() {
        return heardPeriods.get();
    }

    /** The largest sample of playback 1 since the last {@link #fire}. */
    float peak() {
        return peak;
    }

    @Override
    public String name() {
        return "impulse";
    }

    @Override
    public void open(int sampleRate, int nframes) {
        // nothing to open
    }

    @Override
    public int captureChannels() {
        return 1;
    }

    @Override
    public int playbackChannels() {
        return 1;
    }

    @Override
    public boolean isPaced() {
        return true;
    }

    @Override
    public boolean read(FloatBuffer[] buffers, int nframes) {
        boolean impulse = armed;
        armed = false;
        for (FloatBuffer buffer : buffers) {
            for (int i = 0; i < nframes; i++) {
                buffer.put(i, impulse && i == 0 ? 1f : 0f);
            }
        }
        return true;
    }

    @Override
    public void write(FloatBuffer[] playback, int nframes) {
        if (playback.length == 0) {
            return; // the empty plan before the first switch
        }
        float max = 0;
        for (int i = 0; i < nframes; i++) {
            max = Math.max(max, Math.abs(playback[0].get(i)));
        }
        if (max != 0) {
            heardPeriods.incrementAndGet();
            peak = Math.max(peak, max);
        }
    }

    @Override
    public void close() {
        // nothing held
    }
}
