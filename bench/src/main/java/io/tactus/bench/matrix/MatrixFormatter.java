package io.tactus.bench.matrix;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The two text views of a matrix: a table with one row per run, to read every figure, and the grouped
 * view of the 2005 LKML thread (Delay Maximum of each run under its scheduling class), to see the one
 * figure that decides between classes: the worst case. The grouped view copies the thread's layout and
 * jack_test3's {@code Label . . . : value} lines, so old and new results read side by side; a refused
 * class or a failed run is said on its own line rather than passing for a real figure.
 */
public final class MatrixFormatter {

    private static final String DELAY_MAXIMUM = "Delay Maximum . . . . . . . . : ";
    private static final String[] HEADER = {"run", "configuration", "xruns", "timeouts", "delay max", "delay p99.9",
            "cycle max", "DSP load", "DSP max", "steal", "RT alloc", "clients", "late", "floor late", "late/floor",
            "scheduling"};
    private static final String[] UNITS = {"", "", "", "", "usecs", "usecs", "usecs", "%", "%", "%", "bytes", "",
            ">1ms", ">1ms", "", ""};

    private MatrixFormatter() {
    }

    /** One aligned row per run; the scheduling outcome (or the failure) is the last, unpadded column. */
    public static String table(List<MatrixRow> rows) {
        List<String[]> lines = new ArrayList<>();
        lines.add(HEADER);
        lines.add(UNITS);
        for (int i = 0; i < rows.size(); i++) {
            lines.add(cells(i + 1, rows.get(i)));
        }
        int[] widths = new int[HEADER.length];
        for (String[] line : lines) {
            for (int c = 0; c < line.length; c++) {
                widths[c] = Math.max(widths[c], line[c].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            StringBuilder text = new StringBuilder();
            for (int c = 0; c < line.length; c++) {
                boolean left = c == 1 || c == line.length - 1;
                String pad = " ".repeat(widths[c] - line[c].length());
                text.append(c == 0 ? "" : "  ").append(left ? line[c] : pad + line[c]).append(left && c < line.length - 1 ? pad : "");
            }
            out.append(text.toString().stripTrailing()).append('\n');
        }
        return out.toString();
    }

    private static String[] cells(int index, MatrixRow r) {
        if (r.failed()) {
            return new String[]{String.valueOf(index), r.label(), "-", "-", "-", "-", "-", "-", "-", "-", "-", "-",
                    "-", "-", "-", "FAILED: " + r.failure()};
        }
        return new String[]{String.valueOf(index), r.label(), String.valueOf(r.xruns()), String.valueOf(r.timeouts()),
                String.valueOf(Math.round(r.delayMaxMicros())), String.valueOf(Math.round(r.delayP999Micros())),
                String.valueOf(Math.round(r.cycleMaxMicros())), decimal(r.dspLoadMean()), decimal(r.dspLoadMax()),
                decimal(r.cpuStealPercent()), r.rtAllocatedBytes() < 0 ? "n/a" : String.valueOf(r.rtAllocatedBytes()),
                String.valueOf(r.clientsAtEnd()), String.valueOf(r.delayOver1000us()),
                r.floorLate() < 0 ? "n/a" : String.valueOf(r.floorLate()),
                Double.isNaN(r.floorRatio()) ? "-" : String.format(Locale.ROOT, "%.2f", r.floorRatio()), r.scheduling()};
    }

    /**
     * Delay Maximum of every run under its class (FIFO, RR, DEADLINE, nice -20, OTHER; only classes that
     * ran), each configuration's runs under its "...label..." line, a blank line between classes.
     */
    public static String grouped(List<MatrixRow> rows) {
        StringBuilder out = new StringBuilder();
        for (SchedulingGroup group : SchedulingGroup.values()) {
            Map<String, List<MatrixRow>> byLabel = new LinkedHashMap<>();
            for (MatrixRow row : rows) {
                if (row.group() == group) {
                    byLabel.computeIfAbsent(row.label(), k -> new ArrayList<>()).add(row);
                }
            }
            if (byLabel.isEmpty()) {
                continue;
            }
            if (out.length() > 0) {
                out.append('\n');
            }
            out.append("============= ").append(group.heading()).append(" ==============\n");
            byLabel.forEach((label, runs) -> {
                out.append("...").append(label).append("...\n");
                runs.forEach(run -> out.append(delayMaximum(run)).append('\n'));
            });
        }
        return out.toString();
    }

    private static String delayMaximum(MatrixRow row) {
        if (row.failed()) {
            return DELAY_MAXIMUM + "    -   failed: " + row.failure();
        }
        String line = DELAY_MAXIMUM + String.format(Locale.ROOT, "%5d   usecs", Math.round(row.delayMaxMicros()));
        return row.refused() ? line + "   ran as " + row.scheduling() : line;
    }

    private static String decimal(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
