package io.tactus.bench.stress;

import io.tactus.api.ClientOptions;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.bench.report.CpuUsage;
import io.tactus.bench.report.ProcStat;
import io.tactus.clients.Jt3Client;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.engine.PeriodWaiter;
import io.tactus.server.telemetry.MetricsSnapshot;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The jack_test3 stress run: an in-process server on the dummy driver, N mixer clients joined through
 * the client API as any user's would be, a warm-up left out of the figures, then the measured seconds
 * with a progress line every 10 s. Everything it starts it stops, also on failure.
 */
public final class StressTest {

    static final String SERVER_NAME = "tactus-stress";
    private static final int PROGRESS_SECONDS = 10;

    private final StressSettings settings;
    private final PrintStream progress;

    public StressTest(StressSettings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public StressResult run() throws InterruptedException {
        settings.validate();
        long warmupCycles = (long) settings.warmupSeconds() * settings.rate() / settings.frames();
        EngineSettings engine = EngineSettings.of(settings.rate(), settings.frames())
                .withSpinNanos(settings.spinMicros() < 0 ? PeriodWaiter.FULL_SPIN : settings.spinMicros() * 1000)
                .withWarmupCycles((int) Math.max(64, warmupCycles));
        ServerSettings server = ServerSettings.defaults()
                .withName(SERVER_NAME)
                .withEngine(engine)
                .withDriver(new DummyDriver(settings.ports(), settings.ports()))
                .withScheduling(settings.scheduling());
        List<TactusClient> clients = new ArrayList<>();
        AtomicInteger evicted = new AtomicInteger();
        try (TactusServer tactus = TactusServer.start(server)) {
            progress.printf("tactus stress: %d clients x %d ports, %d frames at %d Hz, engine %s%n",
                    settings.clients(), settings.ports(), settings.frames(), settings.rate(),
                    tactus.scheduling().describe());
            try {
                for (int c = 1; c <= settings.clients(); c++) {
                    TactusClient client = Tactus.open("jack_test3_" + c, ClientOptions.defaults().withServer(SERVER_NAME));
                    clients.add(client);
                    new Jt3Client(client, settings.ports(), settings.work());
                    client.setShutdownCallback(reason -> {
                        if (!reason.equals("server stopped")) {
                            evicted.incrementAndGet();
                        }
                    });
                    client.activate();
                }
                if (settings.chain()) {
                    connectChain(clients);
                }
                TimeUnit.SECONDS.sleep(settings.warmupSeconds());
                tactus.restartMetrics();
                ProcStat before = ProcStat.read();
                measure(tactus);
                ProcStat after = ProcStat.read();
                MetricsSnapshot metrics = tactus.stopMetrics(5, TimeUnit.SECONDS);
                return new StressResult(settings, metrics, CpuUsage.between(before, after),
                        tactus.scheduling().describe(), evicted.get(), tactus.telemetryDropped());
            } finally {
                for (TactusClient client : clients) {
                    client.close();
                }
            }
        }
    }

    private void measure(TactusServer tactus) throws InterruptedException {
        long start = System.nanoTime();
        long end = start + TimeUnit.SECONDS.toNanos(settings.seconds());
        long nextReport = start + TimeUnit.SECONDS.toNanos(PROGRESS_SECONDS);
        while (true) {
            long now = System.nanoTime();
            if (now >= end) {
                return;
            }
            if (now >= nextReport) {
                MetricsSnapshot m = tactus.metrics();
                progress.printf("[%4d s] DSP load %5.1f %% (max %5.1f %%), xruns %d, delay max %.0f usecs, clients %d%n",
                        TimeUnit.NANOSECONDS.toSeconds(now - start), m.dspLoadMean(), m.dspLoadMax(), m.xruns(),
                        m.delayMaxMicros(), m.clientsAtEnd());
                nextReport += TimeUnit.SECONDS.toNanos(PROGRESS_SECONDS);
            }
            TimeUnit.NANOSECONDS.sleep(Math.min(end, nextReport) - now);
        }
    }

    /** system:capture_k -> jack_test3_1:in_k, ..., jack_test3_N:out_k -> system:playback_k. */
    private void connectChain(List<TactusClient> clients) {
        TactusClient first = clients.get(0);
        for (int p = 1; p <= settings.ports(); p++) {
            String source = "system:capture_" + p;
            for (TactusClient client : clients) {
                first.connect(source, client.name() + ":in_" + p);
                source = client.name() + ":out_" + p;
            }
            first.connect(source, "system:playback_" + p);
        }
    }
}
