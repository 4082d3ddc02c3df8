package io.tactus.bench.cli;

import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import picocli.CommandLine.Option;

/**
 * The watchdog's policy and knobs as flags, shared by every command that starts a server so their names,
 * defaults and help cannot drift apart. Defaults are {@link WatchdogSettings#defaults()}'s.
 */
public final class WatchdogOptions {

    private static final WatchdogSettings DEFAULTS = WatchdogSettings.defaults();

    @Option(names = "--watchdog", defaultValue = "evict",
            description = "degradation policy: none, jack, evict, bypass or governor (default ${DEFAULT-VALUE})")
    public String policy;

    @Option(names = "--client-budget", description = "evict/bypass: a client's own work may use this percent of the period (default 50)")
    Double clientBudget;

    @Option(names = "--strikes", description = "evict: strikes within the window that evict a client (default 3)")
    Integer strikes;

    @Option(names = "--strike-window", description = "evict: the window strikes are counted in, ms (default 10000)")
    Long window;

    @Option(names = "--backoff", description = "evict/bypass: how long a struck client stays muted, ms; bypass doubles it at each relapse (default 1000)")
    Long backoff;

    @Option(names = "--relapses", description = "bypass: relapses that evict a client (default 3)")
    Integer relapses;

    @Option(names = "--ceiling", description = "governor: DSP load ceiling in percent (default: the kernel RT budget minus the headroom)")
    Double ceiling;

    @Option(names = "--headroom", description = "governor: percentage points kept free below the RT budget (default 5)")
    Double headroom;

    @Option(names = "--grace", description = "a new client is not judged for this long, ms (default 2000)")
    Long grace;

    @Option(names = "--stall", description = "a process call running this long is a runaway and the engine thread is replaced, ms (default 10)")
    Long stall;

    /** The settings the flags describe; validated, one sentence per mistake. */
    public WatchdogSettings settings() {
        WatchdogSettings d = DEFAULTS;
        WatchdogSettings settings = new WatchdogSettings(PolicyKind.parse(policy),
                or(clientBudget, d.clientBudgetPercent()), or(strikes, d.strikes()), or(window, d.windowMillis()),
                or(backoff, d.backoffMillis()), or(relapses, d.relapses()), or(ceiling, d.ceilingPercent()),
                or(headroom, d.headroomPercent()), or(grace, d.graceMillis()), or(stall, d.stallMillis()),
                d.loadWindowMillis(), d.refractoryMillis());
        settings.validate();
        return settings;
    }

    private static <T> T or(T value, T fallback) {
        return value == null ? fallback : value;
    }
}
