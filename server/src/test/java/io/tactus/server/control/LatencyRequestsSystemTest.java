package io.tactus.server.control;

import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.server.TactusServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The latency requests on the wire, as a peer that is not Tactus's own client sends them: bad input in one sentence. */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LatencyRequestsSystemTest {

    @TempDir
    Path directory;

    @Test
    void shouldAnswerLatencyRequestsAndRefuseBadOnesInOneSentenceChangingNothing() throws Exception {
        TactusServer server = ControlTestSupport.startServer(new RecordingDriver(2, 0.25f));
        ControlServer control = ControlTestSupport.startControl(server, directory.resolve("rt"), ControlServer.Timing.SYNC);
        try (FakeClient peer = FakeClient.connect(control.socketPath())) {
            peer.hello("peer");
            peer.ok(new Request.RegisterPort("out", false));
            peer.ok(new Request.SetLatencyRange("out", false, 100, 200));
            assertEquals(new Reply.LatencyReport(100, 200), peer.request(new Request.GetLatencyRange("peer:out", false)));

            assertEquals(new Reply.Error("a latency range's min (9) is above its max (4); give the smaller bound first"),
                    peer.request(new Request.SetLatencyRange("out", false, 9, 4)));
            assertEquals(new Reply.Error("a latency range is in frames and cannot be negative: [-1 4]"),
                    peer.request(new Request.SetLatencyRange("out", true, -1, 4)));
            assertEquals(new Reply.Error("client 'peer' has no port named 'nothing'"),
                    peer.request(new Request.SetLatencyRange("nothing", false, 1, 1)));
            assertEquals(new Reply.Error("no port named 'nobody:out': there is no client 'nobody'"),
                    peer.request(new Request.GetLatencyRange("nobody:out", false)));
            assertEquals(new LatencyRange(100, 200), server.graph().latencyRange("peer:out", LatencyMode.CAPTURE),
                    "nothing changed");
            assertEquals(LatencyRange.ZERO, server.graph().latencyRange("peer:out", LatencyMode.PLAYBACK));

            peer.ok(new Request.RecomputeLatencies());
            Reply.LatencyList list = (Reply.LatencyList) peer.request(new Request.ListLatencies());
            assertEquals(new Reply.PortLatency("system:capture_1", 64, 64, 64, 0, 0), list.ports().get(0));
            assertEquals(new Reply.PortLatency("peer:out", 0, 100, 200, 0, 0), list.ports().get(list.ports().size() - 1));
            peer.ok(new Request.Goodbye());
        } finally {
            ControlTestSupport.stop(control, server);
        }
    }
}
