package io.tactus.javasound;

import javax.sound.sampled.Mixer;
import javax.sound.sampled.spi.MixerProvider;

/**
 * Makes unmodified {@code javax.sound.sampled} programs Tactus clients: with the client jar on the class path
 * and {@code -Djavax.sound.sampled.SourceDataLine=#Tactus} (or {@code TargetDataLine}), {@code AudioSystem}
 * hands out the {@link TactusMixer}'s lines. Without such a property the provider lists no mixer at all: the JDK
 * asks class-path providers first, and a provider that always answered would take over every program that has
 * the jar on its class path, the Tactus server's own sound-card driver among them.
 */
public final class TactusMixerProvider extends MixerProvider {

    @Override
    public Mixer.Info[] getMixerInfo() {
        return TactusMixer.offered() ? new Mixer.Info[] {TactusMixer.info()} : new Mixer.Info[0];
    }

    /** The Tactus mixer for its info, or for null (this provider's default) when the program asked for it. */
    @Override
    public Mixer getMixer(Mixer.Info info) {
        if (TactusMixer.offered() && (info == null || info.equals(TactusMixer.info()))) {
            return TactusMixer.INSTANCE;
        }
        throw new IllegalArgumentException("the Tactus mixer provider has no mixer " + info);
    }
}
