package io.tactus.server.control;

import io.tactus.server.driver.Driver;

import java.nio.FloatBuffer;
import java.util.concurrent.atomic.AtomicIntegerArray;

/** A paced driver whose capture is a constant and which remembers the first sample of each playback channel. */
final class RecordingDriver implements Driver {

    private final int channels;
    private final float capture;
    private final AtomicIntegerArray lastPlayback;

    RecordingDriver(int channels, float capture) {
        this.channels = channels;
        this.capture = capture;
        this.lastPlayback = new AtomicIntegerArray(channels);
    }

    @Override
    public String name() {
        return "recording";
    }

    @Override
    public void open(int sampleRate, int nframes) {
        // nothing to open
    }

    @Override
    public int captureChannels() {
        return channels;
    }

    @Override
    public int playbackChannels() {
        return channels;
    }

    @Override
    public boolean isPaced() {
        return true;
    }

    @Override
    public boolean read(FloatBuffer[] buffers, int nframes) {
        for (FloatBuffer buffer : buffers) {
            for (int i = 0; i < nframes; i++) {
                buffer.put(i, capture);
            }
        }
        return true;
    }

    @Override
    public void write(FloatBuffer[] playback, int nframes) {
        for (int c = 0; c < playback.length; c++) {
            lastPlayback.lazySet(c, Float.floatToRawIntBits(playback[c].get(nframes - 1)));
        }
    }

    /** The last sample of the last period written to {@code system:playback_<channel + 1>}. */
    float lastPlayback(int channel) {
        return Float.intBitsToFloat(lastPlayback.get(channel));
    }

    @Override
    public void close() {
        // nothing held
    }
}
