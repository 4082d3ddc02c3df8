package io.tactus.server.driver.wav;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioFormat.Encoding;
import java.util.Optional;

/**
 * The sample formats the {@code wav} driver writes, all little-endian as WAV wants. PCM16 is the
 * smallest and what every tool reads, but keeps only 16 bits and clips above full scale; FLOAT32 keeps
 * exactly what the graph produced, overs included, at twice the size. A float that came from an integer
 * format of the same or fewer bits goes back to the same integer, so loopback renders are bit-exact.
 */
public enum WavSampleFormat {
    PCM16(Encoding.PCM_SIGNED, 16),
    PCM24(Encoding.PCM_SIGNED, 24),
    PCM32(Encoding.PCM_SIGNED, 32),
    FLOAT32(Encoding.PCM_FLOAT, 32);

    private final Encoding encoding;
    private final int bits;

    WavSampleFormat(Encoding encoding, int bits) {
        this.encoding = encoding;
        this.bits = bits;
    }

    public int bits() {
        return bits;
    }

    /** The interleaved, little-endian {@link AudioFormat} for this sample format. */
    public AudioFormat audioFormat(float sampleRate, int channels) {
        int frameSize = channels * bits / 8;
        return new AudioFormat(encoding, sampleRate, bits, channels, frameSize, sampleRate, false);
    }

    /** The sample format a file in {@code format} has, if it is one of ours (8-bit or µ-law is not). */
    public static Optional<WavSampleFormat> of(AudioFormat format) {
        for (WavSampleFormat candidate : values()) {
            if (candidate.encoding.equals(format.getEncoding())
                    && candidate.bits == format.getSampleSizeInBits()) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }
}
