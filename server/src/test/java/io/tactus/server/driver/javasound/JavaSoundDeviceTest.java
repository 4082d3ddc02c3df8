package io.tactus.server.driver.javasound;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.driver.javasound.VirtualDeviceProvider.DEVICE_NAME;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class JavaSoundDeviceTest {

    @Test
    void shouldListTheTestDeviceWithItsChannelsAndNeverOurOwnMixer() {
        List<JavaSoundDevice> devices = JavaSoundDevice.list();

        JavaSoundDevice device = devices.stream().filter(d -> d.name().equals(DEVICE_NAME)).findFirst().orElseThrow();
        assertEquals(2, device.playbackChannels());
        assertEquals(2, device.captureChannels());
        assertEquals("'Tactus Test Device': playback up to 2 ch, capture up to 2 ch (Virtual real-time device for Tactus tests)",
                device.describe());
        assertFalse(devices.stream().anyMatch(d -> d.name().equals(JavaSoundDevice.OWN_MIXER)),
                "the 'Tactus' mixer is listed first by AudioSystem but is never a device");
    }

    @Test
    void shouldChooseTheFirstPlaybackDeviceSkippingTactus() {
        // Holds where the virtual devices are the only ones (this machine has no sound card).
        assumeTrue(JavaSoundDevice.list().get(0).name().equals(DEVICE_NAME));

        assertEquals(DEVICE_NAME, JavaSoundDevice.find(null).name());
    }

    @Test
    void shouldNameTheDevicesItFoundWhenTheOneAskedForIsMissing() {
        TactusException e = assertThrows(TactusException.class, () -> JavaSoundDevice.find("USB Audio"));
        assertTrue(e.getMessage().startsWith("Java Sound device 'USB Audio' not found; the playback devices are "),
                e.getMessage());
        assertTrue(e.getMessage().contains("'" + DEVICE_NAME + "'") && e.getMessage().endsWith(" (see ./tactus devices)"),
                e.getMessage());
        assertThrows(TactusException.class, () -> JavaSoundDevice.find(JavaSoundDevice.OWN_MIXER),
                "our own mixer cannot be chosen by name either");
    }

    @Test
    void shouldFindADeviceByNameWhateverItsCase() {
        assertEquals(DEVICE_NAME, JavaSoundDevice.find("tactus test device").name());
    }
}
