package io.tactus.server.control;

import io.tactus.api.PortType;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.ProtocolException;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.server.TactusServer;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A peer that does not read what the server sends it holds a bounded outbox and then loses its connection, with
 * one sentence in the server's log: one that asks for replies and never reads them once they pass
 * {@link PeerChannel#OUTBOX_MAX_BYTES}, one that reads nothing of its notifications once its socket has taken
 * nothing for the stall limit. A client beside it that reads stays connected.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class DeafPeersSystemTest {

    @TempDir
    Path directory;

    private TactusServer server;
    private ControlServer control;
    private PrintStream stderr;
    private final ByteArrayOutputStream log = new ByteArrayOutputStream();

    @BeforeEach
    void start() {
        server = ControlTestSupport.startServer(new RecordingDriver(2, 0.25f));
        control = ControlTestSupport.startControl(server, directory.resolve("rt"), ControlServer.Timing.SYNC);
        stderr = System.err;
        System.setErr(new PrintStream(new Tee(stderr, log), true, StandardCharsets.UTF_8));
    }

    @AfterEach
    void stop() {
        System.setErr(stderr);
        ControlTestSupport.stop(control, server);
    }

    @Test
    void shouldCutOffAClientThatAsksForRepliesAndNeverReadsThem() throws Exception {
        Graph graph = server.graph();
        ClientNode wide = graph.addClient("wide");
        String longName = "p".repeat(200);
        for (int i = 0; i < 220; i++) { // a port list of some 50 KiB, under the frame limit
            graph.addPort(wide, longName + i, PortType.AUDIO, false, false);
        }
        int asked = 100;
        try (FakeClient greedy = FakeClient.connect(control.socketPath())) {
            greedy.hello("greedy");
            for (int i = 0; i < asked; i++) {
                greedy.send(new Request.ListPorts(false));
            }
            assertTrue(within(30_000, () -> control.client("greedy").isEmpty()), "cut off and out of the graph");
            int replies = 0;
            try {
                for (ControlFrame frame = greedy.next(); frame != null; frame = greedy.next()) {
                    assertInstanceOf(Reply.PortList.class, frame.message(), "what it asked for, no Error: it reads none");
                    replies++;
                }
            } catch (ProtocolException cutMidFrame) {
                // the socket was full: the frame being written when it was cut off ends short
            } catch (java.net.SocketException reset) {
                // closed with requests of ours still unread on the server's side: the kernel resets, not ends, it
            }
            assertTrue(replies < asked, "cut off before its replies were all delivered: " + replies);
        }
        assertTrue(logged("tactus: client 'greedy' did not read the replies it asked for: more than 1024 KiB waited to be"
                + " written; it is disconnected"), "one sentence in the log: " + log);
        assertServing();
    }

    @Test
    void shouldCutOffAClientThatReadsNothingOfItsNotificationsWhileOneThatReadsStays() throws Exception {
        control.limitReaderStall(1_000);
        Graph graph = server.graph();
        ClientNode a = graph.addClient("a");
        ClientNode b = graph.addClient("b");
        graph.addPort(a, "out", PortType.AUDIO, false, false);
        graph.addPort(b, "in", PortType.AUDIO, true, false);
        try (FakeClient deaf = FakeClient.connect(control.socketPath());
             FakeClient reader = FakeClient.connect(control.socketPath())) {
            deaf.hello("deaf");
            reader.hello("reader");
            long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            int pairs = 0;
            while (control.client("deaf").isPresent()) {
                assertTrue(System.nanoTime() < end, "the deaf client was not cut off within 30 s, " + pairs + " changes");
                for (int i = 0; i < 10; i++, pairs++) { // 60 notifications: fewer than the reader's socket holds
                    graph.connect("a:out", "b:in");
                    graph.disconnect("a:out", "b:in");
                }
                assertTrue(reader.discardAvailable() >= 0, "the reading client stays connected");
            }
            try {
                assertTrue(deaf.awaitEnd(), "its stream ends after what the socket held");
            } catch (ProtocolException cutMidFrame) {
                // the socket was full: the frame being written when it was cut off ends short
            } catch (java.net.SocketException reset) {
                // closed with requests of ours still unread on the server's side: the kernel resets, not ends, it
            }
            assertInstanceOf(Reply.StatusReport.class, reader.request(new Request.Status()), "the reader is still served");
            assertTrue(control.client("reader").isPresent());
            reader.ok(new Request.Goodbye());
        }
        assertTrue(logged("tactus: client 'deaf' read nothing of its connection for 1 s while "), "the sentence: " + log);
        assertServing();
    }

    private boolean logged(String sentence) {
        return within(5_000, () -> log.toString(StandardCharsets.UTF_8).contains(sentence));
    }

    private void assertServing() throws Exception {
        assertTrue(within(2_000, () -> control.connectionCount() == 0), "forgotten: " + control.connectionCount());
        try (FakeClient after = FakeClient.connect(control.socketPath())) {
            after.hello("after");
            after.ok(new Request.Goodbye());
        }
    }

    /** Writes to both streams: the log stays visible while the test reads it. */
    private static final class Tee extends OutputStream {
        private final OutputStream first;
        private final ByteArrayOutputStream second;

        Tee(OutputStream first, ByteArrayOutputStream second) {
            this.first = first;
            this.second = second;
        }

        @Override
        public synchronized void write(int b) {
            second.write(b);
            try {
                first.write(b);
            } catch (java.io.IOException ignored) {
                // the console is gone; the copy is what the test reads
            }
        }

        @Override
        public synchronized void write(byte[] bytes, int offset, int length) {
            second.write(bytes, offset, length);
            try {
                first.write(bytes, offset, length);
            } catch (java.io.IOException ignored) {
                // the console is gone; the copy is what the test reads
            }
        }
    }
}
