package io.tactus.javasound;

import io.tactus.api.ClientOptions;

import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * What a {@code javax.sound.midi} program can tell the Tactus MIDI devices, through system properties as for the
 * mixer ({@link JavaSoundSettings}): which server, which client name, and which ports to connect. Read once per
 * opened device. The server has no MIDI ports of its own, so a device connects nothing unless told: a program's
 * notes reach a synthesizer client when {@value #CONNECT} names it, or when someone connects them by hand.
 *
 * <p>Opt-in like the mixer: the devices show only when {@code javax.sound.midi.Receiver} or
 * {@code javax.sound.midi.Transmitter} names "Tactus", so a program that merely has the jar keeps its own devices.
 */
record MidiDeviceSettings(String serverName, String clientName, List<String> connections) {

    /** The client's name; made unique with "-2", "-3"... when the server has one of that name already. */
    static final String NAME = "tactus.midi.name";
    /** Full port names, comma-separated: the receiver's {@code midi_out} feeds them, the transmitter's {@code midi_in} reads them. */
    static final String CONNECT = "tactus.midi.connect";

    static final String RECEIVER_PROPERTY = "javax.sound.midi.Receiver";
    static final String TRANSMITTER_PROPERTY = "javax.sound.midi.Transmitter";

    static MidiDeviceSettings current() {
        return of(System.getProperties());
    }

    static MidiDeviceSettings of(Properties p) {
        String name = p.getProperty(NAME);
        List<String> connections = new ArrayList<>();
        for (String port : p.getProperty(CONNECT, "").split(",")) {
            if (!port.isBlank()) {
                connections.add(port.trim());
            }
        }
        return new MidiDeviceSettings(
                p.getProperty(JavaSoundSettings.SERVER, ClientOptions.DEFAULT_SERVER),
                JavaSoundSettings.sanitize(name != null && !name.isBlank() ? name
                        : JavaSoundSettings.programName(p.getProperty("sun.java.command"))),
                List.copyOf(connections));
    }

    /** True when {@code deviceProperty} names the Tactus devices or their provider, in the JDK's syntax. */
    static boolean offers(Properties p, String deviceProperty) {
        return JavaSoundSettings.names(p.getProperty(deviceProperty), TactusMidiDevice.NAME,
                TactusMidiDeviceProvider.class);
    }
}
