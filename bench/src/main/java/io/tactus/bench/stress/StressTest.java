package io.tactus.bench.stress;

import io.tactus.api.ClientOptions;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.bench.load.BackgroundLoad;
import io.tactus.bench.report.CpuUsage;
import io.tactus.bench.report.ProcStat;
import io.tactus.bench.report.ResidentMemory;
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
 * The jack_test3 stress run: background load if asked, an in-process server on the dummy driver, N
 * mixer clients joined through the client API as any user's would be (all before the warm-up, or one
 * every {@code --stagger} seconds during the measured time, as jack_test3 did), a warm-up left out of
 * the figures, then the measured seconds with a progress line every 10 s. Everything it starts it
 * stops, also on failure.
 */
public final class StressTest {

    static final String SERVER_NAME = "tactus-stress";
    private static final int PROGRESS_SECONDS = 10;
    private static final int RSS_SECOND = 30;

    private final StressSettings settings;
    private final PrintStream progress;
    private final List<TactusClient> clients = new ArrayList<>();
    private final AtomicInteger evicted = new AtomicInteger();

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
        try (BackgroundLoad load = BackgroundLoad.start(settings.load());
             TactusServer tactus = TactusServer.start(server)) {
            progress.printf("tactus stress: %d clients x %d ports, %d frames at %d Hz, engine %s, load %s%n",
                    settings.clients(), settings.ports(), settings.frames(), settings.rate(),
                    tactus.scheduling().describe(), load.describe());
            try {
                int upFront = settings.staggerSeconds() > 0 ? 1 : settings.clients();
                for (int c = 1; c <= upFront; c++) {
                    join(c);
                }
                TimeUnit.SECONDS.sleep(settings.warmupSeconds());
                tactus.restartMetrics();
                ProcStat before = ProcStat.read();
                Sampling sampling = measure(tactus, before);
                ProcStat after = ProcStat.read();
                MetricsSnapshot metrics = tactus.stopMetrics(5, TimeUnit.SECONDS);
                return new StressResult(settings, metrics, CpuUsage.between(before, after),
                        tactus.scheduling().describe(), evicted.get(), tactus.telemetryDropped(), load.describe(),
                        List.copyOf(sampling.steal), sampling.rssAt30s, ResidentMemory.kilobytes());
            } finally {
                for (TactusClient client : clients) {
                    client.close();
                }
            }
        }
    }

    /** What the run samples once a second besides the engine's own figures. */
    private static final class Sampling {
        final List<Double> steal = new ArrayList<>();
        long rssAt30s = -1;
    }

    private Sampling measure(TactusServer tactus, ProcStat start) throws InterruptedException {
        Sampling sampling = new Sampling();
        ProcStat previous = start;
        long t0 = System.nanoTime();
        for (int second = 1; second <= settings.seconds(); second++) {
            long due = t0 + TimeUnit.SECONDS.toNanos(second);
            TimeUnit.NANOSECONDS.sleep(Math.max(0, due - System.nanoTime()));
            ProcStat now = ProcStat.read();
            sampling.steal.add(CpuUsage.between(previous, now).steal());
            previous = now;
            if (second == RSS_SECOND) {
                sampling.rssAt30s = ResidentMemory.kilobytes();
            }
            if (settings.staggerSeconds() > 0 && second % settings.staggerSeconds() == 0
                    && clients.size() < settings.clients()) {
                join(clients.size() + 1);
            }
            if (second % PROGRESS_SECONDS == 0 && second < settings.seconds()) {
                MetricsSnapshot m = tactus.metrics();
                progress.printf("[%4d s] DSP load %5.1f %% (max %5.1f %%), xruns %d, delay max %.0f usecs, clients %d, steal %.1f %%%n",
                        second, m.dspLoadMean(), m.dspLoadMax(), m.xruns(), m.delayMaxMicros(), m.clientsAtEnd(),
                        CpuUsage.between(start, now).steal());
            }
        }
        return sampling;
    }

    /** Opens, activates and (with --connect chain) wires in client number {@code c}. */
    private void join(int c) {
        TactusClient client = Tactus.open("jack_test3_" + c, ClientOptions.defaults().withServer(SERVER_NAME));
        clients.add(client);
        new Jt3Client(client, settings.ports(), settings.work());
        client.setShutdownCallback(reason -> {
            if (!reason.equals("server stopped")) {
                evicted.incrementAndGet();
            }
        });
        client.activate();
        if (settings.chain()) {
            chainIn(client, c == 1 ? null : clients.get(c - 2));
        }
    }

    /** capture -> first client; each newcomer goes between the previous last client and playback. */
    private void chainIn(TactusClient client, TactusClient previous) {
        for (int p = 1; p <= settings.ports(); p++) {
            String playback = "system:playback_" + p;
            String in = client.name() + ":in_" + p;
            if (previous == null) {
                client.connect("system:capture_" + p, in);
            } else {
                String out = previous.name() + ":out_" + p;
                client.disconnect(out, playback);
                client.connect(out, in);
            }
            client.connect(client.name() + ":out_" + p, playback);
        }
    }
}
