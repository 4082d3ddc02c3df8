package io.tactus.clients;

import io.tactus.api.TactusException;

import java.util.Locale;

/**
 * How a {@link HogClient} spends its load over time. {@code STEADY} is the plainest culprit to find;
 * {@code RAMP} creeps up, so a policy that waits for a clear overrun sheds it late; {@code BURST}
 * overloads a quarter of each second and rests the rest, so an average hides it and a maximum does not.
 */
public enum HogPattern {

    /** The full load every cycle after the start. */
    STEADY,
    /** From nothing to the full load, linearly over {@link HogClient#RAMP_NANOS}, then steady. */
    RAMP,
    /**
     * The full load for {@link HogClient#BURST_ON_NANOS} of every {@link HogClient#BURST_PERIOD_NANOS}, nothing
     * otherwise.
     */
    BURST;

    /** Reads a {@code --hog-pattern} value, case-insensitive. */
    public static HogPattern parse(String text) {
        if (text != null) {
            for (HogPattern pattern : values()) {
                if (pattern.name().equalsIgnoreCase(text.trim())) {
                    return pattern;
                }
            }
        }
        throw new TactusException("--hog-pattern must be steady, ramp or burst, not '" + text + "'");
    }

    @Override
    public String toString() {
        return name().toLowerCase(Locale.ROOT);
    }
}
