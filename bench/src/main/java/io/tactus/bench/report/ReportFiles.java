package io.tactus.bench.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.tactus.api.TactusException;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.WatchdogOutcome;
import io.tactus.server.watchdog.WatchdogEvent;
import io.tactus.server.telemetry.SecondStats;
import org.jfree.chart.ChartUtils;

import java.io.IOException;
import java.lang.reflect.RecordComponent;
import java.math.BigDecimal;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The files of {@code ./tactus stress --out DIR}: the summary block exactly as printed, the same figures
 * as JSON for scripts, a per-second CSV for spreadsheets and a graph of the run for a quick look. JSON and
 * CSV are derived from the result records themselves rather than from a hand-kept list, so a figure added
 * to a record reaches the files without a change here; the price is that the files use the records'
 * component names.
 */
public final class ReportFiles {

    static {
        // The graph is drawn with AWT; servers and CI machines have no display.
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    public static final int GRAPH_WIDTH = 1200;
    public static final int GRAPH_HEIGHT = 600;

    private static final ObjectMapper JSON = new ObjectMapper();
    /** per-second.csv's leading columns by SecondStats component; any other component follows in snake_case. */
    private static final Map<String, String> CSV_NAMES = new LinkedHashMap<>();

    static {
        CSV_NAMES.put("second", "second");
        CSV_NAMES.put("dspLoadMean", "dsp_load_mean");
        CSV_NAMES.put("dspLoadMax", "dsp_load_max");
        CSV_NAMES.put("delayMaxMicros", "delay_max_us");
        CSV_NAMES.put("xruns", "xruns");
        CSV_NAMES.put("timeouts", "timeouts");
        CSV_NAMES.put("clientsAlive", "clients_alive");
    }

    private static final List<RecordComponent> CSV_COLUMNS = csvColumns();

    private ReportFiles() {
    }

    /**
     * Writes summary.txt, summary.json, per-second.csv and graph.png into {@code dir}, creating it if needed
     * and replacing files of those names.
     *
     * @param events marks for the graph and the JSON, in seconds since the start of measurement; may be empty
     */
    public static void write(Path dir, StressResult result, List<ReportEvent> events) {
        List<ReportEvent> marks = events == null ? List.of() : List.copyOf(events);
        createDirectory(dir);
        writeText(dir.resolve("summary.txt"), SummaryFormatter.format(result));
        writeText(dir.resolve("summary.json"), summaryJson(result, marks));
        writeText(dir.resolve("per-second.csv"), perSecondCsv(perSecond(result), result.stealPerSecond()));
        Path png = dir.resolve("graph.png");
        try {
            ChartUtils.saveChartAsPNG(png.toFile(), RunGraph.chart(result, marks), GRAPH_WIDTH, GRAPH_HEIGHT);
        } catch (IOException e) {
            throw cannotWrite(png, e);
        }
    }

    /** The watchdog's actions as marks on the graph, in seconds since the start of measurement. */
    public static List<ReportEvent> marks(StressResult result) {
        WatchdogOutcome w = result.watchdog();
        return w.actions().stream()
                .filter(e -> e.action() != WatchdogEvent.Action.READMIT || w.actions().size() <= 40)
                .map(e -> new ReportEvent(w.secondsOf(e), e.action().name().toLowerCase(java.util.Locale.ROOT) + " " + e.client()))
                .toList();
    }

    static String summaryJson(StressResult result, List<ReportEvent> events) {
        ObjectNode root = JSON.createObjectNode();
        root.set("configuration", configuration(result.settings()));
        root.set("results", results(result));
        root.set("perSecond", JSON.valueToTree(perSecond(result)));
        root.set("events", JSON.valueToTree(events));
        root.set("watchdog", watchdog(result.watchdog()));
        try {
            return JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a tree of plain values always serializes", e);
        }
    }

    /** The settings as they are, with the scheduling request also in words ("SCHED_FIFO priority 70"). */
    private static ObjectNode configuration(StressSettings settings) {
        ObjectNode node = JSON.valueToTree(settings);
        if (settings.scheduling() != null) {
            ObjectNode scheduling = JSON.createObjectNode().put("description", settings.scheduling().describe());
            scheduling.setAll((ObjectNode) node.get("scheduling"));
            node.set("scheduling", scheduling);
        }
        return node;
    }

    /** The bare thread's windows beside the run, and the engine's late wake-ups as a ratio of its. */
    private static ObjectNode floor(StressResult result) {
        ObjectNode node = FloorLines.json(result.floor());
        double ratio = result.floorRatio();
        if (Double.isNaN(ratio)) {
            node.putNull("engineDelayCountRatio");
        } else {
            node.put("engineDelayCountRatio", ratio);
        }
        return node;
    }

    /** Every figure of the summary block in one flat object: engine, derived, CPU, then the run's own. */
    private static ObjectNode results(StressResult result) {
        ObjectNode node = JSON.valueToTree(result.metrics());
        node.remove("perSecond");
        node.put("engineOverheadPerClientMicros", SummaryFormatter.overheadPerClient(result.metrics()));
        node.set("secondsWithoutSteal", JSON.valueToTree(result.quietSeconds()));
        node.setAll((ObjectNode) JSON.valueToTree(result.cpu()));
        ObjectNode own = JSON.valueToTree(result);
        own.remove(List.of("settings", "metrics", "cpu", "watchdog", "floor"));
        node.setAll(own);
        node.put("clientsJoined", result.clientsJoined());
        if (result.floor() != null) {
            node.set("floor", floor(result));
        } else {
            node.putNull("floor"); // not measured
        }
        return node;
    }

    /** The watchdog's log with times in seconds from the start of measurement, and the figures derived from it. */
    private static ObjectNode watchdog(WatchdogOutcome w) {
        ObjectNode node = JSON.createObjectNode();
        node.put("policy", w.policy());
        node.put("rtLimit", w.rtLimit());
        node.set("hogs", JSON.valueToTree(w.hogs()));
        w.culpritShedAfterMillis().ifPresent(ms -> node.put("culpritShedAfterMillis", ms));
        node.put("innocentClientsEvicted", w.innocentsEvicted());
        node.put("clientsMutedAtEnd", w.mutedAtEnd());
        node.put("actions", w.actions().size());
        node.set("xrunsBlamed", JSON.valueToTree(w.xrunsBlamed()));
        node.put("observedEventsNotLogged", w.observedDropped());
        var log = node.putArray("log");
        for (WatchdogEvent e : w.events()) {
            ObjectNode entry = JSON.valueToTree(e);
            entry.remove("timeNanos");
            entry.put("seconds", w.secondsOf(e));
            log.add(entry);
        }
        node.set("clients", JSON.valueToTree(w.clients()));
        return node;
    }

    /** One row per second; the hypervisor's steal for that second last, so host xruns show beside ours. */
    static String perSecondCsv(List<SecondStats> seconds, List<Double> steal) {
        StringBuilder out = new StringBuilder();
        out.append(CSV_COLUMNS.stream().map(ReportFiles::csvName).collect(Collectors.joining(",")))
                .append(",steal_pct\n");
        for (SecondStats second : seconds) {
            out.append(CSV_COLUMNS.stream().map(c -> csvValue(valueOf(c, second))).collect(Collectors.joining(",")))
                    .append(',')
                    .append(second.second() < steal.size() ? csvValue(steal.get(second.second())) : "")
                    .append('\n');
        }
        return out.toString();
    }

    private static List<RecordComponent> csvColumns() {
        List<RecordComponent> all = List.of(SecondStats.class.getRecordComponents());
        List<RecordComponent> ordered = new ArrayList<>();
        CSV_NAMES.keySet().forEach(name -> all.stream().filter(c -> c.getName().equals(name)).forEach(ordered::add));
        all.stream().filter(c -> !CSV_NAMES.containsKey(c.getName())).forEach(ordered::add);
        return List.copyOf(ordered);
    }

    private static String csvName(RecordComponent c) {
        return CSV_NAMES.getOrDefault(c.getName(),
                c.getName().replaceAll("([a-z0-9])([A-Z])", "$1_$2").toLowerCase(Locale.ROOT));
    }

    private static Object valueOf(RecordComponent c, SecondStats second) {
        try {
            return c.getAccessor().invoke(second);
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("record accessor " + c.getName() + " is public", e);
        }
    }

    /** Plain decimals that read back to the same double, never an exponent or a locale's comma. */
    private static String csvValue(Object value) {
        if (value instanceof Double || value instanceof Float) {
            double d = ((Number) value).doubleValue();
            return Double.isFinite(d) ? BigDecimal.valueOf(d).toPlainString() : Double.toString(d);
        }
        String text = String.valueOf(value);
        return text.matches("[^,\"\r\n]*") ? text : '"' + text.replace("\"", "\"\"") + '"';
    }

    static List<SecondStats> perSecond(StressResult result) {
        List<SecondStats> seconds = result.metrics().perSecond();
        return seconds == null ? List.of() : seconds;
    }

    private static void createDirectory(Path dir) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new TactusException("Cannot create the report directory " + dir + ": " + whyNotCreated(dir, e)
                    + "; give --out a directory that can be created.", e);
        }
    }

    /** Names the file in the way when there is one, since the exception only says "Not a directory". */
    private static String whyNotCreated(Path dir, IOException e) {
        for (Path p = dir.toAbsolutePath(); p != null; p = p.getParent()) {
            if (Files.exists(p)) {
                return Files.isDirectory(p) ? reason(e) : p + " is a file, not a directory";
            }
        }
        return reason(e);
    }

    private static void writeText(Path file, String text) {
        try {
            Files.writeString(file, text);
        } catch (IOException e) {
            throw cannotWrite(file, e);
        }
    }

    private static TactusException cannotWrite(Path file, IOException e) {
        return new TactusException("Cannot write the report file " + file + ": " + reason(e)
                + "; check the space and permissions of the --out directory.", e);
    }

    private static String reason(IOException e) {
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getReason();
        }
        return String.valueOf(e.getMessage());
    }

    /**
     * graph.png: DSP load on the left axis, delay maximum and xruns on two right-hand axes (their units are
     * too far apart to share one), a labelled vertical line per event. A second's figures are drawn at its
     * middle so that an event at 12.3 s falls inside the second it belongs to.
     */
}
