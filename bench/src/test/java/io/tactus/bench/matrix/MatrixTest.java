package io.tactus.bench.matrix;

import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MatrixTest {

    private static MatrixConfiguration configuration(SchedulingGroup group, LoadKind load, SchedulingSettings scheduling) {
        StressSettings d = StressSettings.defaults();
        return new MatrixConfiguration(group, load, new StressSettings(d.clients(), d.ports(), d.frames(), d.rate(), 20,
                d.warmupSeconds(), scheduling, d.work(), d.chain(), d.spinMicros(), load, 0));
    }

    private static StressResult result(StressSettings settings, double delayMax) {
        MetricsSnapshot m = MetricsSnapshot.builder().cycles(1000).xruns(2).delayMaxMicros(delayMax)
                .delayP999Micros(50).delayP99Micros(40).delayMeanMicros(10).cycleMaxMicros(300)
                .cycleP999Micros(250).cycleMeanMicros(200).clientWorkMeanMicros(150)
                .clientWorkInCycleMeanMicros(150).dspLoadMean(15).dspLoadMax(22.5).clientsAtEnd(20)
                .clientsMax(20).secondsMeasured(20.0).build();
        return new StressResult(settings, m, CpuUsage.UNKNOWN, settings.scheduling().describe(), 0, 0);
    }

    @Test
    void shouldRunEveryConfigurationInRoundsAndKeepGoingAfterAFailure() throws InterruptedException {
        List<MatrixConfiguration> configurations = List.of(
                configuration(SchedulingGroup.FIFO, LoadKind.NONE, SchedulingSettings.fifo(70)),
                configuration(SchedulingGroup.RR, LoadKind.COMPILE, SchedulingSettings.rr(70)),
                configuration(SchedulingGroup.OTHER, LoadKind.NONE, SchedulingSettings.other(0)));
        List<String> ran = new ArrayList<>();
        ByteArrayOutputStream progress = new ByteArrayOutputStream();
        Matrix matrix = new Matrix(configurations, 2, new PrintStream(progress, true), settings -> {
            ran.add(settings.scheduling().describe());
            if (settings.load() == LoadKind.COMPILE) {
                throw new IllegalStateException("the compile load could not start");
            }
            return result(settings, 123.4);
        });

        List<MatrixRow> rows = matrix.run();

        assertEquals(List.of("SCHED_FIFO priority 70", "SCHED_RR priority 70", "SCHED_OTHER nice 0",
                "SCHED_FIFO priority 70", "SCHED_RR priority 70", "SCHED_OTHER nice 0"), ran);
        assertEquals(6, rows.size());
        assertTrue(rows.get(1).failed());
        assertEquals("the compile load could not start", rows.get(1).failure());
        assertEquals("rr+compile", rows.get(1).label());
        assertFalse(rows.get(2).failed());
        assertEquals(123.4, rows.get(5).delayMaxMicros());
        assertEquals(2, rows.get(5).repeat());
        List<String> lines = progress.toString().lines().toList();
        assertEquals(12, lines.size(), progress.toString());
        assertEquals("[2/6] SCHED_RR priority 70 + compile, 20 s (run 1 of 2)", lines.get(2));
        assertEquals("[2/6] rr+compile failed: the compile load could not start", lines.get(3));
        assertTrue(lines.get(1).startsWith("[1/6] fifo: delay max 123 usecs, xruns 2"), lines.get(1));
    }

    @Test
    void shouldCarryTheFloorMeasuredBesideARunIntoItsRow() {
        MatrixConfiguration fifo = configuration(SchedulingGroup.FIFO, LoadKind.NONE, SchedulingSettings.fifo(70));
        MetricsSnapshot m = MetricsSnapshot.builder().cycles(15_000).delayOver1000us(12).secondsMeasured(20).build();
        Histogram lateness = new Histogram(10_000_000_000L, 3);
        lateness.recordValue(1_500_000);
        // 12 late in 20 s against the floor's 3 in 10 s: 0.6 a second against 0.3
        FloorWindow floor = new FloorWindow(10, 7500, 3, 0, lateness, "SCHED_FIFO 70", FloorWait.NANOSLEEP, 0);
        StressResult result = new StressResult(fifo.settings(), m, CpuUsage.UNKNOWN, "SCHED_FIFO 70", 0, 0)
                .withFloor(floor);

        MatrixRow row = MatrixRow.of(fifo, 1, result);
        assertEquals(12, row.delayOver1000us());
        assertEquals(3, row.floorLate());
        assertEquals(2.0, row.floorRatio(), 1e-9);
        MatrixRow without = MatrixRow.of(fifo, 1, new StressResult(fifo.settings(), m, CpuUsage.UNKNOWN, "x", 0, 0));
        assertEquals(-1, without.floorLate(), "no floor measured");
        assertTrue(Double.isNaN(without.floorRatio()));
    }
}
