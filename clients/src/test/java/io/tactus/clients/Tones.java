package io.tactus.clients;

/** Measures a recorded or rendered tone, from the samples alone. */
public final class Tones {

    private Tones() {
    }

    /** From the first to the last positive-going zero crossing in [from, to), interpolated between samples. */
    public static double frequency(float[] samples, int from, int to, int rate) {
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
    public static int firstAbove(float[] samples, double threshold) {
        for (int i = 0; i < samples.length; i++) {
            if (Math.abs(samples[i]) > threshold) {
                return i;
            }
        }
        return -1;
    }

    /** Index of the last sample whose magnitude exceeds {@code threshold}, or -1. */
    public static int lastAbove(float[] samples, double threshold) {
        for (int i = samples.length - 1; i >= 0; i--) {
            if (Math.abs(samples[i]) > threshold) {
                return i;
            }
        }
        return -1;
    }

    /** The longest run of samples at or below {@code threshold} in [from, to]. */
    public static int longestQuietRun(float[] samples, int from, int to, double threshold) {
        return samples.length == 0 ? 0 : longestQuietRunAt(samples, from, to, threshold)[1];
    }

    /** {start, length} of the longest run of samples at or below {@code threshold} in [from, to]. */
    public static int[] longestQuietRunAt(float[] samples, int from, int to, double threshold) {
        int longest = 0;
        int at = from;
        int run = 0;
        for (int i = from; i <= to; i++) {
            run = Math.abs(samples[i]) <= threshold ? run + 1 : 0;
            if (run > longest) {
                longest = run;
                at = i - run + 1;
            }
        }
        return new int[] {at, longest};
    }

    public static double rms(float[] samples, int from, int to) {
        double sum = 0;
        for (int i = from; i < to; i++) {
            sum += (double) samples[i] * samples[i];
        }
        return Math.sqrt(sum / Math.max(1, to - from));
    }
}
