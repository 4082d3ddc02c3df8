package io.tactus.server.driver.javasound;

import javax.sound.sampled.Mixer;
import javax.sound.sampled.spi.MixerProvider;

/**
 * Test-only Java Sound devices, registered as a service in the server module's test resources: the
 * stand-in for sound hardware this machine does not have. It offers {@link #DEVICE}, a stereo device
 * that plays and captures in real time, and a mixer named "Tactus" in front of it, standing for our
 * own mixer, which the driver must skip. Only the server module's tests see these.
 */
public final class VirtualDeviceProvider extends MixerProvider {

    public static final String DEVICE_NAME = "Tactus Test Device";

    /** The device the tests play on. */
    public static final VirtualMixer DEVICE = new VirtualMixer(DEVICE_NAME, "Virtual real-time device for Tactus tests");

    /** Listed first, as our own mixer would be; a server must never choose it. */
    public static final VirtualMixer OWN = new VirtualMixer(JavaSoundDevice.OWN_MIXER, "Stands for the Tactus mixer of client-api");

    @Override
    public Mixer.Info[] getMixerInfo() {
        return new Mixer.Info[] {OWN.getMixerInfo(), DEVICE.getMixerInfo()};
    }

    @Override
    public Mixer getMixer(Mixer.Info info) {
        for (VirtualMixer mixer : new VirtualMixer[] {OWN, DEVICE}) {
            if (mixer.getMixerInfo().equals(info)) {
                return mixer;
            }
        }
        throw new IllegalArgumentException("not a virtual mixer: " + info);
    }
}
