package io.tactus.server.driver;

import java.nio.FloatBuffer;

/**
 * No device: capture is silence, playback is discarded, and periods are paced by the engine's clock.
 * The default, and what CI and the stress test run on.
 */
public final class DummyDriver extends AudioDriver {


    public DummyDriver(int captureChannels, int playbackChannels) {
        this.captureChannels = captureChannels;
        this.playbackChannels = playbackChannels;
    }

    public DummyDriver() {
        this(2, 2);
    }

    @Override
    public String name() {
        return "dummy";
    }

    @Override
    public void open(int sampleRate, int nframes) {
        // Nothing to open.
    }

    /** Realtime: writes silence. */
    @Override
    public boolean read(FloatBuffer[] capture, int nframes) {
        for (FloatBuffer buffer : capture) {
            for (int i = 0; i < nframes; i++) {
                buffer.put(i, 0f);
            }
        }
        return true;
    }

    /** Realtime: discards. */
    @Override
    public void write(FloatBuffer[] playback, int nframes) {
        // The dummy device has no ears.
    }

    @Override
    public void close() {
        // Nothing held.
    }
}
