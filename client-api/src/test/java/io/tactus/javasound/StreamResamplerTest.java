package io.tactus.javasound;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StreamResamplerTest {

    @Test
    void shouldTurnOneSecondAt44100IntoExactly48000Frames() {
        StreamResampler resampler = new StreamResampler(2, 44_100, 48_000);
        float[] out = convertInChunks(resampler, tone(44_100, 440, 44_100, 2), 2, new Random(1));
        assertEquals(48_000 * 2, out.length);
    }

    @Test
    void shouldGiveTheSameSamplesWhateverTheChunking() {
        float[] input = tone(44_100, 440, 30_000, 1);
        float[] whole = convertInChunks(new StreamResampler(1, 44_100, 48_000), input, 1, null);
        float[] chunked = convertInChunks(new StreamResampler(1, 44_100, 48_000), input, 1, new Random(7));
        assertArrayEquals(whole, chunked, "phase carried across chunks of random sizes");
    }

    @Test
    void shouldKeepA440HertzToneAt440HertzWhenGoingFrom44100To48000() {
        float[] out = convertInChunks(new StreamResampler(1, 44_100, 48_000), tone(44_100, 440, 88_200, 1), 1,
                new Random(3));
        double measured = frequency(out, 48_000);
        System.out.printf("440 Hz at 44.1 kHz, resampled to 48 kHz: %.4f Hz%n", measured);
        assertEquals(440, measured, 0.01);
    }

    @Test
    void shouldStayCloseToTheIdealSineBetweenInputSamples() {
        float[] out = convertInChunks(new StreamResampler(1, 44_100, 48_000), tone(44_100, 1_000, 44_100, 1), 1, null);
        double worst = 0;
        for (int i = 10; i < out.length - 10; i++) {
            worst = Math.max(worst, Math.abs(out[i] - 0.5 * Math.sin(2 * Math.PI * 1_000 * i / 48_000)));
        }
        assertTrue(worst < 1e-3, "cubic interpolation of a 1 kHz sine is off by at most 1e-3, here " + worst);
    }

    @Test
    void shouldPassSamplesThroughUnchangedAtEqualRates() {
        float[] input = tone(48_000, 440, 5_000, 2);
        assertArrayEquals(input, convertInChunks(new StreamResampler(2, 48_000, 48_000), input, 2, new Random(5)));
    }

    @Test
    void shouldHalveTheFramesGoingFrom96000To48000() {
        float[] out = convertInChunks(new StreamResampler(1, 96_000, 48_000), tone(96_000, 440, 9_601, 1), 1, null);
        assertEquals(4_801, out.length); // ceil(9601 / 2): every output time before the end of the input
    }

    @Test
    void shouldPromiseOnlyInputWhoseOutputFits() {
        StreamResampler resampler = new StreamResampler(1, 8_000, 48_000);
        for (int room = 0; room < 200; room++) {
            int input = resampler.inputFor(room);
            assertTrue(resampler.outputFor(input) <= room || input == 0, "room " + room + ", input " + input);
        }
    }

    /** Converts in chunks of 1..700 frames (one chunk when {@code random} is null), then finishes the stream. */
    static float[] convertInChunks(StreamResampler resampler, float[] input, int channels, Random random) {
        int frames = input.length / channels;
        float[] out = new float[(resampler.outputFor(frames) + resampler.outputFor(2)) * channels];
        int written = 0;
        for (int at = 0; at < frames; ) {
            int n = random == null ? frames : Math.min(frames - at, 1 + random.nextInt(700));
            float[] chunk = Arrays.copyOfRange(input, at * channels, (at + n) * channels);
            float[] part = new float[resampler.outputFor(n) * channels];
            int made = resampler.process(chunk, n, part);
            System.arraycopy(part, 0, out, written * channels, made * channels);
            written += made;
            at += n;
        }
        float[] tail = new float[resampler.outputFor(2) * channels];
        int made = resampler.finish(tail);
        System.arraycopy(tail, 0, out, written * channels, made * channels);
        return Arrays.copyOf(out, (written + made) * channels);
    }

    static float[] tone(int rate, double hz, int frames, int channels) {
        float[] samples = new float[frames * channels];
        for (int f = 0; f < frames; f++) {
            for (int c = 0; c < channels; c++) {
                samples[f * channels + c] = (float) (0.5 * Math.sin(2 * Math.PI * hz * f / rate));
            }
        }
        return samples;
    }

    /** From the first to the last positive-going zero crossing, interpolated. */
    static double frequency(float[] mono, int rate) {
        int crossings = 0;
        double first = 0;
        double last = 0;
        for (int i = 1; i < mono.length; i++) {
            if (mono[i - 1] < 0 && mono[i] >= 0) {
                double at = (i - 1) + mono[i - 1] / (double) (mono[i - 1] - mono[i]);
                if (crossings++ == 0) {
                    first = at;
                }
                last = at;
            }
        }
        return (crossings - 1) / ((last - first) / rate);
    }
}
