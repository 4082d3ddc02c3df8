package io.tactus.clients;

import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.wav.WavDriver;
import io.tactus.server.driver.wav.WavDriverSettings;
import io.tactus.server.driver.wav.WavFiles;
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
        assertEquals(FREQUENCY, Tones.frequency(samples, 0, samples.length, RATE), 0.5, "frequency from positive-going zero crossings");
        double expectedRms = AMPLITUDE / Math.sqrt(2);
        assertEquals(expectedRms, Tones.rms(samples, 0, samples.length), expectedRms * 0.02, "RMS");
    }
}
