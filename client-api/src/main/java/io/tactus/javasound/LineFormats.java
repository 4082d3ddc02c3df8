package io.tactus.javasound;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioSystem;
import javax.sound.sampled.DataLine;
import java.util.ArrayList;
import java.util.List;

/**
 * The formats a Tactus line takes: mono or stereo; signed PCM of 8, 16, 24 or 32 bits and unsigned PCM of 8 or 16
 * bits in either byte order; 32-bit float. The rate is left unspecified in what the mixer reports, so a request
 * at any rate matches; the line resamples to the server's rate. More channels would fit the design (one port
 * each) but no common program asks for them, and reporting them would invite surround layouts we do not map.
 */
final class LineFormats {

    static final int MAX_CHANNELS = 2;
    private static final int NS = AudioSystem.NOT_SPECIFIED;
    private static final int LOWEST_RATE = 1_000;
    private static final int HIGHEST_RATE = 768_000;

    /** The format a line opened without one uses: CD audio, as the JDK's lines and SoftSynthesizer expect. */
    static final AudioFormat DEFAULT = new AudioFormat(44_100, 16, 2, true, false);

    private static final AudioFormat[] ALL = build();

    private LineFormats() {
    }

    static DataLine.Info info(Class<?> lineClass) {
        return new DataLine.Info(lineClass, ALL.clone(), NS, NS);
    }

    /** The sentence saying why {@code format} cannot be opened, or null when it can. */
    static String problem(AudioFormat format) {
        if (format == null) {
            return "no audio format given";
        }
        boolean supported = false;
        for (AudioFormat candidate : ALL) {
            supported |= format.matches(candidate);
        }
        if (!supported) {
            return "Tactus lines play mono or stereo PCM (8/16/24/32-bit signed, 8/16-bit unsigned) or 32-bit float,"
                    + " not " + format;
        }
        float rate = format.getSampleRate();
        if (rate != NS && (rate < LOWEST_RATE || rate > HIGHEST_RATE || rate != Math.rint(rate))) {
            return "Tactus lines take a whole sample rate from " + LOWEST_RATE + " to " + HIGHEST_RATE + " Hz, not " + rate;
        }
        return null;
    }

    /** The format with an unspecified rate replaced by the server's (the line then needs no resampling). */
    static AudioFormat withRate(AudioFormat format, int serverRate) {
        if (format.getSampleRate() != NS) {
            return format;
        }
        return new AudioFormat(format.getEncoding(), serverRate, format.getSampleSizeInBits(), format.getChannels(),
                format.getFrameSize(), serverRate, format.isBigEndian());
    }

    private static AudioFormat[] build() {
        List<AudioFormat> formats = new ArrayList<>();
        for (int channels = 1; channels <= MAX_CHANNELS; channels++) {
            for (boolean bigEndian : new boolean[] {false, true}) {
                for (int bits : new int[] {8, 16, 24, 32}) {
                    formats.add(pcm(AudioFormat.Encoding.PCM_SIGNED, bits, channels, bigEndian));
                }
                formats.add(pcm(AudioFormat.Encoding.PCM_UNSIGNED, 8, channels, bigEndian));
                formats.add(pcm(AudioFormat.Encoding.PCM_UNSIGNED, 16, channels, bigEndian));
                formats.add(pcm(AudioFormat.Encoding.PCM_FLOAT, 32, channels, bigEndian));
            }
        }
        return formats.toArray(new AudioFormat[0]);
    }

    private static AudioFormat pcm(AudioFormat.Encoding encoding, int bits, int channels, boolean bigEndian) {
        return new AudioFormat(encoding, NS, bits, channels, bits / 8 * channels, NS, bigEndian);
    }

    /** Checks the arguments of read and write as the JDK's lines do. */
    static void checkFrames(byte[] b, int off, int len, int frameSize) {
        if (len % frameSize != 0) {
            throw new IllegalArgumentException(len + " bytes are not a whole number of " + frameSize + "-byte frames");
        }
        if (off < 0 || len < 0 || off > b.length - len) {
            throw new ArrayIndexOutOfBoundsException("offset " + off + " and length " + len + " do not fit an array of "
                    + b.length);
        }
    }
}
