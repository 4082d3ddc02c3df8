package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.clients.HogPattern;

/**
 * The hyperactive clients a run injects, added to the jack_test3 clients: {@code count} hogs burning
 * {@code loadPercent} of the period per cycle from {@code afterSeconds} into the measured time on.
 */
public record HogSettings(int count, double loadPercent, double afterSeconds, HogPattern pattern) {

    public static HogSettings none() {
        return new HogSettings(0, 150, 10, HogPattern.STEADY);
    }

    public void validate() {
        require(count >= 0 && count <= 50, "--hogs must be from 0 to 50, not " + count);
        require(loadPercent > 0 && loadPercent <= 1000, "--hog-load must be above 0 and at most 1000 percent of the period, not " + loadPercent);
        require(afterSeconds >= 0, "--hog-after must be 0 or more seconds, not " + afterSeconds);
    }

    public String describe() {
        return count == 0 ? "none" : String.format(java.util.Locale.ROOT, "%d x %.0f %% of the period, %s, from %.0f s",
                count, loadPercent, pattern.name().toLowerCase(java.util.Locale.ROOT), afterSeconds);
    }

    private static void require(boolean ok, String sentence) {
        if (!ok) {
            throw new TactusException(sentence);
        }
    }
}
