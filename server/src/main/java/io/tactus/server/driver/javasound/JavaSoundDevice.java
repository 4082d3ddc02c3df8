package io.tactus.server.driver.javasound;

import io.tactus.api.TactusException;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.Line;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * A Java Sound mixer that can serve as the {@code javasound} driver's device: one with a playback
 * ({@link SourceDataLine}) or capture ({@link TargetDataLine}) line. Port-only mixers (volume controls)
 * are left out, and so is our own "Tactus" mixer, so a server never plays into itself. Listing asks
 * every mixer for its lines, which is slow on some systems; it happens at open and in
 * {@code ./tactus devices}, never during a run.
 *
 * @param playbackChannels most playback channels it lists; 0 without playback,
 *                         {@link AudioSystem#NOT_SPECIFIED} for any
 * @param captureChannels  most capture channels it lists; 0 without capture,
 *                         {@link AudioSystem#NOT_SPECIFIED} for any
 */
public record JavaSoundDevice(String name, String description, int playbackChannels, int captureChannels,
                              Mixer.Info info) {

    /** The name of the mixer client-api registers for Tactus itself: never a device of a server. */
    public static final String OWN_MIXER = "Tactus";

    public boolean canPlay() {
        return playbackChannels != 0;
    }

    public boolean canCapture() {
        return captureChannels != 0;
    }

    Mixer mixer() {
        return AudioSystem.getMixer(info);
    }

    /** One line for {@code ./tactus devices}: name, what it does and with how many channels. */
    public String describe() {
        return "'" + name + "': playback " + channels(playbackChannels) + ", capture " + channels(captureChannels)
                + (description == null || description.isBlank() ? "" : " (" + description + ")");
    }

    private static String channels(int n) {
        return n == 0 ? "no" : n == AudioSystem.NOT_SPECIFIED ? "any number of channels" : "up to " + n + " ch";
    }

    /** Every usable device AudioSystem knows, in its order. */
    public static List<JavaSoundDevice> list() {
        List<JavaSoundDevice> devices = new ArrayList<>();
        for (Mixer.Info info : AudioSystem.getMixerInfo()) {
            if (OWN_MIXER.equals(info.getName())) {
                continue;
            }
            Mixer mixer;
            try {
                mixer = AudioSystem.getMixer(info);
            } catch (RuntimeException unavailable) {
                continue; // listed but gone (unplugged): not a device to offer
            }
            int playback = maxChannels(mixer.getSourceLineInfo(), SourceDataLine.class);
            int capture = maxChannels(mixer.getTargetLineInfo(), TargetDataLine.class);
            if (playback != 0 || capture != 0) {
                devices.add(new JavaSoundDevice(info.getName(), info.getDescription(), playback, capture, info));
            }
        }
        return devices;
    }

    /**
     * The device to play on: the one named, or the first with a playback line when {@code name} is null.
     * Throws {@link TactusException} with one sentence naming what was found otherwise.
     */
    static JavaSoundDevice find(String name) {
        List<JavaSoundDevice> devices = list();
        List<JavaSoundDevice> players = devices.stream().filter(JavaSoundDevice::canPlay).toList();
        if (name == null) {
            if (players.isEmpty()) {
                throw new TactusException(devices.isEmpty()
                        ? "no Java Sound playback device found (AudioSystem lists no mixer with a SourceDataLine); use -d dummy or -d wav"
                        : "no Java Sound playback device found (only capture devices: " + names(devices)
                        + "); use -d dummy or -d wav");
            }
            return players.get(0);
        }
        for (JavaSoundDevice device : devices) {
            if (device.name.equals(name) || device.name.equalsIgnoreCase(name)) {
                if (!device.canPlay()) {
                    throw new TactusException("Java Sound device '" + device.name + "' has no playback line (it only captures); "
                            + "choose another --device (see ./tactus devices)");
                }
                return device;
            }
        }
        throw new TactusException(players.isEmpty()
                ? "Java Sound device '" + name + "' not found, and AudioSystem lists no playback device at all; use -d dummy or -d wav"
                : "Java Sound device '" + name + "' not found; the playback devices are " + names(players)
                + " (see ./tactus devices)");
    }

    private static String names(List<JavaSoundDevice> devices) {
        return devices.stream().map(d -> "'" + d.name + "'").collect(Collectors.joining(", "));
    }

    /** Most channels any data line of {@code type} lists; 0 for none, NOT_SPECIFIED when one takes any. */
    private static int maxChannels(Line.Info[] lines, Class<?> type) {
        int max = 0;
        for (Line.Info line : lines) {
            if (!(line instanceof DataLine.Info data) || !type.isAssignableFrom(data.getLineClass())) {
                continue;
            }
            AudioFormat[] formats = data.getFormats();
            if (formats.length == 0) {
                return AudioSystem.NOT_SPECIFIED;
            }
            for (AudioFormat format : formats) {
                if (format.getChannels() == AudioSystem.NOT_SPECIFIED) {
                    return AudioSystem.NOT_SPECIFIED;
                }
                max = Math.max(max, format.getChannels());
            }
        }
        return max;
    }
}
