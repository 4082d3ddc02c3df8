package io.tactus.server.driver;

/**
 * One period of samples in a {@link PeriodRing} slot, allocated once with the ring and reused forever,
 * so neither end ever allocates per period. Channel-major float arrays, because that is how the engine's
 * port buffers are laid out and the realtime side then copies whole runs.
 */
public final class Period {

    public final float[][] samples;
    /** Valid frames; capture zero-pads the rest of the last period. */
    public int frames;
    /** Capture: this period holds the input's last frames. */
    public boolean last;
    /** Playback: frames dropped just before this period (paced overrun), written as silence. */
    public long gapFrames;

    public Period(int channels, int capacityFrames) {
        this.samples = new float[channels][capacityFrames];
    }
}
