package io.tactus.bench.libjack;

import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The callbacks of protocol 6 through Tactus's libjack.so.0, told to the project's C client
 * {@code tactus_callbacks_client} by a real server: other clients' registrations, ports and connections in JACK's
 * order; a slow-sync client holding the transport in STARTING until it answers ready; the buffer-size callback
 * before the first process call at the new size; freewheel; latency ranges and their callbacks; rename, aliases,
 * properties and statistics. The client prints a line per thing that happened; the test drives it on stdin.
 */
class LibjackCallbacksSystemTest {

    private static final String NAME = "libjack-cb-" + ProcessHandle.current().pid();
    private static final int RATE = 48_000;

    @Test
    void shouldTellOtherClientsPortsAndConnectionsInJacksOrder() throws Exception {
        String name = NAME + "-graph";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started cb = start(clients);
            TactusClient other = server.openClient("other");
            other.registerPort("o", PortType.AUDIO, PortFlag.OUTPUT);
            other.setProcessCallback(nframes -> { });
            other.activate();
            other.connect("other:o", "cb:in");
            assertTrue(cb.awaitLine("connect other:o cb:in 1", 30).isPresent(), cb.output());
            other.close();
            assertTrue(cb.awaitLine("client other 0", 30).isPresent(), cb.output());
            System.out.println("libjack graph callbacks:\n" + cb.output());
            // By the time the callback looks the broken connection's source up, the port is gone: "?".
            assertInOrder(cb, "port cb:out 1", "client other 1", "port other:o 1", "connect other:o cb:in 1",
                    "connect ? cb:in 0", "port (gone) 0", "client other 0");
            assertEquals(1, cb.lines().stream().filter("client other 1"::equals).count(), "told once");

            send(cb, "register extra");
            send(cb, "rename extra renamed");
            assertTrue(cb.awaitLine("rename-result ", 30).isPresent(), cb.output());
            assertTrue(cb.awaitLine("renamed cb:extra cb:renamed", 30).isPresent(), cb.output());
            assertEquals("rename-result 0 cb:renamed", cb.awaitLine("rename-result", 1).orElseThrow());
            assertEquals("cb:renamed", server.graph().port("cb:renamed").name(), "the server has the new name");

            send(cb, "alias out first-alias");
            assertEquals("aliases 0 1 first-alias -", cb.awaitLine("aliases ", 30).orElseThrow(), cb.output());

            send(cb, "property color red");
            assertEquals("property 0 0 color red count 1", cb.awaitLine("property ", 30).orElseThrow(), cb.output());
            assertTrue(cb.awaitLine("prop-changed color 0", 30).isPresent(), cb.output());

            send(cb, "stats");
            String stats = cb.awaitLine("stats ", 30).orElseThrow();
            double load = Double.parseDouble(stats.split(" ")[1]);
            assertTrue(load > 0 && load < 100, "a DSP load in percent: " + stats);
            assertTrue(cb.awaitLine("stats-reset ", 30).isPresent(), cb.output());
            quit(cb);
        }
    }

    @Test
    void shouldHoldTheTransportInStartingUntilTheSyncClientIsReady() throws Exception {
        String name = NAME + "-sync";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             TactusClient driver = server.openClient("driver");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            AtomicLong cycles = new AtomicLong();
            driver.setProcessCallback(nframes -> cycles.incrementAndGet());
            driver.activate();
            NativeClients.Started cb = start(clients);
            driver.transport().setSyncTimeout(600_000_000L);
            driver.transport().start();
            assertTrue(cb.awaitLine("sync starting 0 0", 30).isPresent(), "asked while STARTING: " + cb.output());
            long seen = cycles.get();
            assertTrue(Poll.within(30_000, () -> cycles.get() >= seen + 500), "500 more cycles ran");
            TransportPosition position = new TransportPosition();
            assertEquals(TransportState.STARTING, driver.transport().query(position), "held by the sync client");

            send(cb, "release");
            assertTrue(Poll.within(30_000, () -> driver.transport().query(position) == TransportState.ROLLING),
                    "rolls once the client is ready");
            assertTrue(cb.awaitLine("sync starting 0 1", 5).isPresent(), cb.output());
            quit(cb);
        }
    }

    @Test
    void shouldCallTheBufferSizeCallbackBeforeTheFirstProcessCallAtTheNewSize() throws Exception {
        String name = NAME + "-bufsize";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started cb = start(clients);
            assertTrue(cb.awaitLine("process-at 64 ", 30).isPresent(), cb.output());
            send(cb, "bufsize 128");
            assertEquals("bufsize-result 0", cb.awaitLine("bufsize-result", 30).orElseThrow(), cb.output());
            assertTrue(cb.awaitLine("process-at 128 ", 30).isPresent(), cb.output());
            assertInOrder(cb, "bufsize-cb 128 get 128", "process-at 128 after-callback yes");

            send(cb, "freewheel 1");
            assertTrue(cb.awaitLine("freewheel-cb 1", 30).isPresent(), cb.output());
            send(cb, "freewheel 0");
            assertTrue(cb.awaitLine("freewheel-cb 0", 30).isPresent(), cb.output());
            assertInOrder(cb, "freewheel-cb 1", "freewheel-cb 0");
            System.out.println("libjack switches:\n" + cb.output());
            quit(cb);
        }
    }

    @Test
    void shouldSetAndReadLatencyRangesAndCallTheLatencyCallback() throws Exception {
        String name = NAME + "-latency";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started cb = start(clients);
            send(cb, "latency out capture 100 200");
            assertTrue(cb.awaitLine("latency-set out", 30).isPresent(), cb.output());
            send(cb, "getlatency cb:out");
            assertEquals("range cb:out capture 100 200 playback 0 0", cb.awaitLine("range cb:out", 30).orElseThrow());
            assertInOrder(cb, "latency capture", "latency playback");

            TactusClient wiring = server.openClient("wiring");
            wiring.connect("system:capture_1", "cb:in");
            Poll.within(30_000, () -> cb.lines().stream().filter(l -> l.equals("latency capture")).count() >= 2);
            send(cb, "getlatency cb:in");
            // The dummy driver's capture latency is one period.
            assertEquals("range cb:in capture 64 64 playback 0 0", cb.awaitLine("range cb:in", 30).orElseThrow());
            wiring.close();
            quit(cb);
        }
    }

    private static NativeClients.Started start(NativeClients clients) throws Exception {
        NativeClients.Started cb = clients.start(clients.program("tactus_callbacks_client").toString(), "--name", "cb");
        assertTrue(cb.awaitLine("ready cb", 30).isPresent(), "the client joined: " + cb.output());
        assertTrue(cb.lines().contains("rate-cb " + RATE), "the sample-rate callback once, when set: " + cb.output());
        return cb;
    }

    private static void send(NativeClients.Started client, String command) throws IOException {
        OutputStream in = client.process().getOutputStream();
        in.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private static void quit(NativeClients.Started client) throws Exception {
        send(client, "quit");
        assertTrue(client.awaitLine("closed", 30).isPresent(), client.output());
    }

    /** Each line is there, and after the one before it. */
    private static void assertInOrder(NativeClients.Started client, String... expected) {
        int from = 0;
        for (String line : expected) {
            int at = client.lines().subList(from, client.lines().size()).indexOf(line);
            assertTrue(at >= 0, "'" + line + "' after line " + from + " of:\n" + client.output());
            from += at + 1;
        }
    }

    private static ServerSettings settings(String name) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(RATE, 64).withWarmupCycles(300).withSpinNanos(1_000_000))
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE));
    }
}
