package io.tactus.server.driver;

/**
 * What every audio driver keeps alike, as JACK2's {@code JackAudioDriver} does: its channel counts (set
 * when constructed or opened) and the wall clock as pacer. A driver that can freewheel overrides
 * {@link #isPaced}.
 */
public abstract class AudioDriver implements Driver {

    protected int captureChannels;
    protected int playbackChannels;

    @Override
    public final int captureChannels() {
        return captureChannels;
    }

    @Override
    public final int playbackChannels() {
        return playbackChannels;
    }

    /** Paced by the engine's clock; a device's lines follow through their buffers. */
    @Override
    public boolean isPaced() {
        return true;
    }
}
