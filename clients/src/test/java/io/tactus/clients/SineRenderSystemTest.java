package io.tactus.clients;

import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.WavDriver;
import io.tactus.server.driver.WavDriverSettings;
import io.tactus.server.driver.WavFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end through a real in-process server on the real {@code wav} driver: a {@link SineClient}
 * rendered to a file in freewheel, then measured from the file alone.
 */
class SineRenderSystemTest {

    private static final int RATE = 48_000;
    private static final int FRAMES = 48_000;
    private static final double FREQUENCY = 1_000;
    private static final float AMPLITUDE = 0.5f;
    private static final double LSB = 1.0 / 32_768;

    @TempDir
    Path dir;

    @Test
    void shouldRenderOneKilohertzSine() throws Exception {
        Path out = dir.resolve("out.wav");
        GatedDriver driver = new GatedDriver(new WavDriver(WavDriverSettings.render(out, 1, FRAMES)));

        try (TactusServer server = TactusServer.start(ServerSettings.defaults()
                .withName("sine-render-system-test")
                .withDriver(driver)
                .withScheduling(SchedulingSettings.other(0)));
             TactusClient client = server.openClient("sine")) {
            SineClient sine = new SineClient(client, FREQUENCY, AMPLITUDE);
            // Hold the phase at 0 until the gate opens, so frame 0 of the file is phase 0.
            client.setProcessCallback(nframes -> {
                if (driver.isLive()) {
                    sine.process(nframes);
                }
            });
            client.connect("sine:out", "system:playback_1");
            client.activate();
            driver.openGate();

            assertTrue(server.awaitInputEnd(30, TimeUnit.SECONDS), "the render should end within 30 s");
        }

        assertEquals(FRAMES, WavFiles.framesOf(out));
        float[] samples = WavFiles.readAll(out)[0];
        assertEquals(FRAMES, samples.length);
        for (int i = 0; i < ServerSettings.DEFAULT_FRAMES; i++) {
            double ideal = AMPLITUDE * Math.sin(2 * Math.PI * FREQUENCY * i / RATE);
            assertEquals(ideal, samples[i], LSB, "frame " + i + " of the first period should be the sine from phase 0");
        }
        assertEquals(FREQUENCY, frequencyOf(samples), 0.5, "frequency from positive-going zero crossings");
        double expectedRms = AMPLITUDE / Math.sqrt(2);
        assertEquals(expectedRms, rmsOf(samples), expectedRms * 0.02, "RMS");
    }

    /** (crossings - 1) over the time from the first to the last positive-going crossing, interpolated. */
    private static double frequencyOf(float[] samples) {
        int crossings = 0;
        double first = 0;
        double last = 0;
        for (int i = 1; i < samples.length; i++) {
            float before = samples[i - 1];
            float after = samples[i];
            if (before < 0 && after >= 0) {
                double at = (i - 1) + before / (double) (before - after);
                if (crossings == 0) {
                    first = at;
                }
                last = at;
                crossings++;
            }
        }
        assertTrue(crossings >= 2, "the render should cross zero upwards at least twice, not " + crossings + " times");
        return (crossings - 1) / ((last - first) / RATE);
    }

    private static double rmsOf(float[] samples) {
        double sum = 0;
        for (float sample : samples) {
            sum += (double) sample * sample;
        }
        return Math.sqrt(sum / samples.length);
    }
}
