package io.tactus.server.control;

import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.MessageType;
import io.tactus.ipc.ProtocolLimits;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.server.graph.ClientNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static io.tactus.server.control.ControlTestSupport.mode;
import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A real server with its control socket, driven by a hand-written client: the handshake, the cycles through
 * the graph segment, timeouts, and every kind of garbage a peer can send. One server for the
 * class (its start-up warms the JIT for seconds); every test uses clients of its own names.
 */
class ControlServerSystemTest {

    @RegisterExtension
    static final ServedControl served = new ServedControl(ControlServer.Timing.SYNC);

    @Test
    void shouldRunARemoteClientsCyclesAndCarryItsOutputToPlayback() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            Reply.Welcome welcome = client.hello("relay");
            ClientNode node = served.server().graph().client("relay");
            assertEquals(node.id(), welcome.clientId());
            assertEquals(48_000, welcome.sampleRate());
            assertEquals(64, welcome.bufferSize());
            assertEquals("/dev/shm/tactus-" + served.server().name() + "-graph", welcome.graphPath());
            assertEquals(node.record(), welcome.record());
            assertTrue(welcome.record() > 0, "a client's record, not the engine's");
            assertEquals(ProcessHandle.current().pid(), welcome.serverPid());
            SchedulingPolicy engine = served.server().scheduling().actualPolicy();
            assertEquals(engine.hasRealtimePriority() ? served.server().scheduling().actualPriority() - 5 : 0,
                    welcome.processPriority());
            Path segment = Path.of(welcome.graphPath());
            assertEquals("rw-------", mode(segment), "the graph segment is private");
            assertEquals("rw-------", mode(served.control().socketPath()), "the socket is private");
            assertEquals("rwx------", mode(served.control().directory().path()), "the runtime directory is private");
            assertEquals(FakeClient.TID, served.control().client("relay").orElseThrow().processThreadTid(),
                    "the tid is kept");

            try (FakeProcess process = ControlTestSupport.registerRelay(client, welcome)) {
                client.ok(new Request.Activate());
                ControlTestSupport.awaitRelayed(process, served.driver());

                Reply.PortList list = assertInstanceOf(Reply.PortList.class, client.request(new Request.ListPorts(true)));
                assertTrue(list.ports().contains(new Reply.PortInfo("relay:in", true, List.of("system:capture_1"))), list.toString());
                Reply.StatusReport status = assertInstanceOf(Reply.StatusReport.class, client.request(new Request.Status()));
                assertEquals(48_000, status.sampleRate());
                assertTrue(status.clients() >= 1 && status.cycles() > 0, status.toString());
                assertEquals("sync", status.clientTiming());
                assertEquals(new Reply.Error("client 'relay' has no port named 'nope'"),
                        client.request(new Request.Connect("relay:nope", "system:playback_1")));

                client.ok(new Request.Deactivate());
                long after = process.cyclesDone.get();
                sleep(50);
                assertEquals(after, process.cyclesDone.get(), "a deactivated client is not triggered");
            }
            client.ok(new Request.Goodbye());
            assertTrue(client.awaitEnd());
            assertEquals(null, served.server().graph().clientOrNull("relay"));
            assertTrue(Files.exists(segment), "the graph segment stays while the server runs");
        }
    }

    @Test
    void shouldSilenceAndCountAClientThatNeverAnswersWithoutXrunsAndResumeWhenItDoes() throws Exception {
        ControlTestSupport.neverAnswering(served.server(), served.control(), served.driver());
    }

    @Test
    void shouldRemoveAClientWhoseConnectionEndsAndFreeItsRecordWithinASecond() throws Exception {
        int record;
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            Reply.Welcome welcome = client.hello("vanishing");
            record = welcome.record();
            client.ok(new Request.RegisterPort("out", false));
            client.ok(new Request.Connect("vanishing:out", "system:playback_2"));
            client.ok(new Request.Activate());
        } // closed without Goodbye, as by kill -9
        assertTrue(within(1_000, () -> served.server().graph().clientOrNull("vanishing") == null
                && served.control().client("vanishing").isEmpty()), "gone within 1 s");
        try (FakeClient next = FakeClient.connect(served.control().socketPath())) {
            assertEquals(record, next.hello("successor").record(), "its record is free again");
            next.ok(new Request.Goodbye());
        }
        assertTrue(served.server().graph().connectionsOf("system:playback_2").isEmpty(),
                "its connections went with it");
    }

    @Test
    void shouldTellAnEvictedClientWhyAndDeleteItsSegment() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            Reply.Welcome welcome = client.hello("culprit");
            client.ok(new Request.Activate());
            served.server().controller().evict(served.server().graph().client("culprit"),
                    "evicted by watchdog: 3 overruns of 1.9 ms");
            assertTrue(client.awaitEnd());
            assertTrue(client.notifications.contains(new Notification.Shutdown("evicted by watchdog: 3 overruns of 1.9 ms")),
                    client.notifications.toString());
            assertTrue(within(1_000, () -> served.control().client("culprit").isEmpty()));
        }
    }

    @Test
    void shouldRefuseADuplicateClientNameWithASentence() throws Exception {
        try (FakeClient first = FakeClient.connect(served.control().socketPath());
             FakeClient second = FakeClient.connect(served.control().socketPath())) {
            first.hello("twin");
            second.send(new Request.Hello("twin", 1, FakeClient.TID, "normal"));
            ControlFrame error = second.expectErrorAndClose();
            assertEquals(new ControlFrame(1, new Reply.Error("a client named 'twin' already exists; choose another name")), error);
            first.ok(new Request.Goodbye());
        }
        assertServerStillServes();
    }

    // ---- garbage: each connection gets an Error frame and is closed; the server runs on ----

    @Test
    void shouldAnswerRandomBytesWithAnErrorAndClose() throws Exception {
        Random random = new Random(20261130);
        for (int round = 0; round < 5; round++) {
            byte[] garbage = new byte[1 + random.nextInt(300)];
            random.nextBytes(garbage);
            try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
                client.sendRaw(garbage);
                client.shutdownOutput(); // a length that promises more than was sent ends in mid-message
                ControlFrame error = client.expectErrorAndClose();
                assertEquals(0, error.requestId(), "the request id of garbage is unknown");
            }
        }
        assertServerStillServes();
    }

    @Test
    void shouldAnswerATruncatedMessageThenCloseWithAnError() throws Exception {
        ByteBuffer hello = ControlCodec.encode(1, new Request.Hello("cut", 1, 2, "normal"));
        byte[] cut = new byte[hello.remaining() - 3];
        hello.get(cut);
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.sendRaw(cut);
            client.shutdownOutput();
            assertEquals(new Reply.Error("the connection ended in the middle of a message, after " + cut.length + " of "
                    + (cut.length + 3) + " bytes"), client.expectErrorAndClose().message());
        }
        assertServerStillServes();
    }

    @Test
    void shouldRefuseATwoGigabyteLengthWithoutWaitingForIt() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.sendRaw(new byte[]{(byte) 0x80, 0, 0, 0});
            assertEquals(new Reply.Error("message length 2147483648 exceeds the 65536-byte limit"),
                    client.expectErrorAndClose().message());
        }
        assertServerStillServes();
    }

    @Test
    void shouldRefuseAnotherProtocolVersion() throws Exception {
        ByteBuffer hello = ControlCodec.encode(1, new Request.Hello("old", 1, 2, "normal"));
        hello.putShort(4, (short) (io.tactus.ipc.ProtocolLimits.VERSION + 1));
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.sendRaw(hello);
            assertEquals(new Reply.Error("protocol version " + (io.tactus.ipc.ProtocolLimits.VERSION + 1) + " is not supported; this Tactus speaks version "
                    + io.tactus.ipc.ProtocolLimits.VERSION),
                    client.expectErrorAndClose().message());
        }
        assertServerStillServes();
    }

    @Test
    void shouldRefuseATenKilobytePortNameAndRemoveTheClient() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            Reply.Welcome welcome = client.hello("verbose");
            client.sendRaw(registerPortFrame(7, "p".repeat(10_000)));
            assertEquals(new Reply.Error("the port name is 10000 bytes long but the limit is 255 bytes of UTF-8"),
                    client.expectErrorAndClose().message());
            assertTrue(within(1_000, () -> served.server().graph().clientOrNull("verbose") == null
                    && served.control().client("verbose").isEmpty()), "the client is removed");
        }
        assertServerStillServes();
    }

    @Test
    void shouldRefuseARequestBeforeHello() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.send(new Request.Activate());
            assertEquals(new ControlFrame(1, new Reply.Error("the first message on a connection must be Hello, not Activate")),
                    client.expectErrorAndClose());
        }
        assertServerStillServes();
    }

    @Test
    void shouldRefuseASecondHelloAndAMessageOnlyTheServerSends() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.hello("chatty");
            client.send(new Request.Hello("chatty", 1, 2, "normal"));
            assertEquals(new Reply.Error("this connection already said Hello; a connection carries one client"),
                    client.expectErrorAndClose().message());
        }
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.hello("impostor");
            client.sendRaw(ControlCodec.encode(9, new Reply.Ok(io.tactus.ipc.MessageType.STATUS)));
            assertEquals(new Reply.Error("a client may not send Ok, which only the server sends"),
                    client.expectErrorAndClose().message());
        }
        assertTrue(within(1_000, () -> served.server().graph().clientOrNull("chatty") == null
                && served.server().graph().clientOrNull("impostor") == null));
        assertServerStillServes();
    }

    /** A RegisterPort frame the codec would refuse to build: the name is over the limit. */
    private static ByteBuffer registerPortFrame(int requestId, String name) {
        byte[] bytes = name.getBytes(StandardCharsets.UTF_8);
        ByteBuffer frame = ByteBuffer.allocate(4 + 8 + 2 + bytes.length + 1 + 4 + 4);
        frame.putInt(8 + 2 + bytes.length + 1 + 4 + 4).putShort((short) ProtocolLimits.VERSION)
                .putShort((short) MessageType.REGISTER_PORT.code()).putInt(requestId)
                .putShort((short) bytes.length).put(bytes).put((byte) 1).putInt(0).putInt(1); // input, audio, flags
        return frame.flip();
    }

    /** The engine cycles on and a well-behaved client still gets in and out. */
    private static void assertServerStillServes() throws IOException {
        long cycles = served.server().cyclesRun();
        assertTrue(within(1_000, () -> served.server().cyclesRun() > cycles + 10), "the engine cycles on");
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.hello("well-behaved");
            client.ok(new Request.Goodbye());
            assertTrue(client.awaitEnd());
        }
        assertTrue(within(1_000, () -> served.control().connectionCount() == 0),
                "every connection ended: " + served.control().connectionCount());
    }

    @Test
    void shouldStartLocateAndReportTheTransportOverTheSocket() throws Exception {
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.hello("transport-tool");
            client.ok(new Request.TransportRequest("tempo", 0, 120));
            client.ok(new Request.TransportRequest("locate", 96_000, 0));
            assertTrue(io.tactus.testing.Poll.within(5_000, () -> report(client).frame() == 96_000), "located");
            Reply.TransportReport located = report(client);
            assertEquals("STOPPED", located.state());
            assertTrue(located.bbtValid(), "the server's tempo gives BBT");
            assertEquals(2, located.bar(), "2 s at 120 bpm in 4/4: bar 2, beat 1");
            assertEquals(1, located.beat());
            client.ok(new Request.TransportRequest("start", 0, 0));
            assertTrue(io.tactus.testing.Poll.within(5_000, () -> report(client).frame() > 96_000), "rolling");
            assertEquals("ROLLING", report(client).state());
            client.ok(new Request.TransportRequest("stop", 0, 0));
            assertTrue(io.tactus.testing.Poll.within(5_000, () -> "STOPPED".equals(report(client).state())), "stopped");
            Reply.Error refused = assertInstanceOf(Reply.Error.class,
                    client.request(new Request.TransportRequest("locate", -1, 0)));
            assertEquals("cannot locate the transport to frame -1; a frame is 0 or more", refused.message());
            Reply.Error tempo = assertInstanceOf(Reply.Error.class, client.request(new Request.TransportRequest("tempo", 0, 0)));
            assertEquals("a tempo of 0.0 beats per minute is out of range; give 1 to 999", tempo.message());
        }
    }

    private static Reply.TransportReport report(FakeClient client) {
        try {
            return assertInstanceOf(Reply.TransportReport.class, client.request(new Request.TransportQuery()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
