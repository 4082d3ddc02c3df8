package io.tactus.clients;

import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The misbehaving clients against a real in-process server on the dummy driver, SCHED_OTHER so the
 * result does not depend on root. Bounds are generous: the machine is shared and noisy.
 */
class MisbehavingClientsSystemTest {

    private static final AtomicInteger NEXT = new AtomicInteger();
    private static final int RATE = 48_000;
    private static final int FRAMES = 64;
    private static final double PERIOD_MICROS = 1e6 * FRAMES / RATE;

    private static TactusServer startServer() {
        return TactusServer.start(ServerSettings.defaults()
                .withName("misbehaving-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet())
                .withEngine(EngineSettings.of(RATE, FRAMES).withWarmupCycles(300))
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE))); // the clients themselves, not the policies
    }

    @Test
    void shouldRaiseTheMeanCycleTimeToAtLeastThirtyPercentWithASteadyHogAtFifty() throws Exception {
        try (TactusServer server = startServer();
             TactusClient client = server.openClient("hog")) {
            long before = System.nanoTime();
            HogClient hog = new HogClient(client, 50, 0, HogPattern.STEADY);
            client.connect("system:capture_1", "hog:in_1");
            client.connect("hog:out_1", "system:playback_1");
            client.activate();
            Thread.sleep(300);
            server.restartMetrics();
            Thread.sleep(1_000);
            MetricsSnapshot m = server.stopMetrics(5, TimeUnit.SECONDS);

            assertTrue(m.cycles() > 100, "the engine ran: " + m.cycles() + " cycles");
            assertTrue(m.cycleMeanMicros() >= 0.3 * PERIOD_MICROS, "mean cycle " + m.cycleMeanMicros()
                    + " us should be at least 30 % of the " + PERIOD_MICROS + " us period");
            assertEquals(0, hog.hyperactiveSinceCycle(), "with no delay it burns from its first cycle");
            assertTrue(hog.hyperactiveSinceNanos() >= before, "the hyperactive moment is a nanoTime of this run");
        }
    }

    @Test
    void shouldEvictTheThrowingCrasherWithItsMessageAndKeepTheOthersRunning() throws Exception {
        try (TactusServer server = startServer();
             TactusClient bystander = server.openClient("bystander");
             TactusClient client = server.openClient("crasher")) {
            AtomicLong bystanderCalls = new AtomicLong();
            bystander.setProcessCallback(n -> bystanderCalls.lazySet(bystanderCalls.get() + 1));
            bystander.activate();
            new CrasherClient(client, 100, CrasherClient.Mode.THROW);
            CompletableFuture<String> reason = new CompletableFuture<>();
            client.setShutdownCallback(reason::complete);
            client.connect("crasher:out_1", "system:playback_1");
            client.activate();

            String why = reason.get(5, TimeUnit.SECONDS);
            assertTrue(why.contains("crasher: deliberate failure at cycle 100"), "shutdown reason: " + why);
            assertFalse(server.graph().clientNames().contains("crasher"), "evicted: " + server.graph().clientNames());
            assertTrue(server.graph().clientNames().contains("bystander"));
            long calls = bystanderCalls.get();
            assertTrue(within(5_000, () -> bystanderCalls.get() > calls + 50), "the bystander kept being called");
        }
    }

    @Test
    void shouldCauseAnXrunWhenTheSleeperBlocksFiveMillisecondsOnce() throws Exception {
        try (TactusServer server = startServer();
             TactusClient client = server.openClient("sleeper")) {
            SleeperClient sleeper = new SleeperClient(client, 5, 100, false);
            client.activate();

            assertTrue(within(5_000, () -> server.metrics().xruns() > 0), "a 5 ms block in a 1.3 ms period is an xrun");
            assertTrue(within(5_000, () -> sleeper.sleeps() == 1));
            Thread.sleep(100);
            assertEquals(1, sleeper.sleeps(), "once means once");
        }
    }

    @Test
    void shouldCauseXrunsEveryCycleWhenTheSleeperBlocksEveryCycle() throws Exception {
        try (TactusServer server = startServer();
             TactusClient client = server.openClient("sleeper")) {
            SleeperClient sleeper = new SleeperClient(client, 5, 50, true);
            client.activate();

            assertTrue(within(5_000, () -> sleeper.sleeps() >= 20), "it slept " + sleeper.sleeps() + " times");
            assertTrue(within(5_000, () -> server.metrics().xruns() >= 10), "xruns: " + server.metrics().xruns());
        }
    }

    @Test
    void shouldShowUpInTheEngineAllocationCounter() throws Exception {
        try (TactusServer server = startServer();
             TactusClient client = server.openClient("allocator")) {
            new AllocatorClient(client, 1_024);
            client.activate();

            // The engine takes its baseline after 300 warm-up cycles, then re-measures every 64.
            assertTrue(within(5_000, () -> server.metrics().rtAllocatedBytes() >= 64 * 1_024),
                    "allocated on the engine thread: " + server.metrics().rtAllocatedBytes() + " bytes");
        }
    }
}
