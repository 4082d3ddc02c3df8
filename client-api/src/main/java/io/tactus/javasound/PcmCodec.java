package io.tactus.javasound;

import javax.sound.sampled.AudioFormat;

/**
 * A line's bytes to floats in [-1, 1] and back, interleaved as the line's frames are. An explicit decoder per
 * layout (8 to 32-bit integer PCM, signed or unsigned, either byte order, and 32-bit float) rather than the
 * JDK's converter, which lives in an internal package. Integers scale by 2^(bits-1), so full scale negative is
 * exactly -1; encoding rounds to nearest and clips, as a sound card's converter would.
 */
final class PcmCodec {

    private final int bytes;
    private final boolean bigEndian;
    private final boolean floating;
    private final long offset; // added to a two's-complement value to make it unsigned
    private final double scale;
    private final long max;

    private PcmCodec(int bytes, boolean bigEndian, boolean floating, boolean unsigned) {
        this.bytes = bytes;
        this.bigEndian = bigEndian;
        this.floating = floating;
        long half = 1L << (bytes * 8 - 1);
        this.offset = unsigned ? half : 0;
        this.scale = half;
        this.max = half - 1;
    }

    /** The codec of a format {@link LineFormats#check} accepted. */
    static PcmCodec of(AudioFormat format) {
        AudioFormat.Encoding encoding = format.getEncoding();
        return new PcmCodec(format.getSampleSizeInBits() / 8, format.isBigEndian(),
                AudioFormat.Encoding.PCM_FLOAT.equals(encoding), AudioFormat.Encoding.PCM_UNSIGNED.equals(encoding));
    }

    /** Decodes {@code samples} samples from {@code src[off...]} into {@code dst[0...]}. */
    void decode(byte[] src, int off, float[] dst, int samples) {
        for (int i = 0, at = off; i < samples; i++, at += bytes) {
            long raw = assemble(src, at);
            if (floating) {
                dst[i] = Float.intBitsToFloat((int) raw);
            } else {
                long value = signExtend(raw - offset);
                dst[i] = (float) (value / scale);
            }
        }
    }

    /** Encodes {@code samples} samples from {@code src[from...]} into {@code dst[off...]}. */
    void encode(float[] src, int from, int samples, byte[] dst, int off) {
        for (int i = from, at = off; i < from + samples; i++, at += bytes) {
            long raw;
            if (floating) {
                raw = Float.floatToRawIntBits(src[i]) & 0xFFFF_FFFFL;
            } else {
                long value = Math.round(src[i] * scale);
                value = Math.max(-max - 1, Math.min(max, value));
                raw = value + offset;
            }
            scatter(raw, dst, at);
        }
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
