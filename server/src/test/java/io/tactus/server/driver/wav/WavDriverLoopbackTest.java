package io.tactus.server.driver.wav;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import javax.sound.sampled.AudioFormat;
import java.nio.FloatBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;

import static io.tactus.server.driver.wav.WavFixtures.NFRAMES;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WavDriverLoopbackTest {

    private static final int FRAMES = 10_007; // not a multiple of the period

    @TempDir
    Path dir;

    @ParameterizedTest
    @EnumSource(value = WavSampleFormat.class, names = {"PCM16", "PCM24", "FLOAT32"})
    void shouldReproduceTheInputSampleForSampleWhenFreewheelingThroughUnityGain(WavSampleFormat format)
            throws Exception {
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), format, 2, FRAMES, 42);
        Path out = dir.resolve("out.wav");
        WavDriver driver = new WavDriver(WavDriverSettings.of(in, out));

        int periods = WavFixtures.loopback(driver);

        assertEquals((FRAMES + NFRAMES - 1) / NFRAMES, periods, "read returns false on the period with the last frames");
        assertSameFormat(WavFiles.formatOf(in), WavFiles.formatOf(out));
        assertEquals(FRAMES, WavFiles.framesOf(out));
        assertArrayEquals(WavFixtures.sampleBytes(in), WavFixtures.sampleBytes(out));
        assertEquals(0, driver.captureUnderruns());
        assertEquals(0, driver.playbackOverruns());
        assertOnlyFilesLeft(in, out);
    }

    @Test
    void shouldReproduceAShortInputWhenPacedBecauseTheRingsHoldItAll() throws Exception {
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), WavSampleFormat.PCM16, 2, FRAMES, 7);
        Path out = dir.resolve("out.wav");
        WavDriver driver = new WavDriver(WavDriverSettings.of(in, out).withPaced(true));

        WavFixtures.loopback(driver);

        assertTrue(driver.isPaced());
        assertEquals(0, driver.captureUnderruns());
        assertArrayEquals(WavFixtures.sampleBytes(in), WavFixtures.sampleBytes(out));
    }

    @Test
    void shouldWriteTheRequestedFormatAndReadBackTheSameFloats() throws Exception {
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), WavSampleFormat.PCM16, 1, FRAMES, 3);
        Path out = dir.resolve("out.wav");

        WavFixtures.loopback(new WavDriver(WavDriverSettings.of(in, out).withOutputFormat(WavSampleFormat.FLOAT32)));

        assertEquals(AudioFormat.Encoding.PCM_FLOAT, WavFiles.formatOf(out).getEncoding());
        assertArrayEquals(WavFiles.readAll(in)[0], WavFiles.readAll(out)[0]);
    }

    @Test
    void shouldEndAtOnceAndWriteAnEmptyFileForAnEmptyInput() throws Exception {
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), WavSampleFormat.PCM16, 2, 0, 1);
        Path out = dir.resolve("out.wav");

        assertEquals(1, WavFixtures.loopback(new WavDriver(WavDriverSettings.of(in, out))));
        assertEquals(0, WavFiles.framesOf(out));
    }

    @Test
    void shouldStopExactlyOnAPeriodBoundaryWhenTheInputFillsWholePeriods() throws Exception {
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), WavSampleFormat.PCM24, 2, 10 * NFRAMES, 5);
        Path out = dir.resolve("out.wav");

        assertEquals(10, WavFixtures.loopback(new WavDriver(WavDriverSettings.of(in, out))));
        assertArrayEquals(WavFixtures.sampleBytes(in), WavFixtures.sampleBytes(out));
    }

    @Test
    void shouldKeepWhatWasWrittenAndNotHangWhenClosedBeforeTheInputEnds() throws Exception {
        // Longer than the capture ring, so the reader is parked on a full ring when close() comes.
        Path in = WavFixtures.randomWav(dir.resolve("long.wav"), WavSampleFormat.PCM16, 2, 100 * FRAMES, 9);
        Path out = dir.resolve("out.wav");
        WavDriver driver = new WavDriver(WavDriverSettings.of(in, out).withPaced(true));
        driver.open(WavFixtures.RATE, NFRAMES);
        FloatBuffer[] buffers = WavFixtures.buffers(2, false);
        for (int p = 0; p < 10; p++) {
            assertTrue(driver.read(buffers, NFRAMES));
            driver.write(buffers, NFRAMES);
        }

        assertTimeoutPreemptively(Duration.ofSeconds(10), driver::close);

        float[][] written = WavFiles.readAll(out);
        float[][] original = WavFiles.readAll(in);
        assertEquals(10 * NFRAMES, written[1].length);
        assertArrayEquals(Arrays.copyOf(original[1], 10 * NFRAMES), written[1]);
    }

    private static void assertSameFormat(AudioFormat expected, AudioFormat actual) {
        assertEquals(expected.getEncoding(), actual.getEncoding());
        assertEquals(expected.getSampleRate(), actual.getSampleRate());
        assertEquals(expected.getSampleSizeInBits(), actual.getSampleSizeInBits());
        assertEquals(expected.getChannels(), actual.getChannels());
        assertEquals(expected.getFrameSize(), actual.getFrameSize());
        assertFalse(actual.isBigEndian());
    }

    private void assertOnlyFilesLeft(Path... expected) throws Exception {
        try (var files = Files.list(dir)) {
            assertEquals(expected.length, files.count(), "temporary files are removed");
        }
    }
}
