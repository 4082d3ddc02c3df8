package io.tactus.server.watchdog;

import io.tactus.api.TactusException;

import java.util.Locale;

/** The named degradation policies (docs/watchdog.md), as a user types them after {@code --watchdog}. */
public enum PolicyKind {
    /** Nothing beyond the kernel: overload is the kernel's to punish, every realtime thread at once. */
    NONE,
    /** JACK1 in 2005: whoever was running when a cycle timed out is zombified, guilty or not. */
    JACK,
    /** Find the culprit by its own work, silence it at once, evict it after repeated strikes. */
    EVICT,
    /** As EVICT, but mute for a growing back-off and readmit; evict only after repeated relapses. */
    BYPASS,
    /** Keep the realtime load under the kernel budget minus headroom by shedding low-priority clients. */
    GOVERNOR;

    public static PolicyKind parse(String text) {
        for (PolicyKind kind : values()) {
            if (kind.label().equalsIgnoreCase(text == null ? "" : text.trim())) {
                return kind;
            }
        }
        throw new TactusException("--watchdog must be none, jack, evict, bypass or governor, not '" + text + "'");
    }

    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
