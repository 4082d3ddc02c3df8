package io.tactus.api;

import java.nio.FloatBuffer;

/**
 * A port owned by a client. Its buffer is valid only inside the client's
 * {@link ProcessCallback#process(int)} call and holds exactly {@code nframes} samples; input buffers
 * are read-only. The buffer is rewound before every call, so both absolute and relative access work.
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

    /** This period's samples. Call it only from the process callback; allocation-free. */
    FloatBuffer getFloatBuffer();
}
