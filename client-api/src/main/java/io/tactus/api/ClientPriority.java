package io.tactus.api;

import java.util.Locale;

/**
 * How much a client matters when the machine cannot run every client in time. The watchdog's governor
 * sheds the lowest priority first (then, among equals, the most expensive), so a user marks what must
 * keep playing rather than the server guessing; the price is that a client declaring HIGH is trusted.
 */
public enum ClientPriority {
    LOW, NORMAL, HIGH;

    /** "low", "normal" or "high", any case; one clear sentence otherwise. */
    public static ClientPriority parse(String text) {
        for (ClientPriority priority : values()) {
            if (priority.name().equalsIgnoreCase(text)) {
                return priority;
            }
        }
        throw new TactusException("client priority must be low, normal or high, not '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
