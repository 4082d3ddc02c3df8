package io.tactus.javasound;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sound.midi.MidiDevice;
import javax.sound.midi.MidiSystem;
import javax.sound.midi.MidiUnavailableException;
import java.nio.file.Path;
import java.util.Arrays;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MIDI provider as MidiSystem sees it, without a server: which device answers, and when none does. */
class TactusMidiDeviceProviderTest {

    private static final String[] KEYS = {MidiDeviceSettings.RECEIVER_PROPERTY, MidiDeviceSettings.TRANSMITTER_PROPERTY,
            JavaSoundSettings.SERVER, "tactus.runtime.dir"};

    @TempDir
    Path runtime;

    @AfterEach
    void clearProperties() {
        for (String key : KEYS) {
            System.clearProperty(key);
        }
    }

    @Test
    void shouldListNoDeviceWithoutTheProperties() {
        assertEquals(0, new TactusMidiDeviceProvider().getDeviceInfo().length);
        assertFalse(Arrays.stream(MidiSystem.getMidiDeviceInfo()).anyMatch(i -> i.getName().equals("Tactus")),
                "a program that only has the jar on its class path does not see the devices");
    }

    @Test
    void shouldOfferEachDeviceOnlyForItsOwnProperty() throws Exception {
        System.setProperty(MidiDeviceSettings.RECEIVER_PROPERTY, "#Tactus");
        MidiDevice.Info[] infos = new TactusMidiDeviceProvider().getDeviceInfo();
        assertEquals(1, infos.length);
        assertSame(TactusMidiOut.INSTANCE, MidiSystem.getMidiDevice(infos[0]));
        System.setProperty(MidiDeviceSettings.TRANSMITTER_PROPERTY, TactusMidiDeviceProvider.class.getName());
        assertEquals(2, new TactusMidiDeviceProvider().getDeviceInfo().length);
        assertEquals(0, TactusMidiOut.INSTANCE.getMaxTransmitters());
        assertEquals(0, TactusMidiIn.INSTANCE.getMaxReceivers());
        assertEquals(-1, TactusMidiOut.INSTANCE.getMicrosecondPosition(), "a closed device keeps no time");
    }

    @Test
    void shouldSayThatNoServerRunsWhenTheDefaultReceiverIsAskedForWithoutOne() {
        System.setProperty(MidiDeviceSettings.RECEIVER_PROPERTY, "#Tactus");
        System.setProperty(JavaSoundSettings.SERVER, "nobody-here");
        System.setProperty("tactus.runtime.dir", runtime.toString());
        MidiUnavailableException e = assertThrows(MidiUnavailableException.class, MidiSystem::getReceiver);
        assertEquals("no Tactus server named 'nobody-here' is running; start one with ./tactus server", e.getMessage());
        assertFalse(TactusMidiOut.INSTANCE.isOpen());
    }

    @Test
    void shouldReadTheClientNameAndConnectionsFromTheProperties() {
        java.util.Properties p = new java.util.Properties();
        p.setProperty(MidiDeviceSettings.NAME, "my synth");
        p.setProperty(MidiDeviceSettings.CONNECT, " fluid:midi_in , rec:midi_in,");
        MidiDeviceSettings settings = MidiDeviceSettings.of(p);
        assertEquals("my_synth", settings.clientName());
        assertEquals(java.util.List.of("fluid:midi_in", "rec:midi_in"), settings.connections());
        assertTrue(MidiDeviceSettings.of(new java.util.Properties()).connections().isEmpty(), "nothing connects by default");
    }
}
