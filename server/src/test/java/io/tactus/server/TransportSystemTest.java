package io.tactus.server;

import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.engine.EngineSettings;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicBoolean;

import static io.tactus.server.ServerTestSupport.settings;
import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Frame time and the transport on a real server, seen from in-process clients' process callbacks. */
class TransportSystemTest {

    private static final SchedulingSettings SCHEDULING = ServerTestSupport.isRoot()
            ? SchedulingSettings.fifo(60) : SchedulingSettings.other(0);
    private static final int SLOTS = 8192;

    /** Writes, each call, the cycle's frame time and what its client sees of the transport, in call order. */
    static final class Witness {
        final TactusClient client;
        final long[] cycle = new long[SLOTS];
        final long[] frame = new long[SLOTS];
        final int[] state = new int[SLOTS];
        final long[] bbt = new long[SLOTS];
        volatile int calls;
        private final TransportPosition position = new TransportPosition();

        Witness(TactusServer server, String name) {
            client = server.openClient(name);
            client.setProcessCallback(n -> {
                int i = calls;
                if (i == SLOTS) {
                    return;
                }
                TransportState s = client.transport().query(position);
                cycle[i] = client.clock().lastFrameTime() / n;
                frame[i] = position.frame();
                state[i] = s.ordinal();
                bbt[i] = position.bbtValid() ? position.bar() * 1_000_000_000L + position.beat() * 10_000L + position.tick() : -1;
                calls = i + 1;
            });
            client.activate();
        }
    }

    @Test
    void shouldShowTwoClientsTheSameStateFrameAndBbtEveryCycle() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            Witness a = new Witness(server, "a");
            Witness b = new Witness(server, "b");
            TransportProxy transport = server.transport();
            transport.tempo(120);
            sleep(100);
            transport.start();
            sleep(1_000);
            transport.locate(480_000);
            sleep(1_000);
            transport.stop();
            sleep(200);
            a.client.deactivate();
            b.client.deactivate();
            int compared = 0;
            int j = 0;
            for (int i = 0; i < a.calls; i++) {
                while (j < b.calls && b.cycle[j] < a.cycle[i]) {
                    j++;
                }
                if (j == b.calls || b.cycle[j] != a.cycle[i]) {
                    continue;
                }
                compared++;
                assertEquals(a.state[i], b.state[j], "state in cycle " + a.cycle[i]);
                assertEquals(a.frame[i], b.frame[j], "frame in cycle " + a.cycle[i]);
                assertEquals(a.bbt[i], b.bbt[j], "BBT in cycle " + a.cycle[i]);
            }
            int rolling = 0;
            int jumps = 0;
            for (int i = 1; i < a.calls; i++) {
                if (a.state[i - 1] == TransportState.ROLLING.ordinal() && a.state[i] == TransportState.ROLLING.ordinal()) {
                    rolling++;
                    if (a.frame[i] != a.frame[i - 1] + 64) {
                        jumps++;
                    }
                }
            }
            assertTrue(compared > 1_000, "cycles both clients saw: " + compared);
            assertTrue(rolling > 1_000, "rolling cycles: " + rolling);
            assertEquals(1, jumps, "rolling cycles that did not move on by one period (the locate is one)");
            TransportPosition end = new TransportPosition();
            assertEquals(TransportState.STOPPED, transport.query(end));
            assertTrue(end.frame() > 480_000 && end.bbtValid(), "stopped after the locate, with BBT: " + end);
        }
    }

    @Test
    void shouldHoldStartingWhileASlowClientIsNotReadyThenRoll() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            TactusClient slow = server.openClient("slow");
            AtomicBoolean ready = new AtomicBoolean();
            slow.setProcessCallback(n -> { });
            slow.transport().setSyncCallback((state, position) -> ready.get());
            slow.activate();
            TransportPosition p = new TransportPosition();
            slow.transport().start();
            assertTrue(within(5_000, () -> slow.transport().query(p) == TransportState.STARTING), "STARTING");
            sleep(500);
            assertEquals(TransportState.STARTING, slow.transport().query(p), "held while not ready");
            assertEquals(0, p.frame());
            ready.set(true);
            assertTrue(within(5_000, () -> slow.transport().query(p) == TransportState.ROLLING), "rolls once ready");

            // A client that never gets ready holds the transport only until the sync timeout.
            ready.set(false);
            slow.transport().setSyncTimeout(300_000);
            long before = System.nanoTime();
            slow.transport().locate(0); // a locate while rolling waits for the slow client again
            assertTrue(within(5_000, () -> slow.transport().query(p) == TransportState.STARTING), "STARTING again");
            assertTrue(within(10_000, () -> slow.transport().query(p) == TransportState.ROLLING), "rolls at the timeout");
            long waited = (System.nanoTime() - before) / 1_000_000;
            assertTrue(waited >= 290, "held STARTING for the 300 ms timeout: " + waited + " ms");
        }
    }

    @Test
    void shouldLetOneTimebaseMasterSupplyBbtAndRefuseAConditionalSecond() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            TactusClient master = server.openClient("master");
            master.setProcessCallback(n -> { });
            master.transport().setTimebaseCallback(true,
                    (state, nframes, position, fresh) -> position.setBbtFromFrame(60, 4, 4, 1920));
            master.activate();
            TactusClient other = server.openClient("other");
            String refusal = assertThrows(TactusException.class,
                    () -> other.transport().setTimebaseCallback(true, (s, n, p, f) -> { })).getMessage();
            assertEquals("client 'master' is the timebase master already; ask unconditionally to take over", refusal);
            master.transport().locate(48_000 * 5); // 5 s at 60 bpm: bar 2, beat 2
            TransportPosition p = new TransportPosition();
            assertTrue(within(5_000, () -> {
                master.transport().query(p);
                return p.frame() == 48_000 * 5 && p.bbtValid();
            }), () -> "the master's BBT arrived: " + p);
            assertEquals(2, p.bar());
            assertEquals(2, p.beat());
            assertThrows(TactusException.class, () -> other.transport().releaseTimebase());
            master.transport().releaseTimebase();
            assertTrue(within(5_000, () -> {
                master.transport().query(p);
                return !p.bbtValid();
            }), "no BBT without a master");
            assertEquals("cannot locate the transport to frame -1; a frame is 0 or more",
                    assertThrows(TactusException.class, () -> master.transport().locate(-1)).getMessage());
        }
    }

    @Test
    void shouldAdvanceTheFrameTimeByThePeriodEveryCycleFor10000Cycles() throws Exception {
        int nframes = 32;
        try (TactusServer server = TactusServer.start(settings(SCHEDULING)
                .withEngine(EngineSettings.of(48_000, nframes).withWarmupCycles(300)))) {
            TactusClient client = server.openClient("clock");
            long[] seen = new long[10_001];
            int[] count = {0};
            client.setProcessCallback(n -> {
                if (count[0] < seen.length) {
                    seen[count[0]++] = client.clock().lastFrameTime();
                }
            });
            client.activate();
            assertTrue(within(60_000, () -> count[0] == seen.length), () -> "cycles seen: " + count[0]);
            long resynchronised = 0;
            for (int i = 1; i < seen.length; i++) {
                long step = seen[i] - seen[i - 1];
                assertTrue(step >= nframes && step % nframes == 0, "cycle " + i + " moved the frame time by " + step);
                resynchronised += step > nframes ? 1 : 0;
            }
            long xruns = server.metrics().xruns();
            assertTrue(resynchronised <= xruns, resynchronised + " cycles skipped periods, more than the " + xruns
                    + " xruns after which the engine skips");
            long micros = client.clock().framesToTime(seen[seen.length - 1]);
            assertEquals(seen[seen.length - 1], client.clock().timeToFrames(micros), 1.0, "frames -> us -> frames");
        }
    }
}
