package io.tactus.bench.matrix;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code matrix.csv}: every figure of every run, one row each, for a spreadsheet or a script to compare
 * matrices across machines and kernels. Fields are quoted only when they must be (the deadline
 * settings contain commas); a failed run leaves its figures empty rather than writing zeros that would
 * read as a perfect result.
 */
public final class MatrixCsv {

    public static final String HEADER = "run,configuration,class,load,repeat,status,scheduling,xruns,timeouts,"
            + "delay_max_usecs,delay_p999_usecs,cycle_max_usecs,dsp_load_mean_pct,dsp_load_max_pct,cpu_steal_pct,"
            + "rt_allocated_bytes,clients_at_end,delay_over_1000us,floor_delay_over_1000us,delay_count_floor_ratio,"
            + "failure";

    private MatrixCsv() {
    }

    public static String format(List<MatrixRow> rows) {
        StringBuilder out = new StringBuilder(HEADER).append('\n');
        for (int i = 0; i < rows.size(); i++) {
            out.append(line(i + 1, rows.get(i))).append('\n');
        }
        return out.toString();
    }

    public static void write(List<MatrixRow> rows, Path file) throws IOException {
        Files.writeString(file, format(rows), StandardCharsets.UTF_8);
    }

    private static String line(int index, MatrixRow r) {
        String status = r.failed() ? "failed" : r.refused() ? "refused" : "ok";
        String head = String.join(",", String.valueOf(index), quote(r.label()), quote(r.group().heading()),
                r.load().label(), String.valueOf(r.repeat()), status, quote(r.scheduling()));
        if (r.failed()) {
            return head + ",,,,,,,,,,,,,," + quote(r.failure());
        }
        return head + String.format(Locale.ROOT, ",%d,%d,%.1f,%.1f,%.1f,%.2f,%.2f,%.2f,%d,%d,%d,%s,%s,",
                r.xruns(), r.timeouts(), r.delayMaxMicros(), r.delayP999Micros(), r.cycleMaxMicros(),
                r.dspLoadMean(), r.dspLoadMax(), r.cpuStealPercent(), r.rtAllocatedBytes(), r.clientsAtEnd(),
                r.delayOver1000us(), r.floorLate() < 0 ? "" : String.valueOf(r.floorLate()),
                Double.isNaN(r.floorRatio()) ? "" : String.format(Locale.ROOT, "%.3f", r.floorRatio()));
    }

    /** RFC 4180: quote a field holding a comma, a quote or a line break, doubling its quotes. */
    static String quote(String field) {
        if (field.indexOf(',') < 0 && field.indexOf('"') < 0 && field.indexOf('\n') < 0 && field.indexOf('\r') < 0) {
            return field;
        }
        return '"' + field.replace("\"", "\"\"") + '"';
    }
}
