package io.tactus.bench.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;

import java.util.Locale;

/**
 * The floor block of a report, under the summary block in its {@code Label . . . : value} form: the bare
 * thread's late wake-ups, maximum and p99.9, and the engine's late wake-ups per second as a ratio of the
 * floor's, so a reader can tell the host's late wake-ups from the engine's; and the same figures for summary.json.
 */
public final class FloorLines {

    private static final ObjectMapper JSON = new ObjectMapper();

    private FloorLines() {
    }

    /** The floor's own lines. */
    public static String format(FloorWindow floor) {
        StringBuilder out = new StringBuilder();
        text(out, "Floor Seconds", String.format(Locale.ROOT, "%5.0f", floor.seconds()));
        text(out, "Floor Scheduling", floor.scheduling() + ", " + label(floor.mechanism()));
        text(out, "Floor Delay Count (>1000us)", String.format(Locale.ROOT, "%5d", floor.late()));
        text(out, "Floor Delay Maximum", String.format(Locale.ROOT, "%5d   usecs", floor.maxNanos() / 1000));
        text(out, "Floor Delay p99.9", String.format(Locale.ROOT, "%5d   usecs", floor.percentileNanos(99.9) / 1000));
        text(out, "Floor Allocated Bytes", floor.allocatedBytes() < 0 ? "  n/a"
                : String.format(Locale.ROOT, "%5d", floor.allocatedBytes()));
        return out.toString();
    }

    /** The floor's figures for summary.json. */
    public static ObjectNode json(FloorWindow f) {
        return JSON.createObjectNode()
                .put("seconds", f.seconds())
                .put("scheduling", f.scheduling())
                .put("mechanism", f.mechanism().name().toLowerCase(Locale.ROOT))
                .put("periods", f.periods())
                .put("delayCountOver1000us", f.late())
                .put("periodsSkipped", f.skipped())
                .put("delayMaxMicros", f.maxNanos() / 1000.0)
                .put("delayP999Micros", f.percentileNanos(99.9) / 1000.0)
                .put("allocatedBytes", f.allocatedBytes());
    }

    /** The floor's lines and the engine's late wake-ups set against them. */
    public static String format(FloorWindow floor, long engineLate, double engineSeconds) {
        StringBuilder out = new StringBuilder(format(floor));
        double ratio = floor.ratioOf(engineLate, engineSeconds);
        text(out, "Delay Count / Floor", Double.isNaN(ratio) ? "    - (the floor was never late)"
                : String.format(Locale.ROOT, "%7.2f", ratio));
        return out.toString();
    }

    private static String label(FloorWait wait) {
        return wait == FloorWait.NANOSLEEP ? "clock_nanosleep to each period" : "parkNanos to each period";
    }

    private static void text(StringBuilder out, String label, String value) {
        out.append(SummaryFormatter.leader(label)).append(": ").append(value).append('\n');
    }
}
