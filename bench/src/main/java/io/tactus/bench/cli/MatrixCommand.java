package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.matrix.Matrix;
import io.tactus.bench.matrix.MatrixChart;
import io.tactus.bench.matrix.MatrixConfiguration;
import io.tactus.bench.matrix.MatrixCsv;
import io.tactus.bench.matrix.MatrixFormatter;
import io.tactus.bench.matrix.MatrixRow;
import io.tactus.bench.matrix.SchedulingGroup;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.StressSettings;
import io.tactus.server.ServerSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code tactus matrix}: the stress test over scheduling class x background load, printed as a table
 * and as the 2005 LKML grouped view, written to {@code matrix.csv} and {@code matrix.png}. Every option
 * is checked before the first run starts, so a typo costs a sentence, not twenty minutes.
 */
@Command(name = "matrix", mixinStandardHelpOptions = true,
        description = "Runs the stress test for each scheduling class x background load and compares Delay Maximum "
                + "by class.")
public final class MatrixCommand implements Callable<Integer> {

    static final int DEFAULT_SECONDS = 20;
    static final String DEFAULT_SCHED = "fifo,rr,deadline,nice-20,other";
    static final String DEFAULT_LOAD = "none,compile";
    static final int DEFAULT_RUNS = 1;
    static final int DEFAULT_FLOOR_SECONDS = 4;

    @Mixin
    RunOptions run;

    @Option(names = "--seconds", defaultValue = "" + DEFAULT_SECONDS,
            description = "measured seconds per run (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--sched", defaultValue = DEFAULT_SCHED,
            description = "scheduling classes, comma list of fifo, rr, deadline, nice-20, other (default "
                    + "${DEFAULT-VALUE})")
    String sched;

    @Option(names = "--load", defaultValue = DEFAULT_LOAD,
            description = "background loads, comma list of none, cpu, compile (default ${DEFAULT-VALUE})")
    String load;

    @Option(names = "--runs", defaultValue = "" + DEFAULT_RUNS,
            description = "runs of each configuration, in rounds (default ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--out", description = "directory for matrix.csv and matrix.png (default matrix-<yyyyMMdd-HHmmss>)")
    Path out;

    @Option(names = "--floor-seconds", defaultValue = "" + DEFAULT_FLOOR_SECONDS,
            description = "seconds of the floor beside each run (a bare realtime thread sleeping to each period at"
                    + " the run's scheduling), half before and half after it, at most --seconds; 0 for none"
                    + " (default ${DEFAULT-VALUE})")
    int floorSeconds;
    @Override
    public Integer call() throws InterruptedException, IOException {
        List<MatrixConfiguration> configurations = configurations();
        require(runs >= 1 && runs <= 100, "--runs must be from 1 to 100, not " + runs);
        Path dir = outputDirectory();
        require(floorSeconds >= 0, "--floor-seconds must be 0 or more, not " + floorSeconds);
        int floor = Math.min(floorSeconds, seconds);
        Matrix matrix = new Matrix(configurations, runs, System.err, floor, run.cpuLatency.micros());
        // a floor window warms up for about 2 s before each of its two halves
        int floorCost = floor == 0 ? 0 : floor + 2 * 2;
        System.err.printf("tactus matrix: %d runs of %d s (+%d s warm-up, +%d s floor), about %d min; files go to %s%n",
                matrix.size(), seconds, run.warmup, floorCost,
                Math.max(1, Math.round(matrix.size() * (seconds + run.warmup + floorCost + 3) / 60.0)), dir);
        List<MatrixRow> rows = matrix.run();
        PrintStream stdout = System.out;
        stdout.print(MatrixFormatter.table(rows));
        stdout.println();
        stdout.print(MatrixFormatter.grouped(rows));
        MatrixCsv.write(rows, dir.resolve("matrix.csv"));
        MatrixChart.write(rows, run.frames * 1e6 / run.rate, dir.resolve("matrix.png"));
        stdout.println();
        stdout.println("Wrote " + dir.resolve("matrix.csv") + " and " + dir.resolve("matrix.png"));
        return 0;
    }

    /** Every class x load, each with complete, validated stress settings. */
    List<MatrixConfiguration> configurations() {
        run.validate();
        boolean chain = run.chain();
        List<LoadKind> loads = list(load, "--load").stream().map(LoadKind::parse).distinct().toList();
        ServerSettings.validateFrames(run.frames); // the deadline period depends on frames and rate
        ServerSettings.validateRate(run.rate);
        long periodNanos = run.periodNanos();
        List<MatrixConfiguration> configurations = new ArrayList<>();
        for (SchedulingGroup group : groups()) {
            for (LoadKind kind : loads) {
                StressSettings settings = new StressSettings(run.clients, run.ports, run.frames, run.rate, seconds,
                        run.warmup, group.settings(run.priority, run.dlBudget, periodNanos), run.work, chain,
                        run.spinMicros(ClientMode.INPROC), kind, 0);
                settings.validate();
                configurations.add(new MatrixConfiguration(group, kind, settings));
            }
        }
        return configurations;
    }

    private Set<SchedulingGroup> groups() {
        Set<SchedulingGroup> groups = new LinkedHashSet<>();
        for (String token : list(sched, "--sched")) {
            groups.add(SchedulingGroup.parse(token));
        }
        return groups;
    }

    private static List<String> list(String text, String option) {
        List<String> items = new ArrayList<>();
        for (String item : text.split(",")) {
            if (!item.isBlank()) {
                items.add(item.trim());
            }
        }
        require(!items.isEmpty(), option + " needs at least one value");
        return items;
    }

    private Path outputDirectory() {
        Path dir = out != null ? out
                : Path.of("matrix-" + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        try {
            Files.createDirectories(dir);
        } catch (FileAlreadyExistsException e) {
            throw new TactusException(dir + " exists and is not a directory; choose another with --out");
        } catch (IOException e) {
            throw new TactusException("cannot create the output directory " + dir + " (" + e.getMessage()
                    + "); choose another with --out");
        }
        require(Files.isWritable(dir), "cannot write to " + dir + "; choose another directory with --out");
        return dir;
    }

    private static void require(boolean ok, String sentence) {
        if (!ok) {
            throw new TactusException(sentence);
        }
    }
}
