package io.tactus.javasound;

/**
 * Converts an interleaved stream from one whole sample rate to another, chunk by chunk, with the phase carried
 * across chunks: feeding a signal in any split gives the same samples as feeding it at once. The phase is a
 * fraction with the output rate as denominator, kept in integers, so the ratio is exact forever (44 100 frames
 * in always make exactly 48 000 out) and a tone keeps its pitch to the last digit.
 *
 * <p>The interpolator is a 4-point cubic (Catmull-Rom): far cleaner than linear for the rates programs use,
 * cheap, and exact at integer positions, so equal rates pass samples through unchanged. There is no
 * anti-alias filter: going down from a high rate folds content above the new Nyquist frequency back. Output
 * time 0 is input frame 0; the interpolation needs two frames ahead, which {@link #finish} supplies as zeros.
 */
final class StreamResampler {

    private static final int TAPS = 4;

    private final int channels;
    private final long inRate;
    private final long outRate;
    private final float[] history; // TAPS frames: x[n-3] x[n-2] x[n-1] x[n], interleaved
    private final float[] silence;
    private long phase; // position inside [x[n-2], x[n-1]) in units of 1/outRate input frames
    private int pushed; // frames pushed since reset, counted up to TAPS - 1

    StreamResampler(int channels, int inRate, int outRate) {
        if (channels < 1 || inRate <= 0 || outRate <= 0) {
            throw new IllegalArgumentException("channels and rates must be positive");
        }
        long gcd = gcd(inRate, outRate);
        this.channels = channels;
        this.inRate = inRate / gcd;
        this.outRate = outRate / gcd;
        this.history = new float[TAPS * channels];
        this.silence = new float[channels];
        reset();
    }

    /** Starts a new stream: the next input frame is output time 0. */
    void reset() {
        java.util.Arrays.fill(history, 0f);
        phase = 0;
        pushed = 0;
    }

    /** The most input frames whose output is sure to fit in {@code outputFrames}. */
    int inputFor(int outputFrames) {
        long room = outputFrames - 2L; // ceil() and the frame the phase may carry
        return room <= 0 ? 0 : (int) Math.min(Integer.MAX_VALUE, room * inRate / outRate);
    }

    /** The most output frames that {@code inputFrames} more input can give. */
    int outputFor(int inputFrames) {
        return (int) ((inputFrames * outRate + inRate - 1) / inRate) + 1;
    }

    /**
     * Converts {@code frames} frames from {@code in} into {@code out}, which must hold {@link #outputFor}
     * frames; returns how many frames it wrote. Allocation-free.
     */
    int process(float[] in, int frames, float[] out) {
        int written = 0;
        for (int f = 0; f < frames; f++) {
            written = push(in, f * channels, out, written);
        }
        return written;
    }

    /**
     * Ends the stream: two frames of silence carry the interpolation to the last input frame, so the output
     * holds every output time before the end of the input. Then {@link #reset()}. Returns frames written to
     * {@code out}, which must hold {@code outputFor(2)}.
     */
    int finish(float[] out) {
        int written = 0;
        if (pushed > 0) {
            written = push(silence, 0, out, written);
            written = push(silence, 0, out, written);
        }
        reset();
        return written;
    }

    private int push(float[] in, int at, float[] out, int written) {
        System.arraycopy(history, channels, history, 0, (TAPS - 1) * channels);
        System.arraycopy(in, at, history, (TAPS - 1) * channels, channels);
        if (pushed < TAPS - 1) {
            pushed++;
            if (pushed < TAPS - 1) {
                return written; // x[0] and x[1] are in; [0, 1) also needs x[2]
            }
        }
        while (phase < outRate) {
            double t = (double) phase / outRate;
            int base = written * channels;
            for (int c = 0; c < channels; c++) {
                out[base + c] = cubic(history[c], history[channels + c], history[2 * channels + c],
                        history[3 * channels + c], t);
            }
            written++;
            phase += inRate;
        }
        phase -= outRate;
        return written;
    }

    /** Catmull-Rom between p1 (t = 0, returned exactly) and p2 (t = 1). */
    static float cubic(float p0, float p1, float p2, float p3, double t) {
        double a = 3.0 * (p1 - p2) + p3 - p0;
        double b = 2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3;
        double c = p2 - p0;
        return (float) (p1 + 0.5 * t * (c + t * (b + t * a)));
    }

    private static long gcd(long a, long b) {
        return b == 0 ? a : gcd(b, a % b);
    }
}
