package io.tactus.server.driver.javasound;

import io.tactus.server.driver.wav.WavSampleFormat;
import io.tactus.api.TactusException;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.DataLine;
import javax.sound.sampled.LineUnavailableException;
import javax.sound.sampled.Mixer;
import javax.sound.sampled.SourceDataLine;
import javax.sound.sampled.TargetDataLine;

/**
 * Picks and opens a device line in the best sample format it takes: 32-bit float (what the graph computes,
 * no conversion), else 32-, 24- or 16-bit little-endian PCM, at the server's rate; with the channels
 * wanted, else the most the device lists. Asking the mixer format by format is slower than reading its
 * format list, but the list may hold wildcards that only {@link Mixer#isLineSupported} resolves.
 */
final class DeviceLineFormats {

    /** Best first. */
    private static final WavSampleFormat[] PREFERRED = {
        WavSampleFormat.FLOAT32, WavSampleFormat.PCM32, WavSampleFormat.PCM24, WavSampleFormat.PCM16};

    private DeviceLineFormats() {
    }

    /** The best format of {@code type} the mixer takes, or null when it takes none of ours. */
    static AudioFormat choose(Mixer mixer, Class<? extends DataLine> type, int rate, int channels, int listedChannels) {
        int[] counts = listedChannels > 0 && listedChannels != channels ? new int[] {channels, listedChannels}
                : new int[] {channels};
        for (int count : counts) {
            for (WavSampleFormat sample : PREFERRED) {
                AudioFormat format = sample.audioFormat(rate, count);
                if (mixer.isLineSupported(new DataLine.Info(type, format))) {
                    return format;
                }
            }
        }
        return null;
    }

    /** The sentence for a device that takes none of our formats. */
    static TactusException unsupported(String device, String role, int rate, int channels) {
        return new TactusException("Java Sound device '" + device + "' takes none of 32-bit float or 32-, 24- or 16-bit PCM "
                + role + " at " + rate + " Hz with " + channels + " channel(s); try another -r or --device");
    }

    /** Opens a line of {@code type} in {@code format} with a buffer of {@code bufferFrames}; one sentence when busy. */
    static <L extends DataLine> L open(Mixer mixer, Class<L> type, AudioFormat format, int bufferFrames, String device) {
        L line = null;
        try {
            line = type.cast(mixer.getLine(new DataLine.Info(type, format)));
            int bytes = bufferFrames * format.getFrameSize();
            if (line instanceof SourceDataLine source) {
                source.open(format, bytes);
            } else {
                ((TargetDataLine) line).open(format, bytes);
            }
            return line;
        } catch (LineUnavailableException | RuntimeException e) {
            if (line != null) {
                line.close();
            }
            throw new TactusException("Java Sound device '" + device + "' is busy or refused " + describe(format)
                    + " (" + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage())
                    + "); close the program using it, or try another -r or --device", e);
        }
    }

    static String describe(AudioFormat format) {
        String sample = AudioFormat.Encoding.PCM_FLOAT.equals(format.getEncoding()) ? "32-bit float"
                : format.getSampleSizeInBits() + "-bit PCM";
        return sample + " at " + Math.round(format.getSampleRate()) + " Hz with " + format.getChannels() + " channel(s)";
    }
}
