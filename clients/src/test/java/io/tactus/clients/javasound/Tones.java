package io.tactus.clients.javasound;

/** Measures a recorded tone, from the samples alone. */
final class Tones {

    private Tones() {
    }

    /** From the first to the last positive-going zero crossing in [from, to), interpolated between samples. */
    static double frequency(float[] samples, int from, int to, int rate) {
        int crossings = 0;
        double first = 0;
        double last = 0;
        for (int i = Math.max(1, from); i < to; i++) {
            float before = samples[i - 1];
            float after = samples[i];
            if (before < 0 && after >= 0) {
                double at = (i - 1) + before / (double) (before - after);
                if (crossings++ == 0) {
                    first = at;
                }
                last = at;
            }
        }
        if (crossings < 2) {
            throw new AssertionError("the tone crosses zero upwards fewer than twice");
        }
        return (crossings - 1) / ((last - first) / rate);
    }

    /** Index of the first sample whose magnitude exceeds {@code threshold}, or -1. */
    static int firstAbove(float[] samples, double threshold) {
        for (int i = 0; i < samples.length; i++) {
            if (Math.abs(samples[i]) > threshold) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the last sample whose magnitude exceeds {@code threshold}, or -1. */
    static int lastAbove(float[] samples, double threshold) {
        for (int i = samples.length - 1; i >= 0; i--) {
            if (Math.abs(samples[i]) > threshold) {
                return i;
            }
        }
        return -1;
    }

    /** The longest run of samples at or below {@code threshold} in [from, to]. */
    static int longestQuietRun(float[] samples, int from, int to, double threshold) {
        int longest = 0;
        int run = 0;
        for (int i = from; i <= to; i++) {
            run = Math.abs(samples[i]) <= threshold ? run + 1 : 0;
            longest = Math.max(longest, run);
        }
        return longest;
    }

    static double rms(float[] samples, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (double) samples[i] * samples[i];
        }
        return Math.sqrt(sum / Math.max(1, to - from));
    }
}
