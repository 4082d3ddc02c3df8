package io.tactus.bench.compare;

import io.tactus.api.TactusException;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.NativeJt3;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressTest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One Tactus window: the stress run with {@code --client-mode jack} (the same native clients, on Tactus's libjack),
 * its full jack_test3 report kept as {@code report.txt}, and the clients' own summaries of the measured seconds; or
 * with Java process clients ({@code process}), whose figures are the engine's own.
 */
final class TactusWindow {

    private final CompareSettings settings;
    private final NativeJt3 jt3;
    private final PrintStream progress;

    TactusWindow(CompareSettings settings, NativeJt3 jt3, PrintStream progress) {
        this.settings = settings;
        this.jt3 = jt3;
        this.progress = progress;
    }

    WindowFigures run(Path directory) throws InterruptedException {
        boolean java = !settings.stress().clientMode().isNative();
        StressTest test = new StressTest(settings.stress(), progress).withFloorSeconds(0).withClientOutput(directory)
                .withCpuLatencyMicros(settings.cpuLatencyMicros());
        StressResult result = (java ? test : test.withNativeClient(jt3)).run();
        try {
            Files.writeString(directory.resolve("report.txt"), SummaryFormatter.format(result), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new TactusException("cannot write the Tactus window's report to " + directory + ": " + e.getMessage());
        }
        List<Jt3Summary> summaries = new ArrayList<>();
        for (int c = 1; c <= settings.stress().clients(); c++) {
            Jt3Summary.read(directory.resolve(StressTest.CLIENT_PREFIX + c + ".log")).ifPresent(summaries::add);
        }
        return new WindowFigures("Tactus", settings.stress().clients(), result.clientsJoined(), summaries,
                result.metrics().xruns(), StealFreeSeconds.of(result.quietSeconds()),
                java ? EngineFigures.of(result.metrics()) : null, directory.toString());
    }
}
