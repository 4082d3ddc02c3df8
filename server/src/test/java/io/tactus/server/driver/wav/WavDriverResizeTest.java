package io.tactus.server.driver.wav;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;

import static io.tactus.server.driver.wav.WavFixtures.NFRAMES;
import static io.tactus.server.driver.wav.WavFixtures.RATE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * The period size changes at run time (issue 20): the driver's rings keep their chunks of the opening size and
 * each period takes as many of them, or as much of one, as it needs, so a render through switches is still the
 * input sample for sample.
 */
class WavDriverResizeTest {

    private static final int FRAMES = 30_011;
    private static final int[] SIZES = {64, 256, 16, 1024, 64, 128, 32};

    @TempDir
    Path dir;

    @Test
    void shouldReproduceTheInputSampleForSampleWhenThePeriodSizeChangesDuringARender() throws Exception {
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), WavSampleFormat.PCM24, 2, FRAMES, 11);
        Path out = dir.resolve("out.wav");
        WavDriver driver = new WavDriver(WavDriverSettings.of(in, out));
        driver.open(RATE, NFRAMES);
        for (int size : SIZES) {
            assertNull(driver.refuseResize(size), "the rings hold two periods of " + size);
        }
        FloatBuffer[] capture = buffers(driver.captureChannels());
        FloatBuffer[] playback = buffers(driver.playbackChannels());
        int periods = 0;
        long frames = 0;
        try {
            boolean more = true;
            while (more) {
                int nframes = SIZES[periods / 7 % SIZES.length]; // seven periods at each size, in turn
                more = driver.read(capture, nframes);
                for (int ch = 0; ch < playback.length; ch++) {
                    for (int i = 0; i < nframes; i++) {
                        playback[ch].put(i, capture[ch].get(i));
                    }
                }
                driver.write(playback, nframes);
                periods++;
                frames += nframes;
            }
        } finally {
            driver.close();
        }
        System.out.printf("%d frames rendered in %d periods of %d sizes%n", FRAMES, periods, SIZES.length);
        assertEquals(FRAMES, WavFiles.framesOf(out), "the output ends where the input did");
        assertArrayEquals(WavFixtures.sampleBytes(in), WavFixtures.sampleBytes(out));
        assertEquals(0, driver.captureUnderruns());
        assertEquals(0, driver.playbackOverruns());
    }

    private static FloatBuffer[] buffers(int channels) {
        FloatBuffer[] buffers = new FloatBuffer[channels];
        for (int ch = 0; ch < channels; ch++) {
            buffers[ch] = ByteBuffer.allocateDirect(4096 * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer();
        }
        return buffers;
    }
}
