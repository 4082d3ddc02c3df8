package io.tactus.bench.stress;

import io.tactus.api.TactusException;

import java.util.Locale;

/**
 * Where the stress test's clients run: {@code inproc} on the engine thread (no copy, no wake-up), or
 * {@code process}, each in a JVM of its own joined over the control socket and woken by futex each cycle.
 */
public enum ClientMode {
    INPROC, PROCESS;

    public static ClientMode parse(String text) {
        for (ClientMode mode : values()) {
            if (mode.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return mode;
            }
        }
        throw new TactusException("--client-mode must be inproc or process, not '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
