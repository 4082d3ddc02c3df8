package io.tactus.bench.matrix;

import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.StressSettings;
import io.tactus.server.ServerSettings;
import picocli.CommandLine.Command;
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
        description = "Runs the stress test for each scheduling class x background load and compares Delay Maximum by class.")
public final class MatrixCommand implements Callable<Integer> {

    @Option(names = "--seconds", defaultValue = "20", description = "measured seconds per run (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--sched", defaultValue = "fifo,rr,deadline,nice-20,other",
            description = "scheduling classes, comma list of fifo, rr, deadline, nice-20, other (default ${DEFAULT-VALUE})")
    String sched;

    @Option(names = "--load", defaultValue = "none,compile", description = "background loads, comma list of none, cpu, compile (default ${DEFAULT-VALUE})")
    String load;

    @Option(names = "--runs", defaultValue = "1", description = "runs of each configuration, in rounds (default ${DEFAULT-VALUE})")
    int runs;

    @Option(names = "--out", description = "directory for matrix.csv and matrix.png (default matrix-<yyyyMMdd-HHmmss>)")
    Path out;

    @Option(names = "--clients", defaultValue = "20", description = "jack_test3 clients (default ${DEFAULT-VALUE})")
    int clients;

    @Option(names = "--ports", defaultValue = "4", description = "input/output port pairs per client (default ${DEFAULT-VALUE})")
    int ports;

    @Option(names = {"--frames", "-p"}, defaultValue = "64", description = "frames per period (default ${DEFAULT-VALUE})")
    int frames;

    @Option(names = {"--rate", "-r"}, defaultValue = "48000", description = "sample rate in Hz (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--work", defaultValue = "0", description = "one-pole filter stages per output sample (default ${DEFAULT-VALUE})")
    int work;

    @Option(names = "--connect", defaultValue = "none", description = "none or chain (default ${DEFAULT-VALUE})")
    String connect;

    @Option(names = "--warmup", defaultValue = "2", description = "seconds run before measuring, per run (default ${DEFAULT-VALUE})")
    int warmup;

    @Option(names = {"--priority", "-P"}, defaultValue = "70", description = "realtime priority for fifo and rr (default ${DEFAULT-VALUE})")
    int priority;

    @Option(names = "--dl-budget", defaultValue = "90", description = "SCHED_DEADLINE runtime as a percentage of the period; it must cover --spin-us and the work (default ${DEFAULT-VALUE})")
    int dlBudget;

    @Option(names = "--spin-us", defaultValue = "1000", description = "spin this long before each period; -1 always spins (default ${DEFAULT-VALUE})")
    long spinMicros;

    @Override
    public Integer call() throws InterruptedException, IOException {
        List<MatrixConfiguration> configurations = configurations();
        require(runs >= 1 && runs <= 100, "--runs must be from 1 to 100, not " + runs);
        Path dir = outputDirectory();
        Matrix matrix = new Matrix(configurations, runs, System.err);
        System.err.printf("tactus matrix: %d runs of %d s (+%d s warm-up), about %d min; files go to %s%n",
                matrix.size(), seconds, warmup, Math.max(1, Math.round(matrix.size() * (seconds + warmup + 3) / 60.0)), dir);
        List<MatrixRow> rows = matrix.run();
        PrintStream stdout = System.out;
        stdout.print(MatrixFormatter.table(rows));
        stdout.println();
        stdout.print(MatrixFormatter.grouped(rows));
        MatrixCsv.write(rows, dir.resolve("matrix.csv"));
        MatrixChart.write(rows, frames * 1e6 / rate, dir.resolve("matrix.png"));
        stdout.println();
        stdout.println("Wrote " + dir.resolve("matrix.csv") + " and " + dir.resolve("matrix.png"));
        return 0;
    }

    /** Every class x load, each with complete, validated stress settings. */
    List<MatrixConfiguration> configurations() {
        require(dlBudget >= 1 && dlBudget <= 100, "--dl-budget must be a percentage from 1 to 100, not " + dlBudget);
        require(priority >= 1 && priority <= 99, "--priority must be from 1 to 99, not " + priority);
        boolean chain = switch (connect) {
            case "none" -> false;
            case "chain" -> true;
            default -> throw new TactusException("--connect must be none or chain, not '" + connect + "'");
        };
        List<LoadKind> loads = list(load, "--load").stream().map(LoadKind::parse).distinct().toList();
        ServerSettings.validateFrames(frames); // the deadline period depends on frames and rate
        ServerSettings.validateRate(rate);
        long periodNanos = (long) frames * 1_000_000_000L / rate;
        List<MatrixConfiguration> configurations = new ArrayList<>();
        for (SchedulingGroup group : groups()) {
            for (LoadKind kind : loads) {
                StressSettings settings = new StressSettings(clients, ports, frames, rate, seconds, warmup,
                        group.settings(priority, dlBudget, periodNanos), work, chain, spinMicros, kind, 0);
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
