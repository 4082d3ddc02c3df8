package io.tactus.audio;

import org.junit.jupiter.api.Test;

import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioFormat.Encoding;
import javax.sound.sampled.SourceDataLine;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PcmCodecTest {

    private static final float[] SAMPLES = {0f, 0.5f, -0.5f, 0.99f, -1f, 0.123456f, -0.000977f};

    @Test
    void shouldDecodeKnownBytesOfEachLayout() {
        assertEquals(-1f, decodeOne(new AudioFormat(48_000, 16, 1, true, false), 0x00, 0x80));
        assertEquals(32_767 / 32_768f, decodeOne(new AudioFormat(48_000, 16, 1, true, false), 0xFF, 0x7F));
        assertEquals(0.5f, decodeOne(new AudioFormat(48_000, 16, 1, true, true), 0x40, 0x00));
        assertEquals(0f, decodeOne(new AudioFormat(48_000, 8, 1, false, false), 0x80));
        assertEquals(-1f, decodeOne(new AudioFormat(48_000, 8, 1, false, false), 0x00));
        assertEquals(-1f, decodeOne(new AudioFormat(48_000, 24, 1, true, true), 0x80, 0x00, 0x00));
        assertEquals(-0.5f, decodeOne(new AudioFormat(48_000, 32, 1, true, false), 0x00, 0x00, 0x00, 0xC0));
        assertEquals(0f, decodeOne(new AudioFormat(48_000, 16, 1, false, false), 0x00, 0x80));
        AudioFormat floatBig = new AudioFormat(Encoding.PCM_FLOAT, 48_000, 32, 1, 4, 48_000, true);
        assertEquals(0.5f, decodeOne(floatBig, 0x3F, 0x00, 0x00, 0x00));
    }

    @Test
    void shouldClipOutOfRangeSamplesWhenEncoding() {
        PcmCodec codec = PcmCodec.of(new AudioFormat(48_000, 16, 1, true, false));
        byte[] out = new byte[4];
        codec.encode(new float[] {1.5f, -1.5f}, 0, 2, out, 0);
        assertArrayEquals(new byte[] {(byte) 0xFF, 0x7F, 0x00, (byte) 0x80}, out);
    }

    @Test
    void shouldSplitFramesIntoChannelsAndInterleaveThemBack() {
        PcmCodec codec = PcmCodec.of(new AudioFormat(48_000, 16, 2, true, false));
        float[][] channels = {{0.5f, -0.25f, 0f}, {-1f, 0.75f, 0.125f}};
        byte[] frames = new byte[3 * codec.frameSize()];
        codec.encode(channels, 3, frames);
        float[] interleaved = new float[6];
        codec.decode(frames, 0, interleaved, 6);
        assertArrayEquals(new float[] {0.5f, -1f, -0.25f, 0.75f, 0f, 0.125f}, interleaved);

        float[][] back = new float[2][5];
        codec.decode(frames, 3, back, 2);
        assertArrayEquals(new float[] {0, 0, 0.5f, -0.25f, 0f}, back[0]);
        assertArrayEquals(new float[] {0, 0, -1f, 0.75f, 0.125f}, back[1]);
    }

    @Test
    void shouldScaleBySampleContainerAsWavStoresTwentyBitSamples() {
        // 20 valid bits left-justified in 3 bytes: the container's scale, so 0x80 0x00 0x00 is still -1.
        AudioFormat twentyBits = new AudioFormat(Encoding.PCM_SIGNED, 48_000, 20, 1, 3, 48_000, true);
        assertEquals(-1f, decodeOne(twentyBits, 0x80, 0x00, 0x00));
        assertEquals(0.5f, decodeOne(twentyBits, 0x40, 0x00, 0x00));
        assertEquals(3, PcmCodec.of(twentyBits).frameSize());
    }

    @Test
    void shouldSupportIntegerAndFloatPcmOnlyAndRefuseTheRestInOneSentence() {
        assertTrue(PcmCodec.supports(new AudioFormat(8_000, 8, 1, false, false)), "8-bit unsigned, as in WAV");
        assertTrue(PcmCodec.supports(new AudioFormat(Encoding.PCM_FLOAT, 48_000, 32, 2, 8, 48_000, false)));
        assertFalse(PcmCodec.supports(new AudioFormat(Encoding.PCM_FLOAT, 48_000, 64, 1, 8, 48_000, false)));
        assertFalse(PcmCodec.supports(new AudioFormat(Encoding.ULAW, 8_000, 8, 1, 1, 8_000, false)));
        assertFalse(PcmCodec.supports(new AudioFormat(Encoding.PCM_SIGNED, 48_000, 40, 1, 5, 48_000, false)));
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> PcmCodec.of(new AudioFormat(Encoding.ALAW, 8_000, 8, 1, 1, 8_000, false)));
        assertTrue(refused.getMessage().startsWith("unsupported sample format ALAW"), refused.getMessage());
    }

    private static float decodeOne(AudioFormat format, int... bytes) {
        byte[] raw = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            raw[i] = (byte) bytes[i];
        }
        float[] out = new float[1];
        PcmCodec.of(format).decode(raw, 0, out, 1);
        return out[0];
    }
}
