package io.tactus.server.driver;

import javax.sound.sampled.AudioFormat;

/**
 * Interleaved PCM or float bytes to per-channel floats and back, for signed integer samples of 1 to 4
 * bytes and 32-bit floats in either byte order. Integers map to floats as {@code s / 2^(bits-1)} and back
 * with round-and-clip, so 16- and 24-bit samples survive a round trip unchanged (32-bit ones keep the
 * float's 24-bit precision). Generic byte loops rather than one method per format: this runs on the
 * reader and writer threads, where clarity beats the last nanosecond.
 */
final class SampleCodec {

    private final int channels;
    private final int bytesPerSample;
    private final boolean floating;
    private final boolean bigEndian;
    private final double scale;

    private SampleCodec(AudioFormat format) {
        this.channels = format.getChannels();
        this.bytesPerSample = format.getFrameSize() / channels;
        this.floating = AudioFormat.Encoding.PCM_FLOAT.equals(format.getEncoding());
        this.bigEndian = format.isBigEndian();
        // Container size, not sample size: WAV left-justifies e.g. 20-bit samples in 3 bytes.
        this.scale = Math.scalb(1.0, bytesPerSample * 8 - 1);
    }

    /** True for the formats this codec reads and writes without help from AudioSystem's converters. */
    static boolean supports(AudioFormat format) {
        int channels = format.getChannels();
        if (channels <= 0 || format.getFrameSize() <= 0 || format.getFrameSize() % channels != 0) {
            return false;
        }
        int bytes = format.getFrameSize() / channels;
        if (AudioFormat.Encoding.PCM_FLOAT.equals(format.getEncoding())) {
            return bytes == 4;
        }
        return AudioFormat.Encoding.PCM_SIGNED.equals(format.getEncoding()) && bytes >= 1 && bytes <= 4;
    }

    static SampleCodec of(AudioFormat format) {
        if (!supports(format)) {
            throw new IllegalArgumentException("unsupported sample format " + format);
        }
        return new SampleCodec(format);
    }

    int frameSize() {
        return channels * bytesPerSample;
    }

    /** Decodes {@code frames} frames from {@code src} into {@code dst[channel][offset + i]}. */
    void decode(byte[] src, int frames, float[][] dst, int offset) {
        int at = 0;
        for (int i = 0; i < frames; i++) {
            for (int ch = 0; ch < channels; ch++) {
                dst[ch][offset + i] = toFloat(readWord(src, at));
                at += bytesPerSample;
            }
        }
    }

    /** Encodes {@code frames} frames of {@code src[channel][i]} into {@code dst}, interleaved. */
    void encode(float[][] src, int frames, byte[] dst) {
        int at = 0;
        for (int i = 0; i < frames; i++) {
            for (int ch = 0; ch < channels; ch++) {
                writeWord(dst, at, toWord(src[ch][i]));
                at += bytesPerSample;
            }
        }
    }

    private float toFloat(int word) {
        if (floating) {
            return Float.intBitsToFloat(word);
        }
        int shift = 32 - bytesPerSample * 8;
        int signed = (word << shift) >> shift;
        // Through double so 32-bit samples round once, correctly; exact for 16 and 24 bits.
        return (float) (signed / scale);
    }

    private int toWord(float sample) {
        if (floating) {
            return Float.floatToRawIntBits(sample);
        }
        long rounded = Math.round(sample * scale);
        long max = (long) scale - 1;
        return (int) Math.max(-(long) scale, Math.min(max, rounded));
    }

    private int readWord(byte[] src, int at) {
        int word = 0;
        for (int b = 0; b < bytesPerSample; b++) {
            int index = bigEndian ? at + b : at + bytesPerSample - 1 - b;
            word = (word << 8) | (src[index] & 0xFF);
        }
        return word;
    }

    private void writeWord(byte[] dst, int at, int word) {
        for (int b = 0; b < bytesPerSample; b++) {
            int index = bigEndian ? at + bytesPerSample - 1 - b : at + b;
            dst[index] = (byte) (word >>> (8 * b));
        }
    }
}
