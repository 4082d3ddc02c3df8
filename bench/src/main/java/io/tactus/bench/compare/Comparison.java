package io.tactus.bench.compare;

import io.tactus.api.TactusException;
import io.tactus.bench.stress.NativeJt3;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeScheduler;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code tactus compare jackd}: the same native jack_test3 clients on JACK2 and on Tactus in alternating windows
 * (JACK2, Tactus, JACK2, Tactus...), each under the same load, each round printed as soon as it is done and all of
 * them in one table at the end. Everything started is stopped by its PID, also on failure or Ctrl-C
 * ({@link ProcessGuard}); the raw outputs (jackd's log, every client's output, Tactus's full report) stay in
 * {@link CompareSettings#rawDirectory()}, one directory per window.
 */
public final class Comparison {

    /** Beyond the window's warm-up and measured seconds: what stress-ng's own timeout allows for start and stop. */
    private static final int LOAD_MARGIN_SECONDS = 120;

    private final CompareSettings settings;
    private final NativeJt3 jt3;
    private final PrintStream out;
    private final PrintStream progress;

    public Comparison(CompareSettings settings, NativeJt3 jt3, PrintStream out, PrintStream progress) {
        this.settings = settings;
        this.jt3 = jt3;
        this.out = out;
        this.progress = progress;
    }

    /** Runs every round; returns each round's two windows, JACK2's first. */
    public List<WindowFigures[]> run() throws InterruptedException {
        settings.validate();
        Path raw = settings.rawDirectory();
        String jackdName = "tactus-compare-" + ProcessHandle.current().pid();
        out.print(ComparisonFormatter.header(settings));
        out.flush();
        List<WindowFigures[]> rounds = new ArrayList<>();
        try (ProcessGuard guard = new ProcessGuard()) {
            for (int r = 1; r <= settings.rounds(); r++) {
                Path jackDir = directory(raw.resolve("round-" + r + "-jack2"));
                WindowFigures jack;
                try (CpuLoad load = startLoad(jackDir, guard);
                     CpuLatencyRequest latency = RealtimeScheduler.system().holdCpuLatency(settings.jackdCpuLatencyMicros())) {
                    progress.printf("tactus compare: round %d of %d, JACK2 window (jackd -n %s)%n", r, settings.rounds(),
                            jackdName);
                    jack = new JackdWindow(settings, jt3, guard, progress).run(jackdName, jackDir);
                }
                Path tactusDir = directory(raw.resolve("round-" + r + "-tactus"));
                WindowFigures tactus;
                try (CpuLoad load = startLoad(tactusDir, guard)) {
                    progress.printf("tactus compare: round %d of %d, Tactus window%n", r, settings.rounds());
                    tactus = new TactusWindow(settings, jt3, progress).run(tactusDir);
                }
                rounds.add(new WindowFigures[] {jack, tactus});
                out.print(ComparisonFormatter.round(r, settings.rounds(), jack, tactus));
                out.flush();
            }
        }
        out.print(ComparisonFormatter.table(rounds));
        out.println("raw outputs: " + raw);
        return rounds;
    }

    private CpuLoad startLoad(Path directory, ProcessGuard guard) {
        return CpuLoad.start(settings.cpuLoad(), settings.stress().warmupSeconds() + settings.stress().seconds()
                + LOAD_MARGIN_SECONDS, directory.resolve("stress-ng.log"), guard);
    }

    private static Path directory(Path path) {
        try {
            return Files.createDirectories(path);
        } catch (IOException e) {
            throw new TactusException("cannot create " + path + " for the raw outputs: " + e.getMessage());
        }
    }
}
