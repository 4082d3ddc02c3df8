package io.tactus.bench.matrix;

import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.StressTest;

import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Runs every configuration of a matrix, one stress run at a time (each starts and stops its own
 * in-process server, so they cannot overlap). Repetitions go in rounds, every configuration once per
 * round, so that a slow drift of the machine (a noisy neighbour on the host) spreads over all
 * configurations instead of spoiling one. A run that throws becomes a failed row and the matrix goes
 * on; only an interrupt stops it.
 */
public final class Matrix {

    /** Runs one stress configuration; the real one is {@link StressTest}, tests pass their own. */
    @FunctionalInterface
    public interface Runner {
        StressResult run(StressSettings settings) throws InterruptedException;
    }

    private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

    private final List<MatrixConfiguration> configurations;
    private final int runs;
    private final PrintStream progress;
    private final Runner runner;

    public Matrix(List<MatrixConfiguration> configurations, int runs, PrintStream progress, Runner runner) {
        this.configurations = List.copyOf(configurations);
        this.runs = runs;
        this.progress = progress;
        this.runner = runner;
    }

    /**
     * Real stress runs, each with {@code floorSeconds} of the floor beside it (half before, half after; 0 for
     * none) and the CPU wake-up latency {@code cpuLatencyMicros} held (-1: none), whose own progress lines are left
     * out: the matrix prints one line per run.
     */
    public Matrix(List<MatrixConfiguration> configurations, int runs, PrintStream progress, double floorSeconds,
                  int cpuLatencyMicros) {
        this(configurations, runs, progress, settings -> new StressTest(settings, QUIET).withFloorSeconds(floorSeconds)
                .withCpuLatencyMicros(cpuLatencyMicros).run());
    }

    public int size() {
        return configurations.size() * runs;
    }

    public List<MatrixRow> run() throws InterruptedException {
        List<MatrixRow> rows = new ArrayList<>();
        for (int repeat = 1; repeat <= runs; repeat++) {
            for (MatrixConfiguration configuration : configurations) {
                rows.add(runOne(configuration, repeat, rows.size() + 1));
            }
        }
        return rows;
    }

    private MatrixRow runOne(MatrixConfiguration c, int repeat, int index) throws InterruptedException {
        String tag = "[" + index + "/" + size() + "]";
        progress.println(tag + " " + c.describe() + ", " + c.settings().seconds() + " s"
                + (runs > 1 ? " (run " + repeat + " of " + runs + ")" : ""));
        MatrixRow row;
        try {
            row = MatrixRow.of(c, repeat, runner.run(c.settings()));
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception e) {
            row = MatrixRow.failed(c, repeat, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage());
        }
        progress.println(tag + " " + outcome(row));
        return row;
    }

    private static String outcome(MatrixRow row) {
        if (row.failed()) {
            return row.label() + " failed: " + row.failure();
        }
        return String.format(Locale.ROOT, "%s: delay max %d usecs, xruns %d, timeouts %d, DSP load %.1f %% (max %.1f %%), "
                        + "late %d%s, %s", row.label(), Math.round(row.delayMaxMicros()), row.xruns(), row.timeouts(),
                row.dspLoadMean(), row.dspLoadMax(), row.delayOver1000us(),
                row.floorLate() < 0 ? "" : " (floor " + row.floorLate() + ")", row.scheduling());
    }
}
