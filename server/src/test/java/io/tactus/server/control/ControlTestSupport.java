package io.tactus.server.control;

import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.Driver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;

import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.ipc.RuntimeDirectory;
import io.tactus.server.telemetry.MetricsSnapshot;

import io.tactus.ipc.ControlCodec;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers for control-socket tests (unique names, no watchdog: timeouts must not evict; realtime when root),
 * and the scenarios that hold however the engine times its out-of-process clients.
 */
final class ControlTestSupport {

    /** A peer in another process that is not a JVM. */
    static final Path PYTHON = Path.of("/usr/bin/python3");

    private static final AtomicInteger NEXT = new AtomicInteger();

    private ControlTestSupport() {
    }

    static boolean isRoot() {
        return "root".equals(System.getProperty("user.name"));
    }

    static String uniqueName() {
        return "ctl-" + ProcessHandle.current().pid() + "-" + NEXT.incrementAndGet();
    }

    static TactusServer startServer(Driver driver) {
        return startServer(driver, WatchdogSettings.defaults(PolicyKind.NONE));
    }

    static TactusServer startServer(Driver driver, WatchdogSettings watchdog) {
        ServerSettings settings = ServerSettings.defaults()
                .withName(uniqueName())
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300))
                .withDriver(driver)
                .withScheduling(isRoot() ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(watchdog);
        return TactusServer.start(settings);
    }

    /**
     * A control socket on {@code server} in {@code directory} (null: the user's runtime directory, where
     * {@code ProcessTransport.system()} looks; null timing: sync); the server is closed when the socket cannot open.
     */
    static ControlServer startControl(TactusServer server, Path directory, ControlServer.Timing timing) {
        try {
            return ControlServer.start(server, directory == null ? RuntimeDirectory.ofCurrentUser() : RuntimeDirectory.of(directory),
                    timing == null ? ControlServer.Timing.SYNC : timing);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** Closes the control socket (if open), then the server, whatever the first close throws. */
    static void stop(ControlServer control, TactusServer server) {
        try {
            if (control != null) {
                control.close();
            }
        } finally {
            if (server != null) {
                server.close();
            }
        }
    }

    /**
     * Registers the relay's ports "in" and "out" and wires system:capture_1 through it to system:playback_1 (a
     * {@link FakeProcess} on those slots, doubling, then relays the capture). Returns the process.
     */
    static FakeProcess registerRelay(FakeClient client, Reply.Welcome welcome) throws IOException {
        int in = client.register(new Request.RegisterPort("in", true));
        int out = client.register(new Request.RegisterPort("out", false));
        client.ok(new Request.Connect("system:capture_1", "relay:in"));
        client.ok(new Request.Connect("relay:out", "system:playback_1"));
        return new FakeProcess(welcome.graphPath(), welcome.record(), in, out, true);
    }

    /** The relay runs cycles and the capture (0.25), doubled by it, reaches playback. */
    static void awaitRelayed(FakeProcess process, RecordingDriver driver) {
        assertTrue(within(2_000, () -> process.cyclesDone.get() >= 100), "cycles run: " + process.cyclesDone);
        assertTrue(within(1_000, () -> driver.lastPlayback(0) == 0.5f),
                "capture 0.25 doubled by the client reaches playback: " + driver.lastPlayback(0));
    }

    /**
     * A client that never answers: silenced and counted nearly every cycle without an xrun of the graph, not
     * triggered again while busy, and heard again once it answers. Returns the metrics of the silent window.
     */
    static MetricsSnapshot neverAnswering(TactusServer server, ControlServer control, RecordingDriver driver)
            throws Exception {
        MetricsSnapshot window;
        try (FakeClient client = FakeClient.connect(control.socketPath())) {
            Reply.Welcome welcome = client.hello("sleepy");
            int out = client.register(new Request.RegisterPort("out", false));
            client.ok(new Request.Connect("sleepy:out", "system:playback_2"));
            try (FakeProcess process = new FakeProcess(welcome.graphPath(), welcome.record(), -1, out, false)) {
                client.ok(new Request.Activate());
                RemoteClient remote = control.client("sleepy").orElseThrow();
                server.restartMetrics();
                sleep(300);
                window = server.stopMetrics(2, TimeUnit.SECONDS);
                assertTrue(window.cycles() >= 150, "the engine keeps cycling: " + window.cycles());
                assertTrue(window.timeouts() >= window.cycles() * 9 / 10, "a timeout nearly every cycle: "
                        + window.timeouts() + " of " + window.cycles());
                // Generous against a noisy host: the engine stops waiting in time, or does not wait at all.
                assertTrue(window.xruns() <= window.cycles() / 20, "timeouts are not xruns: " + window.xruns()
                        + " xruns in " + window.cycles() + " cycles");
                assertTrue(remote.timeouts() >= window.timeouts(), "the client's own count: " + remote.timeouts());
                assertEquals(1, process.triggersSeen.get(), "a busy client is not triggered again");
                assertEquals(0f, driver.lastPlayback(1), "a late client's output is silence");
                Reply.StatusReport status = (Reply.StatusReport) client.request(new Request.Status());
                assertTrue(status.timeouts() >= window.timeouts(), "./tactus status counts them: " + status);

                process.answering = true; // it finishes the pending cycle and runs from then on
                assertTrue(within(2_000, () -> process.cyclesDone.get() >= 50), "resumed: " + process.cyclesDone);
                assertTrue(within(1_000, () -> driver.lastPlayback(1) == 0.5f), "its output is heard again");
                client.ok(new Request.Deactivate());
            }
            client.ok(new Request.Goodbye());
        }
        server.restartMetrics();
        return window;
    }

    /**
     * Sends {@code hello} over {@code socket} from a Python process, started behind {@code prefix} (e.g. setpriv,
     * to be another user), and returns, in hex, all the server answered before it closed the connection.
     */
    static String helloFromAnotherProcess(Path socket, Request.Hello hello, String... prefix) throws Exception {
        ByteBuffer frame = ControlCodec.encode(1, hello);
        byte[] bytes = new byte[frame.remaining()];
        frame.get(bytes);
        String script = String.join("\n",
                "import socket, sys, binascii",
                "s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)",
                "s.connect(sys.argv[1])",
                "s.sendall(binascii.unhexlify(sys.argv[2]))",
                "data = b''",
                "while True:",
                "    chunk = s.recv(65536)",
                "    if not chunk: break",
                "    data += chunk",
                "print(binascii.hexlify(data).decode())");
        List<String> command = new ArrayList<>(List.of(prefix));
        command.addAll(List.of(PYTHON.toString(), "-I", "-c", script, socket.toString(),
                HexFormat.of().formatHex(bytes)));
        Process peer = new ProcessBuilder(command).directory(Path.of("/tmp").toFile()).redirectErrorStream(true)
                .start();
        try {
            assertTrue(peer.waitFor(10, TimeUnit.SECONDS), "the server closed the connection");
            String output = new String(peer.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(0, peer.exitValue(), output);
            return output;
        } finally {
            peer.destroyForcibly();
        }
    }

    static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
