package io.tactus.javasound;

import javax.sound.midi.MidiDevice;
import javax.sound.midi.spi.MidiDeviceProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * Makes unmodified {@code javax.sound.midi} programs Tactus clients: with the client jar on the class path and
 * {@code -Djavax.sound.midi.Receiver=#Tactus}, {@code MidiSystem.getReceiver()} plays into a Tactus client's
 * {@code midi_out}; with {@code -Djavax.sound.midi.Transmitter=#Tactus}, {@code MidiSystem.getTransmitter()} reads
 * its {@code midi_in}. Without such a property the provider lists no device, for the mixer provider's reason
 * ({@link TactusMixerProvider}): a provider that always answered would take over every program with the jar.
 */
public final class TactusMidiDeviceProvider extends MidiDeviceProvider {

    @Override
    public MidiDevice.Info[] getDeviceInfo() {
        List<MidiDevice.Info> offered = new ArrayList<>();
        for (TactusMidiDevice device : offered()) {
            offered.add(device.getDeviceInfo());
        }
        return offered.toArray(new MidiDevice.Info[0]);
    }

    @Override
    public MidiDevice getDevice(MidiDevice.Info info) {
        for (TactusMidiDevice device : offered()) {
            if (device.getDeviceInfo().equals(info)) {
                return device;
            }
        }
        throw new IllegalArgumentException("the Tactus MIDI device provider has no device " + info);
    }

    /** The devices the program asked for: the output for a Receiver property, the input for a Transmitter one. */
    private static List<TactusMidiDevice> offered() {
        List<TactusMidiDevice> devices = new ArrayList<>(2);
        if (MidiDeviceSettings.offers(System.getProperties(), MidiDeviceSettings.RECEIVER_PROPERTY)) {
            devices.add(TactusMidiOut.INSTANCE);
        }
        if (MidiDeviceSettings.offers(System.getProperties(), MidiDeviceSettings.TRANSMITTER_PROPERTY)) {
            devices.add(TactusMidiIn.INSTANCE);
        }
        return devices;
    }
}
