package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.degrade.DegradeChart;
import io.tactus.bench.degrade.DegradeFormatter;
import io.tactus.bench.degrade.DegradeRow;
import io.tactus.bench.degrade.Scenario;
import io.tactus.bench.report.ReportFiles;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.StressTest;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import io.tactus.server.os.KernelRtBudget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code tactus degrade}: one overload scenario, run once per policy, compared in one table. */
@Command(name = "degrade", mixinStandardHelpOptions = true,
        description = "Runs an overload scenario (hog or rtlimit) once per watchdog policy and prints how each kept "
                + "the graph alive.")
public final class DegradeCommand implements Callable<Integer> {

    static final int DEFAULT_SECONDS = 60;
    static final String DEFAULT_POLICIES = "none,jack,evict,bypass,governor";
    static final int DEFAULT_RT_LIMIT = 30;
    static final int DEFAULT_HOG_LOAD = 150;
    static final int DEFAULT_HOG_AFTER = 10;
    static final int DEFAULT_FLOOR_SECONDS = 4;

    @Option(names = "--scenario", required = true,
            description = "hog (one client at " + DEFAULT_HOG_LOAD + " %% of the period) or rtlimit (kernel RT "
            + "budget below the graph's need)")
    String scenario;

    @Option(names = "--seconds", defaultValue = "" + DEFAULT_SECONDS,
            description = "measured seconds per policy (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--policies", defaultValue = DEFAULT_POLICIES, split = ",",
            description = "policies to compare, in order (default ${DEFAULT-VALUE})")
    List<String> policies;

    @Option(names = "--rt-limit", defaultValue = "" + DEFAULT_RT_LIMIT,
            description = "rtlimit: the kernel RT budget in percent (default ${DEFAULT-VALUE})")
    double rtLimit;

    @Option(names = "--work", defaultValue = "" + Scenario.RTLIMIT_WORK,
            description = "rtlimit: jack_test3 work per client, sized for about 40 %% CPU here (default "
                    + "${DEFAULT-VALUE})")
    int work;

    @Option(names = "--hog-load", defaultValue = "" + DEFAULT_HOG_LOAD,
            description = "hog: what the hog burns per cycle, percent of the period (default ${DEFAULT-VALUE})")
    double hogLoad;

    @Option(names = "--hog-after", defaultValue = "" + DEFAULT_HOG_AFTER,
            description = "hog: seconds into the measured time when it turns hyperactive (default ${DEFAULT-VALUE})")
    double hogAfter;

    @Option(names = "--floor-seconds", defaultValue = "" + DEFAULT_FLOOR_SECONDS,
            description = "seconds of the floor beside each policy's run (a bare realtime thread sleeping to each"
                    + " period), half before and half after it, at most --seconds; 0 for none (default ${DEFAULT-VALUE})")
    int floorSeconds;

    @Option(names = "--out",
            description = "also write degrade.csv, degrade.png and each run's report (DIR/POLICY/) here")
    Path out;

    @Override
    public Integer call() throws InterruptedException, IOException {
        Scenario s = Scenario.parse(scenario);
        List<PolicyKind> kinds = policies.stream().map(PolicyKind::parse).toList();
        if (s == Scenario.RTLIMIT && !KernelRtBudget.systemWritable()) {
            throw new TactusException("--scenario rtlimit needs root to write " + KernelRtBudget.SYSCTL_PATH
                    + "; run as root or use --scenario hog");
        }
        List<DegradeRow> rows = new ArrayList<>();
        List<StressResult> results = new ArrayList<>();
        for (int i = 0; i < kinds.size(); i++) {
            PolicyKind kind = kinds.get(i);
            System.err.printf("tactus degrade: scenario %s, policy %s (%d of %d), %d "
                    + "s%n", s.label(), kind.label(), i + 1,
                    kinds.size(), seconds);
            StressSettings settings = s.settings(WatchdogSettings.defaults(kind), seconds, work, rtLimit, hogLoad, hogAfter);
            settings.validate();
            StressResult result = new StressTest(settings, System.err)
                    .withFloorSeconds(Math.min(floorSeconds, seconds)).run();
            results.add(result);
            rows.add(DegradeRow.of(s, result));
            System.err.print(DegradeFormatter.table(s, rows));
        }
        System.out.print(DegradeFormatter.table(s, rows));
        if (out != null) {
            Files.createDirectories(out);
            Files.writeString(out.resolve("degrade.csv"), DegradeFormatter.csv(rows));
            DegradeChart.write(s, rows, out.resolve("degrade.png"));
            for (StressResult result : results) {
                ReportFiles.write(out.resolve(result.watchdog().policy()), result, ReportFiles.marks(result));
            }
            System.err.println("tactus degrade: wrote degrade.csv, degrade.png and one report per policy to " + out);
        }
        return 0;
    }
}
