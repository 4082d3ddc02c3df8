package io.tactus.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.telemetry.SecondStats;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.awt.image.BufferedImage;
import java.lang.reflect.RecordComponent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReportFilesTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<ReportEvent> EVENTS = List.of(
            new ReportEvent(12.5, "evicted jack_test3_7"), new ReportEvent(21.25, "bypassed jack_test3_3"));

    @TempDir
    Path temp;

    @Test
    void shouldWriteAllFourFilesWithTheSummaryAsPrinted() throws Exception {
        StressResult result = result(thirtySeconds());
        ReportFiles.write(temp.resolve("run"), result, EVENTS);

        for (String name : List.of("summary.txt", "summary.json", "per-second.csv", "graph.png")) {
            assertTrue(Files.isRegularFile(temp.resolve("run").resolve(name)), name);
        }
        assertEquals(SummaryFormatter.format(result), Files.readString(temp.resolve("run/summary.txt")));
    }

    @Test
    void shouldPutEveryFigureOfTheSummaryIntoTheJson() throws Exception {
        StressResult result = result(thirtySeconds());
        ReportFiles.write(temp, result, EVENTS);
        JsonNode json = JSON.readTree(temp.resolve("summary.json").toFile());

        JsonNode results = json.get("results");
        assertEquals(1, results.get("xruns").asLong());
        assertEquals(290.4, results.get("delayMaxMicros").doubleValue());
        assertTrue(results.get("dspLoadMean").isNumber());
        assertEquals(34.3, results.get("dspLoadMean").doubleValue());
        assertEquals(29.8, results.get("user").doubleValue());
        assertEquals(1707.64, results.get("interruptRate").doubleValue());
        assertEquals("SCHED_FIFO 70", results.get("scheduling").asText());
        assertEquals(2, results.get("clientsEvicted").asInt());
        assertEquals(17, results.get("telemetryDropped").asLong());
        assertEquals(SummaryFormatter.overheadPerClient(result.metrics()),
                results.get("engineOverheadPerClientMicros").doubleValue());
        assertSameFigures(result.metrics(), results, "perSecond");
        assertSameFigures(result.cpu(), results, "");
        for (RecordComponent c : StressResult.class.getRecordComponents()) {
            if (!List.of("settings", "metrics", "cpu", "watchdog").contains(c.getName())) {
                assertTrue(results.has(c.getName()), c.getName() + " missing from results");
            }
        }
        JsonNode watchdog = json.get("watchdog");
        assertEquals("none", watchdog.get("policy").asText(), "the watchdog has a section of its own");
        assertEquals(0, watchdog.get("innocentClientsEvicted").asInt());
        assertTrue(watchdog.get("log").isArray());

        JsonNode configuration = json.get("configuration");
        assertEquals(20, configuration.get("clients").asInt());
        assertEquals(64, configuration.get("frames").asInt());
        assertEquals("SCHED_FIFO priority 70", configuration.get("scheduling").get("description").asText());
        assertEquals(70, configuration.get("scheduling").get("priority").asInt());

        assertEquals(30, json.get("perSecond").size());
        assertEquals(result.metrics().perSecond().get(5),
                JSON.treeToValue(json.get("perSecond").get(5), SecondStats.class));
        assertEquals(EVENTS.size(), json.get("events").size());
        assertEquals(EVENTS.get(0), JSON.treeToValue(json.get("events").get(0), ReportEvent.class));
    }

    @Test
    void shouldWriteOneCsvRowPerSecondWithTheInputValues() throws Exception {
        List<SecondStats> seconds = thirtySeconds();
        ReportFiles.write(temp, result(seconds), EVENTS);
        List<String> lines = Files.readAllLines(temp.resolve("per-second.csv"));

        assertEquals("second,dsp_load_mean,dsp_load_max,delay_max_us,xruns,timeouts,clients_alive,cycles,steal_pct",
                lines.get(0));
        assertEquals(31, lines.size());
        String[] row = lines.get(1 + 5).split(",");
        SecondStats five = seconds.get(5);
        assertEquals(five.second(), Integer.parseInt(row[0]));
        assertEquals(five.dspLoadMean(), Double.parseDouble(row[1]));
        assertEquals(five.dspLoadMax(), Double.parseDouble(row[2]));
        assertEquals(five.delayMaxMicros(), Double.parseDouble(row[3]));
        assertEquals(five.xruns(), Integer.parseInt(row[4]));
        assertEquals(five.timeouts(), Integer.parseInt(row[5]));
        assertEquals(five.clientsAlive(), Integer.parseInt(row[6]));
        assertEquals(five.cycles(), Integer.parseInt(row[7]));
        assertEquals(0.5, Double.parseDouble(row[8]), "the hypervisor's steal in that second");
        assertEquals(12.5, Double.parseDouble(lines.get(1 + 17).split(",")[8]));
    }

    @Test
    void shouldDrawAGraphOfTwelveHundredBySixHundredPixels() throws Exception {
        ReportFiles.write(temp, result(thirtySeconds()), EVENTS);
        BufferedImage image = ImageIO.read(temp.resolve("graph.png").toFile());

        assertEquals(1200, image.getWidth());
        assertEquals(600, image.getHeight());
        Set<Integer> colours = new HashSet<>();
        for (int x = 0; x < image.getWidth(); x += 7) {
            for (int y = 0; y < image.getHeight(); y += 7) {
                colours.add(image.getRGB(x, y));
            }
        }
        assertTrue(colours.size() > 3, "only " + colours.size() + " colours in the graph");
    }

    @Test
    void shouldWriteEveryFileForARunWithoutSecondsOrEvents() throws Exception {
        ReportFiles.write(temp, result(List.of()), List.of());

        assertEquals(1, Files.readAllLines(temp.resolve("per-second.csv")).size());
        JsonNode json = JSON.readTree(temp.resolve("summary.json").toFile());
        assertEquals(0, json.get("perSecond").size());
        assertEquals(0, json.get("events").size());
        assertEquals(1200, ImageIO.read(temp.resolve("graph.png").toFile()).getWidth());
    }

    @Test
    void shouldNameTheDirectoryThatCannotBeCreated() throws Exception {
        Path file = Files.writeString(temp.resolve("not-a-directory"), "x");
        Path dir = file.resolve("report");

        TactusException e = assertThrows(TactusException.class,
                () -> ReportFiles.write(dir, result(thirtySeconds()), EVENTS));
        assertTrue(e.getMessage().contains(dir.toString()), e.getMessage());
        assertTrue(e.getMessage().contains("is a file, not a directory"), e.getMessage());
    }

    /** Every component of {@code record} but {@code skip} appears in {@code results} with the same value. */
    private static void assertSameFigures(Record record, JsonNode results, String skip) throws Exception {
        for (RecordComponent c : record.getClass().getRecordComponents()) {
            if (c.getName().equals(skip)) {
                continue;
            }
            JsonNode node = results.get(c.getName());
            assertTrue(node != null && node.isNumber(), c.getName() + " missing from results");
            assertEquals(((Number) c.getAccessor().invoke(record)).doubleValue(), node.doubleValue(), c.getName());
        }
    }

    private static StressResult result(List<SecondStats> seconds) {
        StressSettings settings = new StressSettings(20, 4, 64, 48_000, 30, 2, SchedulingSettings.fifo(70), 16, true,
                200, LoadKind.NONE, 0);
        MetricsSnapshot m = MetricsSnapshot.builder().cycles(22_500).xruns(1).skippedPeriods(3).timeouts(4)
                .delayOverSpare(5).delayOver1000us(6).delayMaxMicros(290.4).delayP999Micros(38.2)
                .delayP99Micros(20.0).delayMeanMicros(5.0).cycleMaxMicros(960.2)
                .cycleP999Micros(500.0).cycleMeanMicros(457.3).clientWorkMeanMicros(440.0)
                .clientWorkInCycleMeanMicros(440.0).dspLoadMean(34.3).dspLoadMax(71.9)
                .rtAllocatedBytes(128).clientsAtEnd(18).clientsMax(20).secondsMeasured(30.0)
                .perSecond(seconds).build();
        CpuUsage cpu = new CpuUsage(29.8, 0.1, 8.7, 3.2, 0.7, 0.04, 1.25, 1707.64, 11914.9);
        List<Double> steal = new java.util.ArrayList<>();
        for (int i = 0; i < seconds.size(); i++) {
            steal.add(i == 17 ? 12.5 : 0.25 * (i % 3));
        }
        return new StressResult(settings, m, cpu, "SCHED_FIFO 70", 2, 17, "none", steal, 200_000, 201_000);
    }

    /** A slow wave of load with a ragged maximum, one xrun at 17 s and two clients evicted late. */
    private static List<SecondStats> thirtySeconds() {
        List<SecondStats> seconds = new ArrayList<>();
        for (int s = 0; s < 30; s++) {
            double mean = 30 + 8 * Math.sin(s / 4.0);
            seconds.add(new SecondStats(s, 750, mean, mean + 20 + (s * 37 % 11), 40.0 + (s * 53 % 17) * 9.5,
                    s == 17 ? 1 : 0, s == 17 ? 2 : 0, s < 22 ? 20 : 18));
        }
        return seconds;
    }
}
