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

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Servers for control-socket tests (unique names, no watchdog: timeouts must not evict; realtime when root),
 * and the scenarios that hold however the engine times its out-of-process clients.
 */
final class ControlTestSupport {

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

    /** A control socket on {@code server} in {@code directory}; the server is closed when the socket cannot open. */
    static ControlServer startControl(TactusServer server, Path directory, ControlServer.Timing timing) {
        try {
            return ControlServer.start(server, RuntimeDirectory.of(directory), timing);
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
     * A client that never answers: silenced and counted nearly every cycle without an xrun of the graph, not
     * triggered again while busy, and heard again once it answers. Returns the metrics of the silent window.
     */
    static MetricsSnapshot neverAnswering(TactusServer server, ControlServer control, RecordingDriver driver)
            throws Exception {
        MetricsSnapshot window;
        try (FakeClient client = FakeClient.connect(control.socketPath())) {
            Reply.Welcome welcome = client.hello("sleepy");
            client.ok(new Request.RegisterPort("out", false));
            client.ok(new Request.Connect("sleepy:out", "system:playback_2"));
            try (FakeProcess process = new FakeProcess(welcome.shmPath(), -1, 0, false)) {
                client.ok(new Request.Activate());
                RemoteClient remote = control.client("sleepy").orElseThrow();
                server.restartMetrics();
                io.tactus.testing.Poll.sleep(300);
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

    static String mode(Path file) throws IOException {
        return PosixFilePermissions.toString(Files.getPosixFilePermissions(file));
    }
}
