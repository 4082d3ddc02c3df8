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

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import java.io.ByteArrayInputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * End to end through a real in-process server on the real {@code wav} driver: capture file, a
 * {@link GainClient} at unity gain, playback file. The render must be the input, sample for sample.
 */
class WavLoopbackSystemTest {

    private static final int RATE = 48_000;
    private static final int CHANNELS = 2;
    private static final int FRAMES = 72_011; // about 1.5 s, not a multiple of the 64-frame period

    @TempDir
    Path dir;

    @Test
    void shouldPassCaptureThroughUnityGainSampleIdentical() throws Exception {
        Path in = dir.resolve("in.wav");
        Path out = dir.resolve("out.wav");
        AudioFormat format = new AudioFormat(RATE, 16, CHANNELS, true, false);
        short[] input = testSignal();
        writeWav(in, format, input);
        GatedDriver driver = new GatedDriver(new WavDriver(WavDriverSettings.of(in, out)));

        try (TactusServer server = TactusServer.start(ServerSettings.defaults()
                .withName("wav-loopback-system-test")
                .withDriver(driver)
                .withScheduling(SchedulingSettings.other(0)));
             TactusClient client = server.openClient("gain")) {
            new GainClient(client, CHANNELS, 1.0f);
            client.connect("system:capture_1", "gain:in_1");
            client.connect("system:capture_2", "gain:in_2");
            client.connect("gain:out_1", "system:playback_1");
            client.connect("gain:out_2", "system:playback_2");
            client.activate();
            driver.openGate();

            assertTrue(server.awaitInputEnd(30, TimeUnit.SECONDS), "the capture file should end within 30 s");
        }

        AudioFormat written = WavFiles.formatOf(out);
        assertEquals(format.getEncoding(), written.getEncoding());
        assertEquals(format.getSampleRate(), written.getSampleRate());
        assertEquals(format.getSampleSizeInBits(), written.getSampleSizeInBits());
        assertEquals(format.getChannels(), written.getChannels());
        assertEquals(format.isBigEndian(), written.isBigEndian());
        assertEquals(FRAMES, WavFiles.framesOf(out));
        assertArrayEquals(input, readSamples(out), "interleaved samples differ (frame = index / 2)");
    }

    /** Two sines plus seeded noise, with full-scale extremes on both channels. Interleaved. */
    private static short[] testSignal() {
        Random noise = new Random(20_240_611L);
        short[] samples = new short[FRAMES * CHANNELS];
        for (int frame = 0; frame < FRAMES; frame++) {
            double t = (double) frame / RATE;
            double left = 0.45 * Math.sin(2 * Math.PI * 440 * t) + 0.25 * Math.sin(2 * Math.PI * 3_331.7 * t);
            double right = 0.35 * Math.sin(2 * Math.PI * 1_234.5 * t + 1.0) + 0.2 * Math.sin(2 * Math.PI * 97 * t);
            samples[frame * 2] = toPcm16(left + 0.3 * (noise.nextDouble() * 2 - 1));
            samples[frame * 2 + 1] = toPcm16(right + 0.3 * (noise.nextDouble() * 2 - 1));
        }
        // Full scale, including at the very first and very last frame and across a period boundary.
        int[] extremes = {0, 1, 63, 64, 65, 40_000, FRAMES - 2, FRAMES - 1};
        for (int i = 0; i < extremes.length; i++) {
            short value = i % 2 == 0 ? Short.MIN_VALUE : Short.MAX_VALUE;
            samples[extremes[i] * 2] = value;
            samples[extremes[i] * 2 + 1] = (short) (i % 2 == 0 ? Short.MAX_VALUE : Short.MIN_VALUE);
        }
        return samples;
    }

    private static short toPcm16(double sample) {
        return (short) Math.max(Short.MIN_VALUE, Math.min(Short.MAX_VALUE, Math.round(sample * 32_768)));
    }

    /** Written with AudioSystem directly, so the input does not depend on the code under test. */
    private static void writeWav(Path path, AudioFormat format, short[] interleaved) throws Exception {
        ByteBuffer bytes = ByteBuffer.allocate(interleaved.length * 2).order(ByteOrder.LITTLE_ENDIAN);
        bytes.asShortBuffer().put(interleaved);
        long frames = interleaved.length / format.getChannels();
        try (AudioInputStream stream = new AudioInputStream(new ByteArrayInputStream(bytes.array()), format, frames)) {
            AudioSystem.write(stream, AudioFileFormat.Type.WAVE, path.toFile());
        }
    }

    /** The raw 16-bit little-endian samples of a WAV file, as AudioSystem reads them. */
    private static short[] readSamples(Path path) throws Exception {
        try (AudioInputStream stream = AudioSystem.getAudioInputStream(path.toFile())) {
            byte[] bytes = stream.readAllBytes();
            short[] samples = new short[bytes.length / 2];
            ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN).asShortBuffer().get(samples);
            return samples;
        }
    }
}
