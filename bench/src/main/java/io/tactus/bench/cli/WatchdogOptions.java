package io.tactus.bench.cli;

import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import picocli.CommandLine.Option;

/**
 * The watchdog's policy and knobs as flags, shared by every command that starts a server so their names,
 * defaults and help cannot drift apart. Defaults and their help text are {@link WatchdogSettings}'s constants.
 */
public final class WatchdogOptions {

    @Option(names = "--watchdog", defaultValue = "evict",
            description = "degradation policy: none, jack, evict, bypass or governor (default ${DEFAULT-VALUE})")
    public String policy;

    @Option(names = "--client-budget", defaultValue = "" + WatchdogSettings.DEFAULT_CLIENT_BUDGET_PERCENT,
            description = "evict/bypass: a client's own work may use this percent of the period (default ${DEFAULT-VALUE})")
    double clientBudget;

    @Option(names = "--strikes", defaultValue = "" + WatchdogSettings.DEFAULT_STRIKES,
            description = "evict: strikes within the window that evict a client (default ${DEFAULT-VALUE})")
    int strikes;

    @Option(names = "--strike-window", defaultValue = "" + WatchdogSettings.DEFAULT_WINDOW_MILLIS,
            description = "evict: the window strikes are counted in, ms (default ${DEFAULT-VALUE})")
    long window;

    @Option(names = "--backoff", defaultValue = "" + WatchdogSettings.DEFAULT_BACKOFF_MILLIS,
            description = "evict/bypass: how long a struck client stays muted, ms; bypass doubles it at each relapse (default ${DEFAULT-VALUE})")
    long backoff;

    @Option(names = "--relapses", defaultValue = "" + WatchdogSettings.DEFAULT_RELAPSES,
            description = "bypass: relapses that evict a client (default ${DEFAULT-VALUE})")
    int relapses;

    @Option(names = "--ceiling", description = "governor: DSP load ceiling in percent (default: the kernel RT budget minus the headroom)")
    Double ceiling;

    @Option(names = "--headroom", defaultValue = "" + WatchdogSettings.DEFAULT_HEADROOM_PERCENT,
            description = "governor: percentage points kept free below the RT budget (default ${DEFAULT-VALUE})")
    double headroom;

    @Option(names = "--grace", defaultValue = "" + WatchdogSettings.DEFAULT_GRACE_MILLIS,
            description = "a new client is not judged for this long, ms (default ${DEFAULT-VALUE})")
    long grace;

    @Option(names = "--stall", defaultValue = "" + WatchdogSettings.DEFAULT_STALL_MILLIS,
            description = "a process call running this long is a runaway and the engine thread is replaced, ms (default ${DEFAULT-VALUE})")
    long stall;

    /** The settings the flags describe; validated, one sentence per mistake. */
    public WatchdogSettings settings() {
        WatchdogSettings settings = WatchdogSettings.builder(PolicyKind.parse(policy))
                .clientBudgetPercent(clientBudget).strikes(strikes).windowMillis(window).backoffMillis(backoff)
                .relapses(relapses).ceilingPercent(ceiling == null ? WatchdogSettings.DEFAULT_CEILING_PERCENT : ceiling)
                .headroomPercent(headroom).graceMillis(grace).stallMillis(stall).build();
        settings.validate();
        return settings;
    }
}
