package io.tactus.bench.libjack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/** What a recording holds, read the way the tests of the JACK programs need it: sounds, their starts and pitch. */
final class Recordings {

    private Recordings() {
    }

    /** A stretch of sound: its first and last non-zero sample. */
    record Sound(int first, int last) {
        int length() {
            return last - first + 1;
        }
    }

    /** The stretches of non-zero samples separated by at least {@code minimumGap} zeros. */
    static List<Sound> sounds(float[] samples, int minimumGap) {
        List<Sound> sounds = new ArrayList<>();
        int first = -1;
        int last = -1;
        for (int i = 0; i < samples.length; i++) {
            if (samples[i] == 0f) {
                continue;
            }
            if (first < 0 || i - last > minimumGap) {
                if (first >= 0) {
                    sounds.add(new Sound(first, last));
                }
                first = i;
            }
            last = i;
        }
        if (first >= 0) {
            sounds.add(new Sound(first, last));
        }
        return sounds;
    }

    /**
     * A sine's frequency from the spacing of its rising zero crossings in {@code [from, to)}: the mean of the
     * spacings within 10 % of their median, so that a period the server gave up on does not count.
     */
    static double frequency(float[] samples, int from, int to, int rate) {
        List<Integer> spacings = new ArrayList<>();
        int previous = -1;
        for (int i = Math.max(1, from); i < to; i++) {
            if (samples[i - 1] < 0f && samples[i] >= 0f) {
                if (previous >= 0) {
                    spacings.add(i - previous);
                }
                previous = i;
            }
        }
        if (spacings.isEmpty()) {
            return 0;
        }
        List<Integer> sorted = new ArrayList<>(spacings);
        Collections.sort(sorted);
        double median = sorted.get(sorted.size() / 2);
        double sum = 0;
        int kept = 0;
        for (int spacing : spacings) {
            if (Math.abs(spacing - median) <= 0.1 * median) {
                sum += spacing;
                kept++;
            }
        }
        return rate / (sum / kept);
    }
}
