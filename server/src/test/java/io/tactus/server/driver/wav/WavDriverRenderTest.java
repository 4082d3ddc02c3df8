package io.tactus.server.driver.wav;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import javax.sound.sampled.AudioFormat;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

import static io.tactus.server.driver.wav.WavFixtures.NFRAMES;
import static io.tactus.server.driver.wav.WavFixtures.RATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WavDriverRenderTest {

    @TempDir
    Path dir;

    @Test
    void shouldWriteExactlyLengthFramesWhenPacedWithoutInput() {
        Path out = dir.resolve("render.wav");
        WavDriver driver = new WavDriver(WavDriverSettings.render(out, 2, 4800).withPaced(true));
        driver.open(RATE, NFRAMES);
        FloatBuffer[] capture = WavFixtures.buffers(driver.captureChannels(), false);
        FloatBuffer[] playback = WavFixtures.buffers(driver.playbackChannels(), false);

        // The engine's pacing in miniature: one period per period of wall-clock time.
        long periodNanos = 1_000_000_000L * NFRAMES / RATE;
        long next = System.nanoTime();
        int periods = 0;
        boolean more = true;
        while (more) {
            more = driver.read(capture, NFRAMES);
            driver.write(playback, NFRAMES);
            periods++;
            next += periodNanos;
            LockSupport.parkNanos(next - System.nanoTime());
        }
        driver.close();

        assertEquals(4800 / NFRAMES, periods);
        assertEquals(4800, WavFiles.framesOf(out));
        AudioFormat format = WavFiles.formatOf(out);
        assertEquals(16, format.getSampleSizeInBits(), "PCM16 when there is no input to copy the format from");
        assertEquals(2, format.getChannels());
        assertEquals(RATE, format.getSampleRate());
    }

    @Test
    void shouldKeepEveryWrittenFrameWhenClosedWithoutAnEnd() {
        Path out = dir.resolve("unbounded.wav");
        WavDriver driver = new WavDriver(WavDriverSettings.render(out, 1, 0));
        driver.open(RATE, NFRAMES);
        FloatBuffer[] capture = WavFixtures.buffers(1, false);
        FloatBuffer[] playback = WavFixtures.buffers(1, false);
        int periods = 1000; // more than the writer's ring holds: freewheel must wait, not drop
        for (int p = 0; p < periods; p++) {
            assertTrue(driver.read(capture, NFRAMES), "no length: the input never ends");
            for (int i = 0; i < NFRAMES; i++) {
                playback[0].put(i, ((p * NFRAMES + i) % 65536 - 32768) / 32768f);
            }
            driver.write(playback, NFRAMES);
        }
        driver.close();
        driver.close(); // idempotent

        float[] samples = WavFiles.readAll(out)[0];
        assertEquals(periods * NFRAMES, samples.length);
        for (int i = 0; i < samples.length; i++) {
            assertEquals((i % 65536 - 32768) / 32768f, samples[i], "frame " + i);
        }
        assertEquals(0, driver.playbackOverruns());
    }

    @Test
    void shouldDiscardPlaybackAndGiveSilenceWhenThereAreNoFiles() {
        WavDriver driver = new WavDriver(new WavDriverSettings(null, null, 3, 4, true, 128, null));
        driver.open(RATE, NFRAMES);
        FloatBuffer[] capture = WavFixtures.buffers(3, false);
        capture[2].put(5, 1f);

        assertTrue(driver.read(capture, NFRAMES));
        assertEquals(0f, capture[2].get(5));
        driver.write(WavFixtures.buffers(4, false), NFRAMES);
        assertFalse(driver.read(capture, NFRAMES), "128 frames are two periods");
        driver.close();

        assertEquals("wav", driver.name());
        assertEquals(3, driver.captureChannels());
        assertEquals(4, driver.playbackChannels());
    }
}
