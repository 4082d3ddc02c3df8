package io.tactus.bench.soak;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tactus.bench.report.FloorLines;
import io.tactus.bench.report.SummaryFormatter;

import java.util.Locale;

/**
 * A soak's figures in the stress report's {@code Label . . . : value} form, then one verdict line per goal;
 * and the same as JSON for scripts (the records' own component names, as the stress run's summary.json).
 */
public final class SoakReport {

    private static final String RULE = "*********************************************";
    private static final ObjectMapper JSON = new ObjectMapper();

    private SoakReport() {
    }

    public static String format(SoakResult r) {
        SoakSettings s = r.settings();
        StringBuilder out = new StringBuilder(RULE).append('\n');
        line(out, "Total seconds ran", String.format(Locale.ROOT, "%5d", r.seconds()));
        line(out, "Number of clients", String.format(Locale.ROOT, "%5d (%d leaving and rejoining every %d s)",
                s.clients(), s.churnClients(), s.churnSeconds()));
        line(out, "Churns", String.format(Locale.ROOT, "%5d (%d clients rejoined; one every %d s, or as soon as the"
                + " last had joined)", r.churns(), r.rejoins(), s.churnSeconds()));
        line(out, "Clients Not Joined", String.format(Locale.ROOT, "%5d", r.notJoined().size())
                + (r.notJoined().isEmpty() ? "" : ": " + String.join(", ", r.notJoined())));
        line(out, "Graph Changes", String.format(Locale.ROOT, "%5d (%d refused%s)", r.graphChanges(), r.changesRefused(),
                r.firstRefusal() == null ? "" : "; the first: " + r.firstRefusal()));
        line(out, "Clients Alive at End", String.format(Locale.ROOT, "%5d", r.clientsAtEnd()));
        line(out, "File Descriptors", String.format(Locale.ROOT, "%5d before, %d after", r.before().fileDescriptors(),
                r.after().fileDescriptors()));
        line(out, "Threads", String.format(Locale.ROOT, "%5d before, %d after (Tactus's own %d before, %d after)",
                r.before().threads(), r.after().threads(), r.before().tactusThreads(), r.after().tactusThreads()));
        line(out, "Shared-Memory Files", String.format(Locale.ROOT, "%5d before, %d after", r.before().files(),
                r.after().files()));
        line(out, "Resident Memory", String.format(Locale.ROOT, "%s at %s, %s at end (%+.1f %%)", mib(r.rssFirstKb()),
                r.firstReading(), mib(r.rssEndKb()), r.rssGrowthPercent()));
        line(out, "Server PSS", String.format(Locale.ROOT, "%s at %s, %s at end (%+.1f %%; anonymous %s, %s: %+.1f %%)",
                mib(r.pssFirstKb()), r.firstReading(), mib(r.pssEndKb()), r.pssGrowthPercent(), mib(r.anonFirstKb()),
                mib(r.anonEndKb()), r.anonGrowthPercent()));
        line(out, "RT Allocated Bytes", r.rtAllocatedBytes() < 0 ? "not measured"
                : String.format(Locale.ROOT, "%5d", r.rtAllocatedBytes()));
        line(out, "XRUN Count", String.format(Locale.ROOT, "%5d (%d from %s on)", r.xruns(), r.xrunsAfterFirst(),
                r.firstReading()));
        line(out, "Delay Count (>1000 usecs)", String.format(Locale.ROOT, "%5d from %s on (the engine's wake-ups, as the"
                + " floor's)", r.lateAfterFirst(), r.firstReading()));
        if (r.floor() == null) {
            line(out, "Floor", "not measured");
        } else {
            out.append(FloorLines.format(r.floor()));
            line(out, "Floor Measured", "beside the server, from " + r.firstReading() + " to the end");
        }
        out.append(RULE).append('\n');
        for (SoakResult.Verdict v : r.verdicts()) {
            out.append(v.met() ? "PASS  " : "FAIL  ").append(v.goal()).append(": ").append(v.figures()).append('\n');
        }
        return out.toString();
    }

    /** The result's components and the verdicts, as summary.json. */
    public static String json(SoakResult r) {
        ObjectNode root = JSON.valueToTree(r);
        if (r.floor() != null) {
            root.set("floor", FloorLines.json(r.floor()));
        }
        root.put("rssGrowthPercent", r.rssGrowthPercent());
        root.put("pssGrowthPercent", r.pssGrowthPercent());
        root.set("verdicts", JSON.valueToTree(r.verdicts()));
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serializes", e);
        }
    }

    private static void line(StringBuilder out, String label, String value) {
        out.append(SummaryFormatter.leader(label)).append(": ").append(value).append('\n');
    }

    private static String mib(long kib) {
        return kib < 0 ? "unknown" : String.format(Locale.ROOT, "%.1f MiB", kib / 1024.0);
    }
}
