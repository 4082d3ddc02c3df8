package io.tactus.server.graph;

import io.tactus.api.GraphEvent;
import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.PortType;
import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** What the graph announces to each client's listener, and the latencies it computes, without a server. */
class GraphAnnouncementsTest {

    private final Graph graph = new Graph(64, 2, 2);

    private static List<GraphEvent> withoutLatency(List<GraphEvent> events) {
        return events.stream().filter(e -> e.kind() != GraphEvent.Kind.CAPTURE_LATENCY
                && e.kind() != GraphEvent.Kind.PLAYBACK_LATENCY).toList();
    }

    @Test
    void shouldAnnounceAClientsPortsConnectionsAndItselfGoingButNotToItself() {
        List<GraphEvent> watcherHeard = new ArrayList<>();
        List<GraphEvent> leaverHeard = new ArrayList<>();
        ClientNode watcher = graph.addClient("watcher");
        watcher.setGraphListener(watcherHeard::add);
        ClientNode leaver = graph.addClient("leaver");
        leaver.setGraphListener(leaverHeard::add);
        PortNode out = graph.addPort(leaver, "out", PortType.AUDIO, false, false);
        graph.connect("leaver:out", "system:playback_1");
        graph.connect("leaver:out", "system:playback_2");
        leaverHeard.clear();
        watcherHeard.clear();

        graph.removeClient(leaver);

        assertEquals(List.of(GraphEvent.connection("leaver:out", "system:playback_1", false),
                GraphEvent.connection("leaver:out", "system:playback_2", false),
                GraphEvent.port(out.id(), "leaver:out", false), GraphEvent.client("leaver", false),
                GraphEvent.latency(LatencyMode.CAPTURE), GraphEvent.latency(LatencyMode.PLAYBACK)), watcherHeard,
                "as JACK: connections, port, client, then one latency recompute");
        assertEquals(List.of(), leaverHeard, "a leaving client hears nothing of its own going");
    }

    @Test
    void shouldAnnounceSwitchesToEveryClientBetweenTheChangesAroundThem() {
        List<GraphEvent> first = new ArrayList<>();
        List<GraphEvent> second = new ArrayList<>();
        ClientNode a = graph.addClient("a");
        a.setGraphListener(first::add);
        ClientNode b = graph.addClient("b");
        b.setGraphListener(second::add);
        first.clear();

        PortNode out = graph.addPort(a, "out", PortType.AUDIO, false, false);
        graph.announceBufferSize(256);
        graph.announceFreewheel(true);
        graph.removePort(out);
        graph.announceFreewheel(false);

        List<GraphEvent> expected = List.of(GraphEvent.port(out.id(), "a:out", true), GraphEvent.bufferSize(256),
                GraphEvent.freewheel(true), GraphEvent.port(out.id(), "a:out", false), GraphEvent.freewheel(false));
        assertEquals(expected, withoutLatency(first), "the client that asked hears its switch too");
        assertEquals(expected, withoutLatency(second));
        assertEquals(256, withoutLatency(first).get(1).nframes());
    }

    @Test
    void shouldSpanTheShortestAndLongestPathsAsJackDoes() {
        ClientNode slow = graph.addClient("slow");
        graph.addPort(slow, "in", PortType.AUDIO, true, false);
        graph.addPort(slow, "out", PortType.AUDIO, false, false);
        graph.connect("system:capture_1", "slow:in");
        graph.connect("slow:out", "system:playback_1");
        graph.connect("system:capture_1", "system:playback_1"); // a direct path beside it
        graph.setLatencyRange(slow, "slow:out", LatencyMode.CAPTURE, LatencyRange.of(64 + 100));

        assertEquals(new LatencyRange(64, 164), graph.latencyRange("system:playback_1", LatencyMode.CAPTURE));
        assertEquals(LatencyRange.of(64), graph.latencyRange("slow:in", LatencyMode.CAPTURE));
        assertEquals(LatencyRange.of(64), graph.latencyRange("slow:in", LatencyMode.PLAYBACK),
                "an input it set nothing on carries the span of its outputs");
        assertEquals(LatencyRange.of(64), graph.latencyRange("system:capture_1", LatencyMode.PLAYBACK));
        assertEquals(LatencyRange.ZERO, graph.latencyRange("system:capture_2", LatencyMode.PLAYBACK),
                "a port connected to nothing");
    }

    @Test
    void shouldRefuseALatencyOnAnotherClientsPortAndChangeNothing() {
        ClientNode a = graph.addClient("a");
        ClientNode b = graph.addClient("b");
        graph.addPort(a, "out", PortType.AUDIO, false, false);
        List<GraphEvent> heard = new ArrayList<>();
        b.setGraphListener(heard::add);
        TactusException e = assertThrows(TactusException.class,
                () -> graph.setLatencyRange(b, "a:out", LatencyMode.CAPTURE, LatencyRange.of(5)));
        assertEquals("port 'a:out' belongs to client 'a'; a client sets the latency of its own ports only", e.getMessage());
        assertThrows(TactusException.class, () -> graph.setLatencyRange(a, "a:nothing", LatencyMode.CAPTURE,
                LatencyRange.of(5)));
        assertEquals(LatencyRange.ZERO, graph.latencyRange("a:out", LatencyMode.CAPTURE));
        assertEquals(List.of(), heard, "nothing changed, nothing told");

        graph.setLatencyRange(a, "a:out", LatencyMode.CAPTURE, LatencyRange.of(5));
        graph.setLatencyRange(a, "a:out", LatencyMode.CAPTURE, LatencyRange.of(5));
        assertEquals(2, heard.size(), "one recompute for a change, none for setting the same again: " + heard);
        assertEquals(List.of(), withoutLatency(heard));
    }
}
