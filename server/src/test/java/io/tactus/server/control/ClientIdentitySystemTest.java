package io.tactus.server.control;

import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import io.tactus.rt.ThreadTasks;
import io.tactus.server.TactusServer;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static io.tactus.server.control.ControlTestSupport.PYTHON;
import static io.tactus.server.control.ControlTestSupport.helloFromAnotherProcess;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What issue 17's hostile client did: Hello naming the server's own engine thread, a port, activation, then
 * silence until the watchdog evicts it. From another process that Hello is refused (the tid is not one of the
 * peer's threads, by the kernel's pid); from the server's own process it is admitted, and the eviction still
 * leaves the engine at its realtime priority, as {@code status} reads it back from the kernel.
 */
class ClientIdentitySystemTest {

    @TempDir
    Path temp;

    @Test
    void shouldRefuseAHelloNamingAThreadThatIsNotThePeersOwn() throws Exception {
        RecordingDriver driver = new RecordingDriver(2, 0.25f);
        TactusServer server = ControlTestSupport.startServer(driver);
        ControlServer control = ControlTestSupport.startControl(server, temp.resolve("rt"), ControlServer.Timing.SYNC);
        try {
            try (FakeClient client = FakeClient.connect(control.socketPath())) {
                client.send(new Request.Hello("borrower", ProcessHandle.current().pid(), 1, "normal"));
                assertEquals(new ControlFrame(1, new Reply.Error("client 'borrower' refused: thread 1 is not a thread of its"
                        + " process " + ProcessHandle.current().pid() + "; Hello must name the client's own process thread")),
                        client.expectErrorAndClose(), "init's thread is not this process's");
            }
            assumeTrue(Files.isExecutable(PYTHON), "needs " + PYTHON + " to be a client in another process");
            int engineTid = server.scheduling().tid();
            assertTrue(engineTid > 0, "the engine's tid is known");
            String answer = helloFromAnotherProcess(control.socketPath(),
                    new Request.Hello("hostile", ProcessHandle.current().pid(), engineTid, "normal"));
            Reply.Error error = assertInstanceOf(Reply.Error.class,
                    new ControlDecoder().decode(ByteBuffer.wrap(HexFormat.of().parseHex(answer))).message());
            assertTrue(error.message().startsWith("client 'hostile' refused: thread " + engineTid
                    + " is not a thread of its process "), error.message());
            assertTrue(!error.message().contains("process " + ProcessHandle.current().pid() + ";"),
                    "the pid is the kernel's, not the one Hello claimed: " + error.message());
            assertNull(server.graph().clientOrNull("hostile"), "no client was made for it");
        } finally {
            ControlTestSupport.stop(control, server);
        }
    }

    @Test
    void shouldLeaveTheEngineRealtimeWhenAClientNamingItsThreadIsEvicted() throws Exception {
        assumeTrue(ControlTestSupport.isRoot(), "needs root for a realtime engine");
        RecordingDriver driver = new RecordingDriver(2, 0.25f);
        TactusServer server = ControlTestSupport.startServer(driver, WatchdogSettings.defaults(PolicyKind.EVICT));
        ControlServer control = ControlTestSupport.startControl(server, temp.resolve("rt"), ControlServer.Timing.SYNC);
        try {
            SchedulingOutcome engine = server.scheduling();
            assumeTrue(engine.granted() && engine.actualPolicy() == SchedulingPolicy.FIFO, "the engine got SCHED_FIFO: "
                    + engine.describe());
            try (FakeClient client = FakeClient.connect(control.socketPath())) {
                Reply hello = client.request(new Request.Hello("hostile", 1, engine.tid(), "normal"));
                Reply.Welcome welcome = assertInstanceOf(Reply.Welcome.class, hello,
                        "a thread of the peer's own process (the server's) is admitted");
                assertEquals(engine.tid(), control.client("hostile").orElseThrow().processThreadTid());
                assertEquals(ProcessHandle.current().pid(), control.client("hostile").orElseThrow().pid(),
                        "the pid is the kernel's, not Hello's 1");
                int out = client.register(new Request.RegisterPort("out", false));
                client.ok(new Request.Connect("hostile:out", "system:playback_1"));
                try (FakeProcess silent = new FakeProcess(welcome.graphPath(), welcome.record(), -1, out, false)) {
                    client.ok(new Request.Activate());
                    assertTrue(client.awaitEnd(30_000), "the silent client is evicted");
                    assertTrue(client.notifications.stream().anyMatch(n -> n instanceof Notification.Shutdown),
                            "told why: " + client.notifications);
                }
            }
            assertTrue(within(2_000, () -> server.graph().clientOrNull("hostile") == null), "evicted from the graph");
            SchedulingOutcome now = ThreadTasks.readBack(server.scheduling());
            assertEquals(SchedulingPolicy.FIFO, now.actualPolicy(), "the engine is still realtime: " + now.describe());
            assertEquals(engine.actualPriority(), now.actualPriority(), "at its priority");
            assertEquals(engine.describe(), status(control).scheduling());
            assertEquals(engine.describe(), top(control).scheduling());

            // Negative control: the same read-back sees a demoted thread, the engine's included.
            assertEquals(SchedulingPolicy.OTHER, demotedScratchThread().actualPolicy());
            assertEquals(0, RealtimeScheduler.system().demoteThread(engine.tid(), "tactus-engine"));
            assertTrue(status(control).scheduling().startsWith("SCHED_OTHER"),
                    "status reads the engine's policy back from the kernel: " + status(control).scheduling());
            assertTrue(top(control).scheduling().startsWith("SCHED_OTHER"),
                    "so does top: " + top(control).scheduling());
        } finally {
            ControlTestSupport.stop(control, server);
        }
    }

    private static Reply.StatusReport status(ControlServer control) throws Exception {
        try (FakeClient probe = FakeClient.connect(control.socketPath())) {
            probe.hello("probe-" + System.nanoTime());
            Reply.StatusReport status = assertInstanceOf(Reply.StatusReport.class, probe.request(new Request.Status()));
            probe.ok(new Request.Goodbye());
            return status;
        }
    }

    private static Reply.TopReport top(ControlServer control) throws Exception {
        try (FakeClient probe = FakeClient.connect(control.socketPath())) {
            probe.hello("probe-" + System.nanoTime());
            Reply.TopReport top = assertInstanceOf(Reply.TopReport.class, probe.request(new Request.Top()));
            probe.ok(new Request.Goodbye());
            return top;
        }
    }

    /** A thread made SCHED_FIFO 10, demoted by tid from outside, and read back from the kernel. */
    private static SchedulingOutcome demotedScratchThread() throws Exception {
        CompletableFuture<SchedulingOutcome> granted = new CompletableFuture<>();
        CountDownLatch done = new CountDownLatch(1);
        Thread scratch = new Thread(() -> {
            granted.complete(RealtimeScheduler.system().applyToCurrentThread(SchedulingSettings.fifo(10)));
            try {
                done.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }, "scratch-fifo");
        scratch.start();
        try {
            SchedulingOutcome outcome = granted.get(5, TimeUnit.SECONDS);
            assertEquals(SchedulingPolicy.FIFO, ThreadTasks.readBack(outcome).actualPolicy(), "granted first");
            assertEquals(0, RealtimeScheduler.system().demoteThread(outcome.tid(), "scratch-fifo"));
            return ThreadTasks.readBack(outcome);
        } finally {
            done.countDown();
            scratch.join(5_000);
        }
    }
}
