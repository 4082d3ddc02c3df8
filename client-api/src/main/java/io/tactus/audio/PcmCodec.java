package io.tactus.audio;

import javax.sound.sampled.AudioFormat;

/**
 * Interleaved sample bytes to floats in [-1, 1] and back, for the "Tactus" mixer's lines and for the
 * server's WAV and Java Sound drivers: integer PCM of 1 to 4 bytes, signed or unsigned, and 32-bit float,
 * either byte order. An explicit codec rather than the JDK's converter, which lives in an internal package.
 * Integers scale by 2^(bits-1) of their container (WAV left-justifies e.g. 20-bit samples in 3 bytes), so
 * full scale negative is exactly -1 and 16- and 24-bit samples survive a round trip unchanged (32-bit ones
 * keep the float's 24-bit precision); encoding rounds to nearest and clips, as a sound card's converter
 * would. Generic byte loops rather than one method per format: it runs on lines' and drivers' own
 * threads, where clarity beats the last nanosecond. Allocation-free.
 */
public final class PcmCodec {

    private final int channels;
    private final int bytes;
    private final boolean bigEndian;
    private final boolean floating;
    private final long offset; // added to a two's-complement value to make it unsigned
    private final double scale;
    private final long max;

    private PcmCodec(int channels, int bytes, boolean bigEndian, boolean floating, boolean unsigned) {
        this.channels = channels;
        this.bytes = bytes;
        this.bigEndian = bigEndian;
        this.floating = floating;
        long half = 1L << (bytes * 8 - 1);
        this.offset = unsigned ? half : 0;
        this.scale = half;
        this.max = half - 1;
    }

    /** True for the formats this codec reads and writes: see the class comment. */
    public static boolean supports(AudioFormat format) {
        int channels = format.getChannels();
        int frameSize = format.getFrameSize();
        if (channels <= 0 || frameSize <= 0 || frameSize % channels != 0) {
            return false;
        }
        int container = frameSize / channels;
        AudioFormat.Encoding encoding = format.getEncoding();
        if (AudioFormat.Encoding.PCM_FLOAT.equals(encoding)) {
            return container == 4;
        }
        return (AudioFormat.Encoding.PCM_SIGNED.equals(encoding) || AudioFormat.Encoding.PCM_UNSIGNED.equals(encoding))
                && container >= 1 && container <= 4;
    }

    /** The codec of {@code format}; throws IllegalArgumentException when it is not {@link #supports supported}. */
    public static PcmCodec of(AudioFormat format) {
        if (!supports(format)) {
            throw new IllegalArgumentException("unsupported sample format " + format);
        }
        AudioFormat.Encoding encoding = format.getEncoding();
        return new PcmCodec(format.getChannels(), format.getFrameSize() / format.getChannels(), format.isBigEndian(),
                AudioFormat.Encoding.PCM_FLOAT.equals(encoding), AudioFormat.Encoding.PCM_UNSIGNED.equals(encoding));
    }

    /** Bytes per frame: every channel's sample container. */
    public int frameSize() {
        return channels * bytes;
    }

    /** Decodes {@code samples} samples from {@code src[off...]} into {@code dst[0...]}, interleaved as they are. */
    public void decode(byte[] src, int off, float[] dst, int samples) {
        for (int i = 0, at = off; i < samples; i++, at += bytes) {
            dst[i] = toFloat(assemble(src, at));
        }
    }

    /** Encodes {@code samples} samples from {@code src[from...]} into {@code dst[off...]}, interleaved as they are. */
    public void encode(float[] src, int from, int samples, byte[] dst, int off) {
        for (int i = from, at = off; i < from + samples; i++, at += bytes) {
            scatter(toRaw(src[i]), dst, at);
        }
    }

    /** Decodes {@code frames} frames from {@code src} into {@code dst[channel][offset + i]}. */
    public void decode(byte[] src, int frames, float[][] dst, int offset) {
        int at = 0;
        for (int i = 0; i < frames; i++) {
            for (int ch = 0; ch < channels; ch++, at += bytes) {
                dst[ch][offset + i] = toFloat(assemble(src, at));
            }
        }
    }

    /** Encodes {@code frames} frames of {@code src[channel][i]} into {@code dst}, interleaved. */
    public void encode(float[][] src, int frames, byte[] dst) {
        int at = 0;
        for (int i = 0; i < frames; i++) {
            for (int ch = 0; ch < channels; ch++, at += bytes) {
                scatter(toRaw(src[ch][i]), dst, at);
            }
        }
    }

    private float toFloat(long raw) {
        if (floating) {
            return Float.intBitsToFloat((int) raw);
        }
        // Through double so 32-bit samples round once, correctly; exact for 16 and 24 bits.
        return (float) (signExtend(raw - offset) / scale);
    }

    private long toRaw(float sample) {
        if (floating) {
            return Float.floatToRawIntBits(sample) & 0xFFFF_FFFFL;
        }
        long value = Math.round(sample * scale);
        return Math.max(-max - 1, Math.min(max, value)) + offset;
    }

    private long assemble(byte[] src, int at) {
        long raw = 0;
        for (int b = 0; b < bytes; b++) {
            int index = bigEndian ? at + b : at + bytes - 1 - b;
            raw = (raw << 8) | (src[index] & 0xFF);
        }
        return raw;
    }

    private void scatter(long raw, byte[] dst, int at) {
        for (int b = 0; b < bytes; b++) {
            int index = bigEndian ? at + bytes - 1 - b : at + b;
            dst[index] = (byte) (raw >>> (8 * b));
        }
    }

    /** The low {@code bytes*8} bits of {@code value} as a two's-complement number. */
    private long signExtend(long value) {
        int shift = 64 - bytes * 8;
        return (value << shift) >> shift;
    }
}
