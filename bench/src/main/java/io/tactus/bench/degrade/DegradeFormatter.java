package io.tactus.bench.degrade;

import java.util.List;
import java.util.Locale;

/** The comparison table: one line per policy, and the same as CSV. */
public final class DegradeFormatter {

    private static final String HEADER = "policy   |  XRUN | Timeouts | Delay Max | XRUN settled | Delay Max settled "
            + "| innocents lost | muted at end (L/N/H) | shed after | DSP load settled | steal  | late | floor late "
            + "| late/floor | floor max";

    private DegradeFormatter() {
    }

    public static String table(Scenario scenario, List<DegradeRow> rows) {
        StringBuilder out = new StringBuilder();
        out.append("Scenario ").append(scenario.label()).append(scenario == Scenario.HOG
                ? " (\"settled\": from the second after the hog was shed, or after it turned hyperactive if never)\n"
                : " (\"settled\": after the first second under the limit)\n");
        out.append(HEADER).append('\n');
        out.append("-".repeat(HEADER.length())).append('\n');
        for (DegradeRow r : rows) {
            out.append(String.format(Locale.ROOT, "%-8s | %5d | %8d | %6.0f us | %12d | %14.0f us | %14d | %20s | %s "
                            + "| %14.1f %% | %4.1f %% | %4d | %10s | %10s | %s%n",
                    r.policy(), r.xruns(), r.timeouts(), r.delayMaxMicros(), r.xrunsSettled(), r.delayMaxSettled(),
                    r.innocentsLost(), r.mutedAtEnd().label(),
                    Double.isNaN(r.shedAfterMillis()) ? "     never"
                            : String.format(Locale.ROOT, "%7.1f ms", r.shedAfterMillis()),
                    r.dspLoadAfter(), r.steal(), r.late(), r.floorLate() < 0 ? "n/a" : String.valueOf(r.floorLate()),
                    Double.isNaN(r.floorRatio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.floorRatio()),
                    Double.isNaN(r.floorMaxMicros()) ? "n/a"
                            : String.format(Locale.ROOT, "%.0f us", r.floorMaxMicros())));
        }
        return out.toString();
    }

    public static String csv(List<DegradeRow> rows) {
        StringBuilder out = new StringBuilder("policy,xruns,timeouts,delay_max_us,xruns_settled,delay_max_settled_us,"
                + "innocents_lost,muted_at_end,muted_low,muted_normal,muted_high,shed_after_ms,dsp_load_settled_pct,"
                + "steal_pct,delay_over_1000us,floor_delay_over_1000us,delay_count_floor_ratio,floor_max_us\n");
        for (DegradeRow r : rows) {
            DegradeRow.Muted muted = r.mutedAtEnd();
            out.append(String.format(Locale.ROOT, "%s,%d,%d,%.1f,%d,%.1f,%d,%d,%d,%d,%d,%s,%.2f,%.2f,%d,%s,%s,%s%n",
                    r.policy(), r.xruns(), r.timeouts(), r.delayMaxMicros(), r.xrunsSettled(), r.delayMaxSettled(),
                    r.innocentsLost(), muted.total(), muted.low(), muted.normal(), muted.high(),
                    Double.isNaN(r.shedAfterMillis()) ? "" : String.format(Locale.ROOT, "%.1f", r.shedAfterMillis()),
                    r.dspLoadAfter(), r.steal(), r.late(), r.floorLate() < 0 ? "" : String.valueOf(r.floorLate()),
                    Double.isNaN(r.floorRatio()) ? "" : String.format(Locale.ROOT, "%.3f", r.floorRatio()),
                    Double.isNaN(r.floorMaxMicros()) ? "" : String.format(Locale.ROOT, "%.1f", r.floorMaxMicros())));
        }
        return out.toString();
    }
}
