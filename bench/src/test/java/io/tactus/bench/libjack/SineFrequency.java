package io.tactus.bench.libjack;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A recorded sine's frequency from the spacing of its rising zero crossings: the mean of the spacings within
 * 10 % of their median, so that a period the server gave up on (silence in the file, a jump of phase) does not
 * count. Fails the test when the recording is not mostly one steady sine.
 */
final class SineFrequency {

    private SineFrequency() {
    }

    static double of(float[] samples, int sampleRate) {
        List<Integer> spacings = new ArrayList<>();
        int previous = -1;
        for (int i = 1; i < samples.length; i++) {
            if (samples[i - 1] < 0f && samples[i] >= 0f) {
                if (previous >= 0) {
                    spacings.add(i - previous);
                }
                previous = i;
            }
        }
        assertTrue(spacings.size() > 100, "a recorded sine: " + spacings.size() + " crossings");
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
        assertTrue(kept > spacings.size() / 2, "most of the recording is one steady sine: " + kept + " of "
                + spacings.size() + " spacings near " + median);
        return sampleRate / (sum / kept);
    }
}
