package io.tactus.bench.report;

import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.stress.ClientDsp;
import io.tactus.bench.stress.Footprint;
import io.tactus.bench.stress.MidiOutcome;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.WatchdogOutcome;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.Watchdog;
import io.tactus.server.watchdog.WatchdogEvent;
import io.tactus.server.watchdog.WatchdogSettings;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Prints a run as jack_test3 did, label for label, so that old and new results read side by side; then
 * Tactus's own lines in the same {@code Label . . . : value} form.
 */
public final class SummaryFormatter {

    private static final String RULE = "*********************************************";
    private static final int LABEL_WIDTH = 30;

    private SummaryFormatter() {
    }

    public static String format(StressResult result) {
        StressSettings s = result.settings();
        MetricsSnapshot m = result.metrics();
        CpuUsage cpu = result.cpu();
        StringBuilder out = new StringBuilder();
        line(out, RULE);
        integer(out, "Total seconds ran . . . . . . ", Math.round(m.secondsMeasured()));
        int missing = s.clients() - result.clientsJoined();
        out.append("Number of clients . . . . . . : ").append(String.format(Locale.ROOT, "%5d", result.clientsJoined()))
                .append(missing == 0 ? "" : " (" + missing + " of " + s.clients() + " did not join)").append('\n');
        integer(out, "Ports per client  . . . . . . ", s.ports());
        integer(out, "Frames per buffer . . . . . . ", s.frames());
        line(out, RULE);
        integer(out, "Timeout Count . . . . . . . . ", m.timeouts());
        integer(out, "XRUN Count  . . . . . . . . . ", m.xruns());
        integer(out, "Delay Count (>spare time) . . ", m.delayOverSpare());
        integer(out, "Delay Count (>1000 usecs) . . ", m.delayOver1000us());
        micros(out, "Delay Maximum . . . . . . . . ", m.delayMaxMicros());
        micros(out, "Cycle Maximum . . . . . . . . ", m.cycleMaxMicros());
        percent(out, "Average DSP Load. . . . . . . ", m.dspLoadMean());
        percent(out, "Average CPU System Load . . . ", cpu.system());
        percent(out, "Average CPU User Load . . . . ", cpu.user());
        percent(out, "Average CPU Nice Load . . . . ", cpu.nice());
        percent(out, "Average CPU I/O Wait Load . . ", cpu.iowait());
        percent(out, "Average CPU IRQ Load  . . . . ", cpu.irq());
        percent(out, "Average CPU Soft-IRQ Load . . ", cpu.softirq());
        rate(out, "Average Interrupt Rate  . . . ", cpu.interruptRate());
        rate(out, "Average Context-Switch Rate . ", cpu.contextSwitchRate());
        line(out, RULE);
        text(out, "Sample Rate", s.rate() + " Hz");
        text(out, "Scheduling Policy", result.scheduling());
        text(out, "Client Mode", s.clientMode().label());
        text(out, "Watchdog Policy", describe(s.degradation().watchdog()));
        if (s.degradation().hogs().count() > 0) {
            text(out, "Hogs", s.degradation().hogs().describe());
        }
        if (s.degradation().rtLimitPercent() > 0) {
            text(out, "RT Limit", result.watchdog().rtLimit());
        }
        text(out, "Work per Client", s.work() + " filter stages"
                + (s.dsp() == ClientDsp.CASCADE
                        ? " (cascade: each input to its own output, as JACK2's reference client)" : "")
                + (s.chain() ? ", chained" : ", unconnected"));
        text(out, "Spin before Period", s.spinMicros() < 0 ? "always (never parks)" : s.spinMicros() + " usecs");
        text(out, "Background Load", result.load());
        if (s.staggerSeconds() > 0) {
            text(out, "Stagger", s.staggerSeconds() + " s between clients; the averages include the ramp");
        }
        percent(out, leader("Maximum DSP Load"), m.dspLoadMax());
        text(out, "DSP Load as JACK2 Counts", String.format(Locale.ROOT, "%7.1f %% mean, %.1f %% max (jack_cpu_load)",
                m.jackDspLoadMean(), m.jackDspLoadMax()));
        micros(out, leader("Delay p99.9"), m.delayP999Micros());
        decimal(out, leader("Cycle Mean"), m.cycleMeanMicros(), "usecs");
        decimal(out, leader("Client Work Mean"), m.clientWorkMeanMicros(), "usecs");
        decimal(out, leader("Engine Overhead/Client"), overheadPerClient(m), "usecs");
        integer(out, leader("Periods Skipped"), m.skippedPeriods());
        integer(out, leader("Clients Evicted"), result.clientsEvicted());
        integer(out, leader("Clients Alive at End"), m.clientsAtEnd());
        if (s.clientMode().isProcess()) {
            List<String> notJoined = result.clientsNotJoined();
            text(out, "Clients Not Joined", String.format(Locale.ROOT, "%5d", notJoined.size())
                    + (notJoined.isEmpty() ? "" : ": " + String.join(", ", notJoined)));
        }
        WatchdogOutcome w = result.watchdog();
        integer(out, leader("Clients Muted at End"), w.mutedAtEnd());
        integer(out, leader("Innocent Clients Evicted"), w.innocentsEvicted());
        integer(out, leader("Watchdog Actions"), w.actions().size());
        if (s.degradation().hogs().count() > 0) {
            OptionalDouble shed = w.culpritShedAfterMillis();
            boolean unknown = w.hyperactiveSince().stream().allMatch(t -> t < 0);
            text(out, "Culprit Shed After", shed.isPresent() ? String.format(Locale.ROOT, "%7.1f ms", shed.getAsDouble())
                    : unknown ? "not measured (the hog never burned, or burned in a process of its own)" : "never");
        }
        if (result.midi() != null) {
            MidiOutcome midi = result.midi();
            text(out, "MIDI Events Carried", String.format(Locale.ROOT, "%5d through every client in order (%d sent in the window)",
                    midi.carried(), midi.sent()));
            text(out, "MIDI Events Lost", String.format(Locale.ROOT, "%5d (and %d out of order)", midi.lost(),
                    midi.outOfOrder()));
        }
        integer(out, leader("Telemetry Dropped"), result.telemetryDropped());
        text(out, "RT Allocated Bytes", m.rtAllocatedBytes() < 0 ? "not measured (run shorter than warm-up)"
                : String.format(Locale.ROOT, "%5d", m.rtAllocatedBytes()));
        percent(out, leader("Average CPU Steal Load"), cpu.steal());
        StressResult.QuietSeconds quiet = result.quietSeconds();
        if (quiet.of() > 0) {
            text(out, "Seconds without Steal", String.format(Locale.ROOT, "%5d of %d, with %d xruns and %d timeouts",
                    quiet.seconds(), quiet.of(), quiet.xruns(), quiet.timeouts()));
        }
        text(out, "Warm-up Excluded", s.warmupSeconds() + " s");
        if (result.rssAtEndKb() >= 0) {
            text(out, "Resident Memory", (result.rssAt30sKb() >= 0 ? mib(result.rssAt30sKb()) + " at 30 s, " : "")
                    + mib(result.rssAtEndKb()) + " at end");
        }
        if (s.clientMode().isProcess()) {
            text(out, "Client Wake-ups (>1000us)", clientWakeups(m));
        }
        footprint(out, result.footprint());
        line(out, RULE);
        if (result.floor() != null) {
            out.append(FloorLines.format(result.floor(), m.delayOver1000us(), m.secondsMeasured()));
            line(out, RULE);
        }
        events(out, result.watchdog());
        return out.toString();
    }

    /** Process clients' late wake-ups (triggered to running, over 1 ms), with the mean, p99.9 and maximum wait. */
    public static String clientWakeups(MetricsSnapshot m) {
        return String.format(Locale.ROOT, "%5d (triggered to running; mean %.1f, p99.9 %d, maximum %d usecs)",
                m.clientWaitsOver1000us(), m.clientWaitMeanMicros(), Math.round(m.clientWaitP999Micros()),
                Math.round(m.clientWaitMaxMicros()));
    }

    /** Proportional set sizes: they add up over processes, unlike the resident sizes. */
    private static void footprint(StringBuilder out, Footprint f) {
        if (!f.known()) {
            return;
        }
        text(out, "Server PSS", mib(f.serverPssKb()));
        if (f.clients() > 0) {
            text(out, "Client Processes PSS", String.format(Locale.ROOT, "%s in all, %s each on average (%d processes)",
                    mib(f.clientsPssKb()), mib(f.clientsPssKb() / f.clients()), f.clients()));
        }
    }

    /** The policy and the knobs that matter for it. */
    static String describe(WatchdogSettings w) {
        return w.policy().label() + switch (w.policy()) {
            case NONE -> " (the kernel decides)";
            case JACK -> " (the client running at a timeout is evicted)";
            case EVICT -> String.format(Locale.ROOT, " (budget %.0f %% of the period, %d strikes in %d ms, back-off %d ms, grace %d ms)",
                    w.clientBudgetPercent(), w.strikes(), w.windowMillis(), w.backoffMillis(), w.graceMillis());
            case BYPASS -> String.format(Locale.ROOT, " (budget %.0f %% of the period, back-off %d ms doubling, %d relapses, grace %d ms)",
                    w.clientBudgetPercent(), w.backoffMillis(), w.relapses(), w.graceMillis());
            case GOVERNOR -> w.ceilingPercent() > 0
                    ? String.format(Locale.ROOT, " (ceiling %.0f %%, grace %d ms)", w.ceilingPercent(), w.graceMillis())
                    : String.format(Locale.ROOT, " (ceiling: RT budget minus %.0f points, grace %d ms)", w.headroomPercent(), w.graceMillis());
        };
    }

    /** Lines shown after the summary block: the watchdog's actions and whom each xrun was blamed on. */
    static final int ACTIONS_LISTED = 20;

    private static void events(StringBuilder out, WatchdogOutcome w) {
        List<WatchdogEvent> actions = w.actions();
        if (!actions.isEmpty()) {
            line(out, "Watchdog actions (seconds from the start of measurement):");
            for (WatchdogEvent e : actions.subList(0, Math.min(ACTIONS_LISTED, actions.size()))) {
                line(out, String.format(Locale.ROOT, "  %8.3f s  %-7s %-16s %s", w.secondsOf(e), e.action(), e.client(), e.reason()));
            }
            if (actions.size() > ACTIONS_LISTED) {
                line(out, "  ... and " + (actions.size() - ACTIONS_LISTED) + " more (summary.json lists them all)");
            }
        }
        Map<String, Integer> blame = w.xrunsBlamed();
        if (!blame.isEmpty()) {
            line(out, "XRUNs blamed on (the client(s) that consumed the cycle; \"(host)\" when none did): " + blame.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed())
                    .map(e -> e.getKey() + " " + e.getValue()).collect(Collectors.joining(", "))
                    + (w.observedDropped() > 0 ? OVER_THE_LOGGED : ""));
        }
        Map<String, Integer> timeouts = w.timeoutsBlamed();
        if (!timeouts.isEmpty()) {
            int total = timeouts.values().stream().mapToInt(Integer::intValue).sum();
            List<Map.Entry<String, Integer>> worst = timeouts.entrySet().stream()
                    .sorted(Map.Entry.<String, Integer>comparingByValue().reversed()).toList();
            line(out, "Timeouts by client (" + w.timeoutsNotBegun() + " of " + total
                    + " had not begun their cycle): "
                    + worst.stream().limit(TIMEOUT_CLIENTS_LISTED).map(e -> e.getKey() + " " + e.getValue())
                            .collect(Collectors.joining(", "))
                    + (worst.size() > TIMEOUT_CLIENTS_LISTED ? ", and " + (worst.size() - TIMEOUT_CLIENTS_LISTED) + " more clients" : "")
                    + (w.observedDropped() > 0 ? OVER_THE_LOGGED : ""));
        }
    }

    private static final int TIMEOUT_CLIENTS_LISTED = 8;
    private static final String OVER_THE_LOGGED = " (over the first " + Watchdog.OBSERVED_EVENTS_KEPT
            + " xruns and timeouts, which summary.json lists)";

    private static String mib(long kib) {
        return String.format(Locale.ROOT, "%.1f MiB", kib / 1024.0);
    }

    /**
     * Cycle time not spent in the clients' own work, per client: what the engine costs. Asynchronous clients'
     * work lies outside the cycle, so only the clients' work inside it is taken off.
     */
    public static double overheadPerClient(MetricsSnapshot m) {
        return m.clientsMax() == 0 ? 0 : (m.cycleMeanMicros() - m.clientWorkInCycleMeanMicros()) / m.clientsMax();
    }

    /** jack_test3's label layout: label, spaces to an even column, ". " leaders up to column 30. */
    public static String leader(String label) {
        StringBuilder b = new StringBuilder(label).append(' ');
        if (b.length() % 2 == 1) {
            b.append(' ');
        }
        while (b.length() < LABEL_WIDTH) {
            b.append(b.length() == LABEL_WIDTH - 1 ? " " : ". ");
        }
        return b.substring(0, Math.max(LABEL_WIDTH, label.length() + 1));
    }

    private static void line(StringBuilder out, String text) {
        out.append(text).append('\n');
    }

    private static void integer(StringBuilder out, String label, long value) {
        out.append(label).append(": ").append(String.format(Locale.ROOT, "%5d", value)).append('\n');
    }

    private static void micros(StringBuilder out, String label, double micros) {
        out.append(label).append(": ").append(String.format(Locale.ROOT, "%5d   usecs", Math.round(micros))).append('\n');
    }

    private static void decimal(StringBuilder out, String label, double value, String unit) {
        out.append(label).append(": ").append(String.format(Locale.ROOT, "%7.2f %s", value, unit)).append('\n');
    }

    private static void percent(StringBuilder out, String label, double value) {
        out.append(label).append(": ").append(String.format(Locale.ROOT, "%7.1f %%", value)).append('\n');
    }

    private static void rate(StringBuilder out, String label, double value) {
        out.append(label).append(": ").append(String.format(Locale.ROOT, "%7.1f /sec", value)).append('\n');
    }

    private static void text(StringBuilder out, String label, String value) {
        out.append(leader(label)).append(": ").append(value).append('\n');
    }
}
