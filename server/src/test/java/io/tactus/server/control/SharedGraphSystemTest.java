package io.tactus.server.control;

import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.server.TactusServer;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real server and control socket, four hand-written clients on its graph segment (real shared memory,
 * real futexes, each doubling its input): capture runs through the chain a → b → c and, directly, into the
 * mixer m, with c; m plays. The clients wake each other; the engine only starts each cycle and waits for
 * m. The impulse must arrive as ONE impulse (2 × (8 + 1) = 18), in one period, in sync and in async mode
 * (per-client async heard it twice, the chain's path periods late); while the chain plays, the engine
 * thread allocates nothing.
 */
class SharedGraphSystemTest {

    @TempDir
    Path directory;

    private static long timeouts(ControlServer control) {
        return control.clients().stream().mapToLong(RemoteClient::timeouts).sum();
    }

    @ParameterizedTest
    @EnumSource(value = ControlServer.Timing.class, names = {"SYNC", "ASYNC"})
    void shouldCarryAnImpulseThroughAChainAndDirectlyIntoOneMixerAsOneImpulse(ControlServer.Timing timing)
            throws Exception {
        ImpulseDriver driver = new ImpulseDriver();
        TactusServer server = ControlTestSupport.startServer(driver);
        ControlServer control = ControlTestSupport.startControl(server, directory.resolve("rt"), timing);
        List<FakeClient> clients = new ArrayList<>();
        List<FakeProcess> processes = new ArrayList<>();
        try {
            for (String name : List.of("a", "b", "c", "m")) {
                FakeClient client = FakeClient.connect(control.socketPath());
                clients.add(client);
                Reply.Welcome welcome = client.hello(name);
                int in = client.register(new Request.RegisterPort("in", true));
                int out = client.register(new Request.RegisterPort("out", false));
                processes.add(new FakeProcess(welcome.graphPath(), welcome.record(), in, out, true));
            }
            FakeClient a = clients.get(0);
            a.ok(new Request.Connect("system:capture_1", "a:in"));
            a.ok(new Request.Connect("a:out", "b:in"));
            a.ok(new Request.Connect("b:out", "c:in"));
            a.ok(new Request.Connect("c:out", "m:in"));
            a.ok(new Request.Connect("system:capture_1", "m:in"));
            a.ok(new Request.Connect("m:out", "system:playback_1"));
            for (FakeClient client : clients) {
                client.ok(new Request.Activate());
            }
            assertTrue(within(3_000, () -> processes.get(3).cyclesDone.get() > 500), "the chain runs");

            server.restartMetrics();
            sleep(1_000);
            MetricsSnapshot playing = server.stopMetrics(5, TimeUnit.SECONDS);
            System.out.printf("%s: chain of 4 clients on the shared graph: %d cycles, %d timeouts, %d xruns, cycle mean "
                    + "%.1f us%n", timing, playing.cycles(), playing.timeouts(), playing.xruns(), playing.cycleMeanMicros());
            assertTrue(playing.cycles() > 300, "cycles: " + playing.cycles());
            assertEquals(0, playing.rtAllocatedBytes(), "bytes the engine thread allocated while the chain played");
            for (FakeProcess process : processes) {
                assertTrue(process.cyclesDone.get() >= playing.cycles(), "every client ran every cycle");
            }

            // A round in which a client was late (a loaded host) hears the chain's path as silence, never later:
            // still one period (or nothing, when the late one is the mixer). Rounds without a timeout must hear
            // both paths summed; at least three such.
            int clean = 0;
            for (int round = 0; round < 20 && clean < 3; round++) {
                long timeoutsBefore = timeouts(control);
                driver.fire();
                boolean heard = within(1_000, () -> driver.heardPeriods() >= 1);
                sleep(50); // 37 periods, more than any path through four clients takes: a late copy shows here
                boolean late = timeouts(control) != timeoutsBefore;
                if (!heard) { // the mixer itself late: its output is silence, both paths lost together
                    assertTrue(late, timing + ": the impulse came out, round " + round + " (no client was late)");
                    continue;
                }
                assertEquals(1, driver.heardPeriods(), timing + ": the impulse came out in one period, round " + round);
                if (!late) {
                    clean++;
                    assertEquals(18f, driver.peak(), timing + ": both paths (8 through the chain, 1 direct) summed in "
                            + "step, doubled by the mixer");
                }
            }
            assertEquals(3, clean, "rounds without a late client");
        } finally {
            for (FakeProcess process : processes) {
                process.close();
            }
            for (FakeClient client : clients) {
                client.close();
            }
            ControlTestSupport.stop(control, server);
        }
    }
}
