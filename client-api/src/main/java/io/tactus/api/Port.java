package io.tactus.api;

import java.nio.FloatBuffer;

/**
 * A port owned by a client. Its buffer is valid only inside the client's
 * {@link ProcessCallback#process(int)} call: an audio port's holds exactly {@code nframes} samples and is
 * rewound before every call, so both absolute and relative access work; a MIDI port's holds the period's
 * events, an output's cleared before every call. Input buffers are read-only.
 */
public interface Port {

    /** Full name, {@code client:port}. */
    String name();

    /** The part after the colon. */
    String shortName();

    boolean isInput();

    default boolean isOutput() {
        return !isInput();
    }

    PortType type();

    /** This period's samples of an audio port. Call it only from the process callback; allocation-free. */
    FloatBuffer getFloatBuffer();

    /** This period's events of a MIDI port. Call it only from the process callback; allocation-free. */
    default MidiBuffer getMidiBuffer() {
        throw new IllegalStateException("port '" + name() + "' is an audio port; only a MIDI port has a MIDI buffer");
    }
}
