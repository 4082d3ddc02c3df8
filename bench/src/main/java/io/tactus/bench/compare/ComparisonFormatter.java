package io.tactus.bench.compare;

import io.tactus.bench.report.SummaryFormatter;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.CpuLatencyRequest;

import java.util.List;
import java.util.Locale;
import java.util.function.ToDoubleFunction;

/**
 * The two servers' jack_test3 summaries of one round side by side, label for label, with Tactus's figure over
 * JACK2's; and at the end one row per round, so that every window is shown, not only the best.
 */
public final class ComparisonFormatter {

    private static final String RULE = "*********************************************";

    private ComparisonFormatter() {
    }

    /** The header of the whole comparison: what both servers ran. */
    public static String header(CompareSettings c) {
        StressSettings s = c.stress();
        return String.format(Locale.ROOT, "tactus compare jackd: %d round%s of %d s windows (JACK2, then Tactus), %d %s"
                        + " x %d ports, --work %d, %s, %d frames at %d Hz, SCHED_FIFO %d, jackd %s,"
                        + " Tactus %s, load %s; %s for Tactus, %s for JACK2%n", c.rounds(), c.rounds() == 1 ? "" : "s", s.seconds(),
                s.clients(), s.clientMode().isNative() ? "native jack_test3 clients"
                        : "jack_test3 clients (native on JACK2, Java process clients on Tactus, their figures the engine's)",
                s.ports(), s.work(),
                s.chain() ? "chained" : "unconnected", s.frames(), s.rate(), s.scheduling().priority(),
                c.sync() ? "synchronous (-S)" : "asynchronous (its default)", c.sync() ? "synchronous" : "asynchronous", c.loadLabel(),
                CpuLatencyRequest.describe(c.cpuLatencyMicros()), CpuLatencyRequest.describe(c.jackdCpuLatencyMicros()));
    }

    /** One round: the two windows' figures and their ratios. */
    public static String round(int round, int rounds, WindowFigures jack, WindowFigures tactus) {
        StringBuilder out = new StringBuilder();
        out.append(RULE).append('\n');
        out.append(String.format(Locale.ROOT, "%-32s%12s  %12s  %12s%n", "Round " + round + " of " + rounds, "JACK2",
                "Tactus", "Tactus/JACK2"));
        count(out, "Clients Joined", jack.clientsJoined(), tactus.clientsJoined(), false);
        count(out, "Clients Reporting at End", jack.summaries().size(), tactus.summaries().size(), false);
        count(out, "XRUN Count (server's own)", jack.serverXruns(), tactus.serverXruns(), true);
        // Only a client that prints a summary counts its callbacks: n/a for Java process clients, not 0.
        row(out, "XRUN Callbacks (client)", jack, tactus,
                w -> w.summaries().isEmpty() ? Double.NaN : w.xrunCallbacks(), "");
        StealFreeSeconds j = jack.stealFree();
        StealFreeSeconds t = tactus.stealFree();
        out.append(String.format(Locale.ROOT, "%s: %12s  %12s%n", SummaryFormatter.leader("Seconds without Steal"),
                j.seconds() + " of " + j.of(), t.seconds() + " of " + t.of()));
        out.append(String.format(Locale.ROOT, "%s: %12d  %12d  %12s%n", SummaryFormatter.leader("XRUNs in Them (per s)"),
                j.xruns(), t.xruns(), ratio(j.xrunRate(), t.xrunRate())));
        row(out, "Average DSP Load", jack, tactus, WindowFigures::dspLoadAvg, "%");
        row(out, "Maximum DSP Load", jack, tactus, WindowFigures::dspLoadMax, "%");
        row(out, "Delay Maximum", jack, tactus, WindowFigures::delayMaxMicros, "usecs");
        row(out, "Cycle Interval Maximum", jack, tactus, WindowFigures::intervalMaxMicros, "usecs");
        row(out, "Process Callback Maximum", jack, tactus, WindowFigures::processMaxMicros, "usecs");
        count(out, "Cycles (first client)", jack.cycles(), tactus.cycles(), true);
        row(out, "Window (first client)", jack, tactus, WindowFigures::seconds, "s");
        out.append(SummaryFormatter.leader("Raw Outputs")).append(": ").append(jack.rawDirectory()).append(", ")
                .append(tactus.rawDirectory()).append('\n');
        return out.toString();
    }

    /** Every round in one table at the end. */
    public static String table(List<WindowFigures[]> rounds) {
        StringBuilder out = new StringBuilder(RULE).append('\n');
        out.append(String.format(Locale.ROOT, "%5s  %11s %11s %7s  %11s %11s %7s  %9s %9s %7s  %11s %11s %7s%n", "round",
                "JACK2 xruns", "Tactus", "ratio", "JACK2 quiet", "Tactus", "ratio", "JACK2 DSP", "Tactus", "ratio",
                "JACK2 delay", "Tactus", "ratio"));
        for (int i = 0; i < rounds.size(); i++) {
            WindowFigures j = rounds.get(i)[0];
            WindowFigures t = rounds.get(i)[1];
            out.append(String.format(Locale.ROOT, "%5d  %11d %11d %7s  %11s %11s %7s  %8.1f%% %8.1f%% %7s  %11.0f %11.0f %7s%n",
                    i + 1, j.serverXruns(), t.serverXruns(), ratio(j.serverXruns(), t.serverXruns()), quiet(j.stealFree()),
                    quiet(t.stealFree()), ratio(j.stealFree().xrunRate(), t.stealFree().xrunRate()), j.dspLoadAvg(),
                    t.dspLoadAvg(), ratio(j.dspLoadAvg(), t.dspLoadAvg()), j.delayMaxMicros(), t.delayMaxMicros(),
                    ratio(j.delayMaxMicros(), t.delayMaxMicros())));
        }
        out.append("xruns: each server's own count; quiet: its xruns in the seconds without steal / those seconds, the ratio"
                + " of their rates; DSP load: jack_cpu_load; delay: jack_get_max_delayed_usecs (usecs)\n");
        return out.toString();
    }

    /** "12/54": xruns in the seconds without steal, over those seconds; "n/a" when the window was not sampled. */
    private static String quiet(StealFreeSeconds s) {
        return s.of() == 0 ? "n/a" : s.xruns() + "/" + s.seconds();
    }

    private static void count(StringBuilder out, String label, long jack, long tactus, boolean ratio) {
        out.append(String.format(Locale.ROOT, "%s: %12d  %12d  %12s%n", SummaryFormatter.leader(label), jack, tactus,
                ratio ? ratio(jack, tactus) : ""));
    }

    private static void row(StringBuilder out, String label, WindowFigures jack, WindowFigures tactus,
                            ToDoubleFunction<WindowFigures> figure, String unit) {
        double j = figure.applyAsDouble(jack);
        double t = figure.applyAsDouble(tactus);
        out.append(String.format(Locale.ROOT, "%s: %12s  %12s  %12s%n", SummaryFormatter.leader(label), value(j, unit),
                value(t, unit), ratio(j, t)));
    }

    private static String value(double v, String unit) {
        if (Double.isNaN(v)) {
            return "n/a";
        }
        return switch (unit) {
            case "%" -> String.format(Locale.ROOT, "%.1f %%", v);
            case "s" -> String.format(Locale.ROOT, "%.2f s", v);
            case "" -> String.format(Locale.ROOT, "%.0f", v);
            default -> String.format(Locale.ROOT, "%.0f %s", v, unit);
        };
    }

    /** Tactus's figure over JACK2's: "-" when either is unknown, or both are 0; "inf" over a 0. */
    static String ratio(double jack, double tactus) {
        if (Double.isNaN(jack) || Double.isNaN(tactus) || (jack == 0 && tactus == 0)) {
            return "-";
        }
        return jack == 0 ? "inf" : String.format(Locale.ROOT, "%.3f", tactus / jack);
    }
}
