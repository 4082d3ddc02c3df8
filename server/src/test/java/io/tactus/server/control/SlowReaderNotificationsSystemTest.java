package io.tactus.server.control;

import io.tactus.api.PortType;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Request;
import io.tactus.server.TactusServer;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A client in its own process that stops reading its socket holds at most the connection's outbox
 * ({@link PeerChannel#OUTBOX_FRAMES}) plus what the kernel buffers: the server drops the rest, and the client sees
 * how many by the gap in the sequence numbers when it reads again.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class SlowReaderNotificationsSystemTest {

    @TempDir
    Path directory;

    @Test
    void shouldDropNotificationsToAClientThatDoesNotReadAndNumberThemSoItSeesTheGap() throws Exception {
        TactusServer server = ControlTestSupport.startServer(new RecordingDriver(2, 0.25f));
        ControlServer control = ControlTestSupport.startControl(server, directory.resolve("rt"), ControlServer.Timing.SYNC);
        try (FakeClient slow = FakeClient.connect(control.socketPath())) {
            slow.hello("slow");
            Graph graph = server.graph();
            ClientNode a = graph.addClient("a");
            ClientNode b = graph.addClient("b");
            graph.addPort(a, "out", PortType.AUDIO, false, false);
            graph.addPort(b, "in", PortType.AUDIO, true, false);
            int pairs = 20_000; // each: connected, disconnected, and two latency passes after each
            for (int i = 0; i < pairs; i++) {
                graph.connect("a:out", "b:in");
                graph.disconnect("a:out", "b:in");
            }
            long told = 2 + 2 + 6L * pairs; // a and b joined, their two ports, then the pairs
            // A reply is never dropped and comes after what was queued before it: reading up to it empties the outbox.
            int status = slow.send(new Request.Status());
            long frames = 0;
            for (ControlFrame frame = slow.next(10_000); frame.requestId() != status; frame = slow.next(10_000)) {
                frames++;
            }
            graph.connect("a:out", "b:in");
            Notification.PortConnect last = null;
            while (last == null || last.sequence() < told + 1) {
                ControlFrame frame = slow.next(10_000);
                assertTrue(frame != null, "the connection stays open");
                frames++;
                if (frame.message() instanceof Notification.PortConnect c && c.connected()) {
                    last = c;
                }
            }
            assertEquals(told + 1, last.sequence(), "every change was numbered, the dropped ones too");
            assertTrue(frames < told / 2, "most were dropped, not queued: " + frames + " frames of " + (told + 3));
            assertTrue(frames > PeerChannel.OUTBOX_FRAMES, "what the outbox held was delivered: " + frames);
            System.out.printf("a client that did not read got %d of %d notifications%n", frames, told + 3);
        } finally {
            ControlTestSupport.stop(control, server);
        }
    }
}
