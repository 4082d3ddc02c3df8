package io.tactus.clients;

import io.tactus.server.driver.Driver;

import java.nio.FloatBuffer;
import java.util.concurrent.locks.LockSupport;

/**
 * Test only: holds a real driver back until the test has built its graph, so the first frame the real
 * driver sees is the first frame of the render. Until {@link #openGate()} the engine gets silent capture
 * without any input being consumed, and its playback is discarded; from then on every call goes to the
 * real driver untouched. The gate is latched in {@link #read}, so a cycle is wholly before or wholly after
 * it, never half of each.
 */
final class GatedDriver implements Driver {

    private static final long CLOSED_GATE_PAUSE_NANOS = 100_000;

    private final Driver driver;
    private volatile boolean gateOpen;
    private boolean live; // engine thread only

    GatedDriver(Driver driver) {
        this.driver = driver;
    }

    /** Lets audio flow from the next cycle on; call once the graph is complete. */
    void openGate() {
        gateOpen = true;
    }

    /** Engine thread: true from the first cycle that reached the real driver. */
    boolean isLive() {
        return live;
    }

    @Override
    public String name() {
        return driver.name();
    }

    @Override
    public void open(int sampleRate, int nframes) {
        driver.open(sampleRate, nframes);
    }

    @Override
    public int captureChannels() {
        return driver.captureChannels();
    }

    @Override
    public int playbackChannels() {
        return driver.playbackChannels();
    }

    @Override
    public boolean isPaced() {
        return driver.isPaced();
    }

    @Override
    public boolean read(FloatBuffer[] capture, int nframes) {
        if (!live && !gateOpen) {
            for (FloatBuffer buffer : capture) {
                for (int i = 0; i < nframes; i++) {
                    buffer.put(i, 0f);
                }
            }
            // A freewheeling engine would otherwise spin a core while the test builds the graph.
            LockSupport.parkNanos(CLOSED_GATE_PAUSE_NANOS);
            return true;
        }
        live = true;
        return driver.read(capture, nframes);
    }

    @Override
    public void write(FloatBuffer[] playback, int nframes) {
        if (live) {
            driver.write(playback, nframes);
        }
    }

    @Override
    public void close() {
        driver.close();
    }
}
