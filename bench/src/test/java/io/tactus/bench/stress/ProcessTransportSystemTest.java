package io.tactus.bench.stress;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.client.ProcessTransport;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The transport with clients in their own process (over the control socket and the shared graph, the real
 * transport, in this JVM): a process client as timebase master supplies the BBT every client sees, the same
 * in every cycle for two process clients and an in-process one, and for the frame of that cycle (the master
 * computes it in the cycle before); a process client's sync callback holds STARTING until it is ready or the
 * timeout passes; a master that leaves is forgotten; neither the engine thread nor the process thread allocates.
 */
class ProcessTransportSystemTest {

    private static final int NFRAMES = 64;
    private static final int SLOTS = 16_384;
    private static final double MASTER_BPM = 120;

    /** A call whose reads spanned a rewrite of its bank. */
    static final long SPANNED = -1;

    /** Writes, each call, the cycle (its frame time / nframes) and what its client sees of the transport. */
    static final class Witness {
        final TactusClient client;
        final long[] cycle = new long[SLOTS];
        final long[] frame = new long[SLOTS];
        final int[] state = new int[SLOTS];
        final long[] bbt = new long[SLOTS];
        final long[] allocatedAt = new long[SLOTS];
        volatile int calls;
        private final TransportPosition position = new TransportPosition();

        Witness(TactusClient client) {
            this.client = client;
            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            client.setProcessCallback(n -> {
                int i = calls;
                if (i == SLOTS) {
                    return;
                }
                long stamp = client.clock().lastFrameTime();
                TransportState s = client.transport().query(position);
                // A client more than a cycle late (the engine gave up on it) finds its bank rewritten two stamps on:
                // what it read is then not one cycle's, and is left out, counted.
                cycle[i] = client.clock().lastFrameTime() == stamp ? stamp / n : SPANNED;
                frame[i] = position.frame();
                state[i] = s.ordinal();
                bbt[i] = position.bbtValid() ? code(position) : -1;
                allocatedAt[i] = threads.getCurrentThreadAllocatedBytes();
                calls = i + 1;
            });
            client.activate();
        }
    }

    static long code(TransportPosition p) {
        return p.bar() * 1_000_000_000L + p.beat() * 10_000L + p.tick();
    }

    /** The BBT the master computes from a frame, to compare with what every client saw in that frame's cycle. */
    static long expectedBbt(long frame) {
        return code(new TransportPosition().setFrame(frame, 48_000, 0).setBbtFromFrame(MASTER_BPM, 4, 4, 1920));
    }

    private static TactusClient processClient(String server, String name) {
        return ProcessTransport.system().connect(name, ClientOptions.defaults().withServer(server));
    }

    private static String serverName(String what) {
        return "transport-" + what + "-" + ProcessHandle.current().pid();
    }

    @ParameterizedTest
    @EnumSource(value = ControlServer.Timing.class, names = {"SYNC", "ASYNC"})
    void shouldShowTwoProcessClientsAndAnInProcessOneTheSameStateFrameAndMasterBbtEveryCycle(ControlServer.Timing timing)
            throws Exception {
        String name = serverName(timing.name().toLowerCase(java.util.Locale.ROOT));
        try (TactusServer server = TactusServer.start(MidiProcessChainSystemTest.settings(name, timing));
             ControlServer control = ControlServer.start(server, timing);
             TactusClient masterClient = processClient(name, "a");
             TactusClient plainClient = processClient(name, "b");
             TactusClient inProcess = server.openClient("c")) {
            masterClient.transport().setTimebaseCallback(true,
                    (state, nframes, position, fresh) -> position.setBbtFromFrame(MASTER_BPM, 4, 4, 1920));
            masterClient.transport().setSyncCallback((state, position) -> true); // a slow-sync client, always ready
            Witness a = new Witness(masterClient);
            Witness b = new Witness(plainClient);
            Witness c = new Witness(inProcess);
            assertTrue(within(5_000, () -> c.calls > 100), "the clients run");
            plainClient.transport().start();
            sleep(1_500);
            plainClient.transport().locate(480_000);
            sleep(1_500);
            server.restartMetrics();
            sleep(1_000);
            MetricsSnapshot rolling = server.stopMetrics(5, TimeUnit.SECONDS);
            masterClient.transport().stop();
            sleep(300);
            masterClient.deactivate();
            plainClient.deactivate();
            inProcess.deactivate();

            int compared = compare(a, c, timing) + compare(b, c, timing);
            int spanned = spanned(a) + spanned(b);
            int rollingCycles = 0;
            int withBbt = 0;
            for (Witness w : new Witness[] {a, b, c}) {
                for (int i = 0; i < w.calls; i++) {
                    if (w.bbt[i] != -1) {
                        assertEquals(expectedBbt(w.frame[i]), w.bbt[i], timing + ": the master's BBT is for the frame "
                                + w.frame[i] + " of the cycle it is published in (" + w.client.name() + ")");
                    }
                    if (w.state[i] == TransportState.ROLLING.ordinal()) {
                        rollingCycles++;
                        withBbt += w.bbt[i] != -1 ? 1 : 0;
                    }
                }
            }
            System.out.printf("%s: %d cycles compared, %d rolling, %d with the master's BBT, %d calls more than a cycle "
                    + "late, %d timeouts in the measured second%n", timing, compared, rollingCycles, withBbt, spanned,
                    rolling.timeouts());
            assertTrue(compared > 2_000, "cycles compared: " + compared);
            assertTrue(spanned <= compared / 100, "calls more than a cycle late: " + spanned);
            assertTrue(withBbt > rollingCycles * 9 / 10, "rolling cycles with the master's BBT: " + withBbt + " of "
                    + rollingCycles + " (one after each start or locate, and late ones, have none)");
            assertTrue(rolling.cycles() > 300, "cycles in the measured second: " + rolling.cycles());
            assertEquals(0, rolling.rtAllocatedBytes(), "bytes the engine thread allocated relaying sync and BBT");
            assertEquals(0, leastAllocatedWindow(a), "bytes the master's process thread allocated per window");
        }
    }

    /** Every cycle both witnesses saw: the same state, frame and BBT. Returns how many. */
    private static int compare(Witness x, Witness y, ControlServer.Timing timing) {
        int compared = 0;
        int j = 0;
        for (int i = 0; i < x.calls; i++) {
            if (x.cycle[i] == SPANNED) {
                continue;
            }
            while (j < y.calls && y.cycle[j] < x.cycle[i]) {
                j++;
            }
            if (j == y.calls || y.cycle[j] != x.cycle[i]) {
                continue;
            }
            compared++;
            String where = timing + ", cycle " + x.cycle[i] + ", " + x.client.name() + " and " + y.client.name();
            assertEquals(x.state[i], y.state[j], "state in " + where);
            assertEquals(x.frame[i], y.frame[j], "frame in " + where);
            assertEquals(x.bbt[i], y.bbt[j], "BBT in " + where);
        }
        return compared;
    }

    private static int spanned(Witness w) {
        int count = 0;
        for (int i = 0; i < w.calls; i++) {
            count += w.cycle[i] == SPANNED ? 1 : 0;
        }
        return count;
    }

    /** The least a thread allocated over three windows of its last 3000 calls (a JIT one-off lands in one). */
    private static long leastAllocatedWindow(Witness w) {
        int window = 1_000;
        long least = Long.MAX_VALUE;
        for (int k = 1; k <= 3; k++) {
            int end = w.calls - 1 - (k - 1) * window;
            least = Math.min(least, w.allocatedAt[end] - w.allocatedAt[end - window]);
        }
        return least;
    }

    @Test
    void shouldHoldStartingWhileAProcessClientIsNotReadyThenRollOrTimeOut() throws Exception {
        String name = serverName("sync");
        try (TactusServer server = TactusServer.start(MidiProcessChainSystemTest.settings(name, ControlServer.Timing.SYNC));
             ControlServer control = ControlServer.start(server, ControlServer.Timing.SYNC);
             TactusClient slow = processClient(name, "slow")) {
            AtomicBoolean ready = new AtomicBoolean();
            slow.setProcessCallback(n -> { });
            slow.transport().setSyncCallback((state, position) -> ready.get());
            slow.activate();
            TransportPosition p = new TransportPosition();
            slow.transport().start();
            assertTrue(within(5_000, () -> server.transport().query(p) == TransportState.STARTING), "STARTING");
            sleep(500);
            assertEquals(TransportState.STARTING, server.transport().query(p), "held while the process client is not ready");
            assertEquals(TransportState.STARTING, slow.transport().query(p), "as the client reads it in the segment");
            assertEquals(0, p.frame());
            ready.set(true);
            assertTrue(within(5_000, () -> server.transport().query(p) == TransportState.ROLLING), "rolls once ready");

            ready.set(false);
            slow.transport().setSyncTimeout(300_000);
            long before = System.nanoTime();
            slow.transport().locate(0); // a locate while rolling waits for the slow client again
            assertTrue(within(5_000, () -> server.transport().query(p) == TransportState.STARTING), "STARTING again");
            assertTrue(within(10_000, () -> server.transport().query(p) == TransportState.ROLLING), "rolls at the timeout");
            long waited = (System.nanoTime() - before) / 1_000_000;
            assertTrue(waited >= 290, "held STARTING for the 300 ms timeout: " + waited + " ms");
            assertEquals("a sync timeout of -1 us is negative; give 0 or more",
                    assertThrows(TactusException.class, () -> slow.transport().setSyncTimeout(-1)).getMessage());

            // No longer slow-sync: a start rolls at once (within a cycle or two), whatever the callback would say.
            slow.transport().setSyncTimeout(60_000_000);
            slow.transport().setSyncCallback(null);
            slow.transport().stop();
            assertTrue(within(5_000, () -> server.transport().query(p) == TransportState.STOPPED), "stopped");
            slow.transport().start();
            assertTrue(within(5_000, () -> server.transport().query(p) == TransportState.ROLLING),
                    "rolls without the client that was slow");
        }
    }

    @Test
    void shouldRefuseAConditionalSecondMasterLetAnUnconditionalOneTakeOverAndForgetAMasterThatLeaves() throws Exception {
        String name = serverName("master");
        try (TactusServer server = TactusServer.start(MidiProcessChainSystemTest.settings(name, ControlServer.Timing.SYNC));
             ControlServer control = ControlServer.start(server, ControlServer.Timing.SYNC);
             TactusClient second = processClient(name, "second")) {
            TactusClient first = processClient(name, "first");
            try {
                first.setProcessCallback(n -> { });
                first.transport().setTimebaseCallback(true, (s, n, p, fresh) -> p.setBbtFromFrame(60, 4, 4, 1920));
                first.activate();
                second.setProcessCallback(n -> { });
                second.activate();
                second.transport().locate(48_000 * 5); // 5 s: at 60 bpm bar 2 beat 2, at 240 bpm bar 6 beat 1
                TransportPosition p = new TransportPosition();
                assertTrue(within(5_000, () -> server.transport().query(p) == TransportState.STOPPED
                        && p.frame() == 48_000 * 5 && p.bbtValid() && p.bar() == 2), () -> "the first master's BBT: " + p);
                assertEquals(2, p.beat());
                assertEquals("client 'first' is the timebase master already; ask unconditionally to take over",
                        assertThrows(TactusException.class, () -> second.transport()
                                .setTimebaseCallback(true, (s, n, q, f) -> q.setBbtFromFrame(240, 4, 4, 1920))).getMessage());
                assertEquals("client 'second' is not the timebase master, so it has nothing to release",
                        assertThrows(TactusException.class, () -> second.transport().releaseTimebase()).getMessage());
                second.transport().setTimebaseCallback(false, (s, n, q, f) -> q.setBbtFromFrame(240, 4, 4, 1920));
                assertTrue(within(5_000, () -> server.transport().query(p) != null && p.bbtValid() && p.bar() == 6),
                        () -> "the second master's BBT: " + p);
                assertEquals(1, p.beat());
            } finally {
                first.close();
            }
            second.transport().releaseTimebase();
            TransportPosition p = new TransportPosition();
            assertTrue(within(5_000, () -> server.transport().query(p) != null && !p.bbtValid()),
                    () -> "no BBT once the master released: " + p);
            second.transport().setTimebaseCallback(true, (s, n, q, f) -> q.setBbtFromFrame(240, 4, 4, 1920));
            assertTrue(within(5_000, () -> server.transport().query(p) != null && p.bbtValid()), "a master again");
            second.close();
            assertTrue(within(5_000, () -> server.transport().query(p) != null && !p.bbtValid()),
                    () -> "a master that leaves is forgotten: " + p);
            assertEquals(null, server.controller().graph().timebaseMaster());
        }
    }
}
