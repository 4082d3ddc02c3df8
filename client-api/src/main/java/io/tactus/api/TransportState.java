package io.tactus.api;

/** The transport's state, as JACK's: stopped, rolling, or starting (waiting for slow-sync clients). */
public enum TransportState {
    STOPPED,
    ROLLING,
    STARTING;

    private static final TransportState[] VALUES = values();

    /** The state of this ordinal; for transports that carry it as a number. */
    public static TransportState ofOrdinal(int ordinal) {
        return VALUES[ordinal];
    }
}
