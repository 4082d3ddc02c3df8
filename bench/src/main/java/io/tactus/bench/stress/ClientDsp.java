package io.tactus.bench.stress;

import io.tactus.api.TactusException;

import java.util.Locale;

/**
 * What each stress client computes for its {@code --work}. {@code mixer}: jack_test3's, every output the mean of all
 * inputs and then the stages ({@link io.tactus.clients.Jt3Client}, and the native {@code tactus_jt3} that runs on
 * both servers in {@code compare jackd}). {@code cascade}: the JACK2 reference client's, each input through the
 * stages to its own output ({@link io.tactus.clients.CascadeClient}), about half the arithmetic for the same stages,
 * for comparisons against that client.
 */
public enum ClientDsp {
    MIXER, CASCADE;

    public static ClientDsp parse(String text) {
        for (ClientDsp dsp : values()) {
            if (dsp.label().equals(text == null ? "" : text.trim().toLowerCase(Locale.ROOT))) {
                return dsp;
            }
        }
        throw new TactusException("--dsp must be mixer or cascade, not '" + text + "'");
    }

    /** "mixer", "cascade": the word on the command line and in reports. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
