package io.tactus.server.driver.wav;

import javax.sound.sampled.AudioFileFormat;
import javax.sound.sampled.AudioFormat;
import javax.sound.sampled.AudioInputStream;
import javax.sound.sampled.AudioSystem;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.Random;

/** Test input files made with AudioSystem.write, and the engine's read/write loop in miniature. */
final class WavFixtures {

    static final int RATE = 48_000;
    static final int NFRAMES = 64;

    private WavFixtures() {
    }

    /** A WAV file of random samples over the whole range of {@code format}, extremes included. */
    static Path randomWav(Path path, WavSampleFormat format, int channels, int frames, long seed) throws IOException {
        AudioFormat audioFormat = format.audioFormat(RATE, channels);
        int bytesPerSample = format.bits() / 8;
        byte[] bytes = new byte[frames * audioFormat.getFrameSize()];
        Random random = new Random(seed);
        for (int i = 0; i < frames * channels; i++) {
            int word = format == WavSampleFormat.FLOAT32
                    ? Float.floatToRawIntBits(random.nextFloat() * 3f - 1.5f) // overs too: float keeps them
                    : random.nextInt();
            if (i < 2 && format != WavSampleFormat.FLOAT32) {
                word = i == 0 ? Integer.MIN_VALUE : Integer.MAX_VALUE; // the full-scale extremes
                word >>= 32 - format.bits();
            }
            for (int b = 0; b < bytesPerSample; b++) {
                bytes[i * bytesPerSample + b] = (byte) (word >>> (8 * b)); // little-endian, top bytes dropped
            }
        }
        write(path, audioFormat, bytes);
        return path;
    }

    static void write(Path path, AudioFormat format, byte[] bytes) throws IOException {
        long frames = bytes.length / format.getFrameSize();
        try (AudioInputStream stream = new AudioInputStream(new ByteArrayInputStream(bytes), format, frames)) {
            AudioSystem.write(stream, AudioFileFormat.Type.WAVE, path.toFile());
        }
    }

    /** The sample bytes of a WAV file, as AudioSystem reads them. */
    static byte[] sampleBytes(Path path) throws Exception {
        try (AudioInputStream stream = AudioSystem.getAudioInputStream(path.toFile())) {
            return stream.readAllBytes();
        }
    }

    static FloatBuffer[] buffers(int channels, boolean direct) {
        FloatBuffer[] buffers = new FloatBuffer[channels];
        for (int ch = 0; ch < channels; ch++) {
            buffers[ch] = direct
                    ? ByteBuffer.allocateDirect(NFRAMES * Float.BYTES).order(ByteOrder.nativeOrder()).asFloatBuffer()
                    : FloatBuffer.allocate(NFRAMES);
        }
        return buffers;
    }

    /** As the engine would: read, copy capture to playback (gain 1.0), write, until the input ends. */
    static int loopback(WavDriver driver) {
        driver.open(RATE, NFRAMES);
        FloatBuffer[] capture = buffers(driver.captureChannels(), true);
        FloatBuffer[] playback = buffers(driver.playbackChannels(), true);
        int periods = 0;
        boolean more = true;
        try {
            while (more) {
                more = driver.read(capture, NFRAMES);
                copy(capture, playback);
                driver.write(playback, NFRAMES);
                periods++;
            }
        } finally {
            driver.close();
        }
        return periods;
    }

    static void copy(FloatBuffer[] from, FloatBuffer[] to) {
        for (int ch = 0; ch < to.length; ch++) {
            for (int i = 0; i < NFRAMES; i++) {
                to[ch].put(i, from[ch].get(i));
            }
        }
    }
}
