package io.tactus.api;

/** JACK's well-known metadata keys ({@code jack/metadata.h}), for {@link TactusClient#setProperty}. */
public final class MetadataKeys {

    private static final String PREFIX = "http://jackaudio.org/metadata/";

    /** A name for people to read, shown by {@code lsp} beside the port's name. */
    public static final String PRETTY_NAME = PREFIX + "pretty-name";
    /** The group a port belongs to, e.g. the two channels of a stereo pair. */
    public static final String PORT_GROUP = PREFIX + "port-group";
    /** What an audio port's signal is: "AUDIO" or "CV". */
    public static final String SIGNAL_TYPE = PREFIX + "signal-type";
    /** The port's place among its client's ports, an integer (type {@code http://www.w3.org/2001/XMLSchema#integer}). */
    public static final String ORDER = PREFIX + "order";
    /** What events a MIDI port carries, e.g. "MIDI" or "OSC". */
    public static final String EVENT_TYPES = PREFIX + "event-types";
    /** The hardware a physical port stands for. */
    public static final String HARDWARE = PREFIX + "hardware";
    /** A port that is, or a client whose ports are, connected to the subject. */
    public static final String CONNECTED = PREFIX + "connected";
    /** A freedesktop.org icon name. */
    public static final String ICON_NAME = PREFIX + "icon-name";
    /** A 32x32 PNG icon, base64. */
    public static final String ICON_SMALL = PREFIX + "icon-small";
    /** A 128x128 PNG icon, base64. */
    public static final String ICON_LARGE = PREFIX + "icon-large";

    private MetadataKeys() {
    }
}
