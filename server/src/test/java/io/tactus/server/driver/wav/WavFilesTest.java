package io.tactus.server.driver.wav;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sound.sampled.AudioFormat;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WavFilesTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadBackExactlyWhatItWroteWhenTheSamplesFitTheFormat() {
        float[][] samples = {
                {0f, 0.5f, -1f, 1f - 1f / 8_388_608, 3f / 8_388_608},
                {-0.25f, 0f, 0f, -1f / 8_388_608, 0.125f}};
        Path path = dir.resolve("two.wav");

        WavFiles.write(path, samples, 96_000, WavSampleFormat.PCM24);

        AudioFormat format = WavFiles.formatOf(path);
        assertEquals(AudioFormat.Encoding.PCM_SIGNED, format.getEncoding());
        assertEquals(24, format.getSampleSizeInBits());
        assertEquals(96_000, format.getSampleRate());
        assertEquals(5, WavFiles.framesOf(path));
        float[][] read = WavFiles.readAll(path);
        assertArrayEquals(samples[0], read[0]);
        assertArrayEquals(samples[1], read[1]);
    }

    @Test
    void shouldClipOversWhenWritingIntegerPcmButKeepThemInFloat() {
        float[][] overs = {{1.5f, -2f}};
        Path pcm = dir.resolve("pcm.wav");
        Path flt = dir.resolve("float.wav");

        WavFiles.write(pcm, overs, 48_000, WavSampleFormat.PCM16);
        WavFiles.write(flt, overs, 48_000, WavSampleFormat.FLOAT32);

        assertArrayEquals(new float[] {32_767f / 32_768f, -1f}, WavFiles.readAll(pcm)[0]);
        assertArrayEquals(overs[0], WavFiles.readAll(flt)[0]);
    }

    @Test
    void shouldReadEightBitFilesThroughAudioSystemsConversion() throws Exception {
        Path path = dir.resolve("eight.wav");
        // 8-bit WAV is unsigned: 128 is zero, 0 is full-scale negative.
        WavFixtures.write(path, new AudioFormat(48_000, 8, 1, false, false), new byte[] {(byte) 128, 0, (byte) 192});

        assertArrayEquals(new float[] {0f, -1f, 0.5f}, WavFiles.readAll(path)[0]);
    }

    @Test
    void shouldNameAFileThatIsMissing() {
        TactusException e = assertThrows(TactusException.class, () -> WavFiles.readAll(dir.resolve("gone.wav")));

        assertTrue(e.getMessage().contains("gone.wav"), e.getMessage());
    }
}
