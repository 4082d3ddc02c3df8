package io.tactus.bench.compare;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What one native jack_test3 client ({@code tactus_jt3}) counted in a window, from the line it prints on SIGUSR2:
 * {@code jt3 NAME summary: seconds=.. cycles=.. xruns=.. interval_max_usecs=.. process_max_usecs=..} and, for the
 * client that measures the server, {@code dsp_load_avg=.. dsp_load_max=.. max_delayed_usecs=..} (NaN without).
 *
 * @param xruns              the server's xrun callbacks the client received
 * @param intervalMaxMicros  the largest time between two of its cycles' starts
 * @param processMaxMicros   its longest process callback
 * @param dspLoadAvg         jack_cpu_load, the mean of its samples every 100 ms, percent
 * @param dspLoadMax         jack_cpu_load, the largest sample
 * @param maxDelayedMicros   jack_get_max_delayed_usecs at the window's end (reset at its start)
 */
public record Jt3Summary(String name, double seconds, long cycles, long xruns, double intervalMaxMicros,
                         double processMaxMicros, double dspLoadAvg, double dspLoadMax, double maxDelayedMicros) {

    static final String MARK = " summary: ";

    /** The last summary line of a client's output file; empty when it printed none (or the file is not there). */
    public static Optional<Jt3Summary> read(Path log) {
        List<String> lines;
        try {
            lines = Files.readAllLines(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            return Optional.empty();
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            Optional<Jt3Summary> s = parse(lines.get(i));
            if (s.isPresent()) {
                return s;
            }
        }
        return Optional.empty();
    }

    /** One summary line, or empty for any other line. */
    static Optional<Jt3Summary> parse(String line) {
        int mark = line.indexOf(MARK);
        if (!line.startsWith("jt3 ") || mark < 0) {
            return Optional.empty();
        }
        Map<String, Double> values = new HashMap<>();
        for (String pair : line.substring(mark + MARK.length()).trim().split("\\s+")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                try {
                    values.put(pair.substring(0, eq), Double.parseDouble(pair.substring(eq + 1)));
                } catch (NumberFormatException e) {
                    return Optional.empty();
                }
            }
        }
        if (!values.containsKey("cycles") || !values.containsKey("xruns")) {
            return Optional.empty();
        }
        double nan = Double.NaN;
        return Optional.of(new Jt3Summary(line.substring(4, mark), values.getOrDefault("seconds", nan),
                values.get("cycles").longValue(), values.get("xruns").longValue(),
                values.getOrDefault("interval_max_usecs", nan), values.getOrDefault("process_max_usecs", nan),
                values.getOrDefault("dsp_load_avg", nan), values.getOrDefault("dsp_load_max", nan),
                values.getOrDefault("max_delayed_usecs", nan)));
    }

    /** Whether this client measured the server's load and delay (the first of a run does). */
    public boolean measuredServer() {
        return !Double.isNaN(dspLoadAvg);
    }
}
