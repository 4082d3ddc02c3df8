package io.tactus.server.watchdog;

import io.tactus.api.TactusException;

import java.util.Locale;

/** The named degradation policies of DESIGN.md, as a user types them after {@code --watchdog}. */
public enum PolicyKind {
    /** Nothing beyond the kernel: overload is the kernel's to punish, every realtime thread at once. */
    NONE("nothing beyond the kernel; a late process client still has a hard timeout"),
    /** JACK1 in 2005: whoever was running when a cycle timed out is zombified, guilty or not. */
    JACK("the client running when a cycle times out is evicted (JACK1's zombification)"),
    /** Find the culprit by its own work, silence it at once, evict it after repeated strikes. */
    EVICT("the client whose own work exceeds its budget is muted at once and evicted after K strikes"),
    /** As EVICT, but mute for a growing back-off and readmit; evict only after repeated relapses. */
    BYPASS("the culprit is muted for a back-off and readmitted; evicted after repeated relapses"),
    /** Keep the realtime load under the kernel budget minus headroom by shedding low-priority clients. */
    GOVERNOR("keeps DSP load under a ceiling from the kernel RT budget; sheds lowest priority, then most expensive");

    private final String description;

    PolicyKind(String description) {
        this.description = description;
    }

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

    public String description() {
        return description;
    }
}
