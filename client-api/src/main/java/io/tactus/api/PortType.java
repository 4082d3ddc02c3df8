package io.tactus.api;

/**
 * The kind of data a port carries, as JACK's two default port types: 32-bit float mono audio (one buffer
 * of {@code nframes} samples per period) and raw MIDI (one {@link MidiBuffer} of time-stamped events per
 * period). A port connects only to ports of its own type.
 */
public enum PortType {
    AUDIO("32 bit float mono audio", "an audio port"),
    MIDI("8 bit raw midi", "a MIDI port");

    private final String jackName;
    private final String described;

    PortType(String jackName, String described) {
        this.jackName = jackName;
        this.described = described;
    }

    /** "an audio port", "a MIDI port": as a sentence names a port of this type. */
    public String describe() {
        return described;
    }

    /** JACK's name for the type ({@code JACK_DEFAULT_AUDIO_TYPE}, {@code JACK_DEFAULT_MIDI_TYPE}). */
    public String jackName() {
        return jackName;
    }

    /** Lower case, as the command line prints it ("audio", "midi"). */
    public String label() {
        return name().toLowerCase(java.util.Locale.ROOT);
    }
}
