package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogEvent;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The watchdog against real misbehaving clients on a real server (SCHED_FIFO when root, as the stress
 * test runs it). Timing figures are printed, bounds are generous: the machine is shared and noisy. The
 * exact counts are the point: the culprit is acted on, nobody else is.
 */
class WatchdogSystemTest {

    private static final AtomicInteger NEXT = new AtomicInteger();

    private static TactusServer start(WatchdogSettings watchdog) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return TactusServer.start(ServerSettings.defaults()
                .withName("watchdog-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet())
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300).withSpinNanos(200_000))
                .withDriver(new DummyDriver(4, 4))
                .withScheduling(root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(watchdog));
    }

    /** Opens {@code count} jack_test3 clients, recording any shutdown reason other than "server stopped". */
    private static List<TactusClient> innocents(TactusServer server, int count, Map<String, String> shutdowns) {
        List<TactusClient> clients = new ArrayList<>();
        for (int c = 1; c <= count; c++) {
            TactusClient client = server.openClient("jt3_" + c);
            new Jt3Client(client, 4, 0);
            client.setShutdownCallback(reason -> shutdowns.put(client.name(), reason));
            client.activate();
            clients.add(client);
        }
        return clients;
    }

    @Test
    void shouldEvictOnlyTheHogSoonAfterItTurnsHyperactive() throws Exception {
        Map<String, String> shutdowns = new ConcurrentHashMap<>();
        try (TactusServer server = start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(300))) {
            List<TactusClient> clients = innocents(server, 8, shutdowns);
            TactusClient hogClient = server.openClient("hog");
            clients.add(hogClient);
            CompletableFuture<String> evicted = new CompletableFuture<>();
            hogClient.setShutdownCallback(evicted::complete);
            HogClient hog = new HogClient(hogClient, 150, 1.0, HogPattern.STEADY);
            hogClient.activate();
            try {
                String reason = evicted.get(10, TimeUnit.SECONDS);
                long evictedAt = server.watchdog().events().stream()
                        .filter(e -> e.action() == WatchdogEvent.Action.EVICT).mapToLong(WatchdogEvent::timeNanos)
                        .findFirst().orElseThrow();
                double shedAfterMillis = (evictedAt - hog.hyperactiveSinceNanos()) / 1e6;
                System.out.printf("hog at 150 %%: evicted %.1f ms after turning hyperactive: %s%n", shedAfterMillis, reason);
                assertTrue(reason.startsWith("evicted by watchdog (evict): "), reason);
                assertTrue(shedAfterMillis >= 0 && shedAfterMillis < 1_000, "shed after " + shedAfterMillis + " ms");

                server.restartMetrics();
                Thread.sleep(1_000);
                MetricsSnapshot after = server.stopMetrics(5, TimeUnit.SECONDS);
                System.out.printf("after the eviction: %d xruns in %d cycles%n", after.xruns(), after.cycles());
                assertPlaysOn(after, "after the hog is gone");
                assertEquals(8, after.clientsAtEnd(), "every innocent client still runs");
                assertEquals(Map.of(), shutdowns, "no innocent client was told to go");
                assertTrue(server.watchdog().events().stream().filter(e -> e.action().isAction())
                        .allMatch(e -> e.client().equals("hog")), "every action was on the hog: " + server.watchdog().events());
            } finally {
                clients.forEach(TactusClient::close);
            }
        }
    }

    @Test
    void shouldReplaceTheEngineThreadWhenAProcessCallNeverReturns() throws Exception {
        Map<String, String> shutdowns = new ConcurrentHashMap<>();
        Runaway runaway = new Runaway();
        try (TactusServer server = start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(300))) {
            List<TactusClient> clients = innocents(server, 5, shutdowns);
            TactusClient runawayClient = server.openClient("runaway");
            clients.add(runawayClient);
            CompletableFuture<String> evicted = new CompletableFuture<>();
            runawayClient.setShutdownCallback(evicted::complete);
            runaway.register(runawayClient);
            runawayClient.activate();
            try {
                Thread.sleep(200);
                Thread stuck = server.engineThread();
                long armedAt = System.nanoTime();
                runaway.armed = true;
                String reason = evicted.get(5, TimeUnit.SECONDS);
                double recoveredAfterMillis = (System.nanoTime() - armedAt) / 1e6;
                System.out.printf("runaway: evicted %.1f ms after it stopped returning: %s%n", recoveredAfterMillis, reason);
                assertTrue(reason.contains("runaway"), reason);
                assertNotSame(stuck, server.engineThread(), "a fresh engine thread runs the periods");
                assertTrue(stuck.isAlive(), "the old thread is still inside the runaway's call");
                if (schedulingPolicyOf(stuck) >= 0) {
                    assertEquals(0, schedulingPolicyOf(stuck), "the stuck thread was demoted to SCHED_OTHER");
                }

                server.restartMetrics();
                Thread.sleep(1_000);
                MetricsSnapshot after = server.stopMetrics(5, TimeUnit.SECONDS);
                System.out.printf("after the restart: %d xruns in %d cycles, RT allocated %d bytes%n", after.xruns(),
                        after.cycles(), after.rtAllocatedBytes());
                assertPlaysOn(after, "on a fresh engine thread");
                assertEquals(5, after.clientsAtEnd(), "every innocent client still runs");
                assertEquals(Map.of(), shutdowns, "no innocent client was told to go");
            } finally {
                runaway.released = true;
                clients.forEach(TactusClient::close);
            }
        }
    }

    @Test
    void shouldShedAClientThatBlocksInsideItsProcessCall() throws Exception {
        Map<String, String> shutdowns = new ConcurrentHashMap<>();
        try (TactusServer server = start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(300))) {
            List<TactusClient> clients = innocents(server, 5, shutdowns);
            TactusClient sleeperClient = server.openClient("sleeper");
            clients.add(sleeperClient);
            CompletableFuture<String> evicted = new CompletableFuture<>();
            sleeperClient.setShutdownCallback(evicted::complete);
            new SleeperClient(sleeperClient, 5, 750, true); // 5 ms asleep in every call from about 1 s on
            sleeperClient.activate();
            try {
                String reason = evicted.get(10, TimeUnit.SECONDS);
                System.out.println("sleeper: " + reason);
                assertTrue(reason.startsWith("evicted by watchdog (evict): "), reason);

                server.restartMetrics();
                Thread.sleep(1_000);
                MetricsSnapshot after = server.stopMetrics(5, TimeUnit.SECONDS);
                assertPlaysOn(after, "without the sleeper");
                assertEquals(null, server.graph().clientOrNull("sleeper"), "the sleeper is gone from the graph");
                for (TactusClient innocent : clients.subList(0, 5)) {
                    assertTrue(server.graph().clientOrNull(innocent.name()) != null, innocent.name() + " still runs");
                }
                assertEquals(Map.of(), shutdowns, "no innocent client was told to go");
            } finally {
                clients.forEach(TactusClient::close);
            }
        }
    }

    @Test
    void shouldNotJudgeClientsDuringTheirGracePeriod() throws Exception {
        assertEquals(0, coldStarts(2_000), "twenty cold clients joining in their grace period: nobody acted on");
        assertTrue(coldStarts(0) > 0, "without a grace period the same cold starts are struck (the test can fail)");
    }

    /** 20 clients join 50 ms apart, each 65 % of the period over its first 20 cycles (a JIT's cold start). */
    /**
     * The second after a shed: the periods go on and most of them are in time. The client shed, left in the graph,
     * would make every cycle late (a hog at 150 %, a sleeper 5 ms in every call) or stop them (a runaway). The xruns
     * a host adds are not bounded by the test: a quiet one gives 0 to 8 in this second, a loaded verify gave 72 in
     * 750 (2026-12-07). So the bound is a third of the cycles, which still tells the two apart.
     */
    private static void assertPlaysOn(MetricsSnapshot after, String how) {
        assertTrue(after.cycles() > 500, "the periods go on " + how + ": " + after.cycles() + " cycles in 1 s");
        assertTrue(after.xruns() < after.cycles() / 3, "the graph plays on " + how + ": " + after.xruns()
                + " xruns in " + after.cycles() + " cycles");
    }

    private static long coldStarts(long graceMillis) throws Exception {
        Map<String, String> shutdowns = new ConcurrentHashMap<>();
        List<TactusClient> clients = new ArrayList<>();
        try (TactusServer server = start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(graceMillis))) {
            try {
                for (int c = 1; c <= 20; c++) {
                    TactusClient client = server.openClient("cold_" + c);
                    clients.add(client);
                    client.setShutdownCallback(reason -> shutdowns.put(client.name(), reason));
                    new ColdStart(client, 20, server.bufferSize() * 1_000_000_000L / server.sampleRate() * 65 / 100);
                    client.activate();
                    Thread.sleep(50);
                }
                Thread.sleep(300);
                long actions = server.watchdog().actionsTaken();
                if (graceMillis > 0) {
                    assertEquals(Map.of(), shutdowns, "nobody evicted");
                    assertEquals(20, server.graph().clientNames().size() - 1, "all twenty joined and stayed");
                }
                return actions;
            } finally {
                clients.forEach(TactusClient::close);
            }
        }
    }

    /** Field 41 of /proc/self/task/TID/stat (the scheduling policy), or -1 when it cannot be read. */
    private static int schedulingPolicyOf(Thread thread) {
        long tid = nativeTid(thread);
        if (tid < 0) {
            return -1;
        }
        try {
            String stat = Files.readString(Path.of("/proc/self/task/" + tid + "/stat"));
            String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Integer.parseInt(fields[41 - 3]);
        } catch (IOException | RuntimeException e) {
            return -1;
        }
    }

    /** The kernel tid of a live Java thread, found by its name in /proc/self/task/TID/comm. */
    private static long nativeTid(Thread thread) {
        String comm = thread.getName().length() > 15 ? thread.getName().substring(0, 15) : thread.getName();
        try (var tasks = Files.list(Path.of("/proc/self/task"))) {
            return tasks.filter(task -> {
                try {
                    return Files.readString(task.resolve("comm")).trim().equals(comm);
                } catch (IOException e) {
                    return false;
                }
            }).mapToLong(task -> Long.parseLong(task.getFileName().toString())).findFirst().orElse(-1);
        } catch (IOException e) {
            return -1;
        }
    }

    /** A client whose process call, once armed, does not return until released. */
    private static final class Runaway {
        volatile boolean armed;
        volatile boolean released;

        void register(TactusClient client) {
            Port in = client.registerPort("in_1", PortType.AUDIO, PortFlag.INPUT);
            Port out = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
            client.setProcessCallback(nframes -> {
                out.getFloatBuffer().put(0, in.getFloatBuffer().get(0));
                while (armed && !released) {
                    Thread.onSpinWait();
                }
            });
        }
    }

    /** Over budget for its first cycles, then light: what a client looks like while the JIT compiles it. */
    private static final class ColdStart {
        private long cycle;

        ColdStart(TactusClient client, int coldCycles, long burnNanos) {
            Port out = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
            client.setProcessCallback(nframes -> {
                out.getFloatBuffer().put(0, 0f);
                if (cycle++ < coldCycles) {
                    long end = System.nanoTime() + burnNanos;
                    while (System.nanoTime() < end) {
                        Thread.onSpinWait();
                    }
                }
            });
        }
    }
}
