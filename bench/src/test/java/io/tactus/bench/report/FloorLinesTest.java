package io.tactus.bench.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.stress.Footprint;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.WatchdogOutcome;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FloorLinesTest {

    private static final StressSettings SETTINGS = new StressSettings(20, 4, 64, 48_000, 30, 2,
            SchedulingSettings.fifo(70), 0, false, 200, LoadKind.NONE, 0);

    /** A floor of {@code late} wake-ups over 1 ms in {@code seconds}, the latest 2.5 ms late. */
    static FloorWindow floor(double seconds, long late) {
        Histogram h = new Histogram(10_000_000_000L, 3);
        h.recordValueWithCount(20_000, 1000);
        h.recordValue(2_500_000);
        return new FloorWindow(seconds, 1001, late, 3, h, "SCHED_FIFO 70", FloorWait.NANOSLEEP, 0);
    }

    private static StressResult result(Footprint footprint, FloorWindow floor) {
        MetricsSnapshot m = MetricsSnapshot.builder().cycles(22_500).delayOver1000us(30).secondsMeasured(30).build();
        return new StressResult(SETTINGS, m, CpuUsage.UNKNOWN, "SCHED_FIFO 70", 0, 0, "none", List.of(), -1,
                200_000, WatchdogOutcome.none(), footprint, floor);
    }

    @Test
    void shouldSetTheEnginesLateWakeUpsPerSecondAgainstTheFloors() {
        // 30 late in 30 s against 5 late in 10 s: 1.0 a second against 0.5, twice the floor
        assertEquals(2.0, floor(10, 5).ratioOf(30, 30), 1e-9);
        assertTrue(Double.isNaN(floor(10, 0).ratioOf(30, 30)), "a ratio to a floor never late says nothing");
    }

    @Test
    void shouldPrintTheFloorAndTheFootprintUnderTheSummaryBlock() {
        String report = SummaryFormatter.format(result(new Footprint(150 * 1024, 0, 0), floor(10, 5)));
        assertTrue(report.contains("Server PSS  . . . . . . . . . : 150.0 MiB\n"), report);
        assertFalse(report.contains("Client Processes PSS"), "no client processes in an in-process run");
        assertTrue(report.contains("Floor Delay Count (>1000us) . :     5\n"), report);
        assertTrue(report.contains("Floor Delay Maximum . . . . . :  2500   usecs\n"), report);
        assertTrue(report.contains("Floor Allocated Bytes . . . . :     0\n"), report);
        assertTrue(report.contains("Delay Count / Floor . . . . . :    2.00\n"), report);
    }

    @Test
    void shouldLeaveTheFloorOutOfAReportThatDidNotMeasureIt() {
        String report = SummaryFormatter.format(result(Footprint.UNKNOWN, null));
        assertFalse(report.contains("Floor"), report);
        assertFalse(report.contains("PSS"), report);
    }

    @Test
    void shouldCarryTheFloorAndTheFootprintInSummaryJson() throws Exception {
        JsonNode json = new ObjectMapper().readTree(ReportFiles.summaryJson(
                result(new Footprint(150 * 1024, 40 * 1024 * 20, 20), floor(10, 5)), List.of()));
        JsonNode floor = json.at("/results/floor");
        assertEquals(5, floor.get("delayCountOver1000us").asLong(), json.toPrettyString());
        assertEquals(2500.0, floor.get("delayMaxMicros").asDouble(), 3.0);
        assertEquals(2.0, floor.get("engineDelayCountRatio").asDouble(), 1e-9);
        assertEquals(0, floor.get("allocatedBytes").asLong(), json.toPrettyString());
        assertEquals(20, json.at("/results/footprint/clients").asInt(), json.toPrettyString());
    }
}
