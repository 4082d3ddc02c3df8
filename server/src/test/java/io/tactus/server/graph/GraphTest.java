package io.tactus.server.graph;

import io.tactus.api.ClientPriority;
import io.tactus.api.PortType;
import io.tactus.api.TactusException;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.rt.Futex;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GraphTest {

    private Graph graph;
    private ClientNode a;
    private ClientNode b;

    @BeforeEach
    void setUp() {
        graph = new Graph(64, 2, 2);
        a = graph.addClient("a");
        b = graph.addClient("b");
        graph.addPort(a, "in", true, false);
        graph.addPort(a, "out", false, false);
        graph.addPort(b, "in", true, false);
        graph.addPort(b, "out", false, false);
    }

    private void running(ClientNode... clients) {
        for (ClientNode client : clients) {
            client.setProcess(nframes -> { });
            graph.setActive(client, true);
        }
    }

    private String refusal(Runnable change) {
        List<String> before = graph.portNames();
        List<Connection> connections = graph.connections();
        String message = assertThrows(TactusException.class, change::run).getMessage();
        assertEquals(before, graph.portNames(), "a refused change must leave the ports as they were");
        assertEquals(connections, graph.connections(), "a refused change must leave the connections as they were");
        assertTrue(!message.contains("\n") && message.length() < 200, "one sentence: " + message);
        return message;
    }

    @Test
    void shouldNameTheDriverPortsLikeJack() {
        assertEquals(List.of("system:capture_1", "system:capture_2", "system:playback_1", "system:playback_2",
                "a:in", "a:out", "b:in", "b:out"), graph.portNames());
    }

    @Test
    void shouldRefuseAnUnknownPortSayingWhichPartIsWrong() {
        assertEquals("no port named 'nobody:out': there is no client 'nobody'",
                refusal(() -> graph.connect("nobody:out", "b:in")));
        assertEquals("client 'b' has no port named 'inn'", refusal(() -> graph.connect("a:out", "b:inn")));
        assertEquals("'bout' is not a port name; port names are client:port, e.g. system:playback_1",
                refusal(() -> graph.connect("a:out", "bout")));
    }

    @Test
    void shouldRefuseOutputToOutputAndInputAsSource() {
        assertEquals("cannot connect a:out to b:out: the destination is an output port; connect an output to an input",
                refusal(() -> graph.connect("a:out", "b:out")));
        assertEquals("cannot connect a:in to b:in: the source is an input port; connect an output to an input",
                refusal(() -> graph.connect("a:in", "b:in")));
    }

    @Test
    void shouldRefuseADuplicateClientNameAndInvalidNames() {
        assertEquals("a client named 'a' already exists; choose another name", refusal(() -> graph.addClient("a")));
        assertTrue(refusal(() -> graph.addClient("x:y")).contains("contain no ':'"));
        assertTrue(refusal(() -> graph.addClient("")).contains("non-empty"));
        assertTrue(refusal(() -> graph.addClient("n".repeat(10_000))).contains("the limit is 64"));
        assertEquals("client 'a' already has a port named 'in'", refusal(() -> graph.addPort(a, "in", true, false)));
    }

    /** JACK2 accepts a connection that closes a loop and marks it feedback; Tactus refused it before. */
    @Test
    void shouldAcceptAConnectionThatClosesALoopAsAFeedbackConnection() {
        running(a, b);
        graph.connect("a:out", "b:in");
        graph.connect("b:out", "a:in");
        graph.connect("a:out", "a:in");
        assertEquals(List.of(false, true, true), graph.connections().stream().map(Connection::feedback).toList(),
                "the first is forward; the one back to a and a's own loop-back close loops");
        assertEquals(List.of("b:in", "a:in"), graph.connectionsOf("a:out"), "listed as any connection");
        assertEquals(List.of("b:out", "a:out"), graph.connectionsOf("a:in"));
        assertEquals(List.of("a", "b"), graph.plan(1).clientOrder(), "the feedback reader, a, runs first");
    }

    /**
     * JACK2's rule: a connection is feedback or not from when it is made until it is broken; a disconnect that takes
     * away the path that made it feedback leaves it feedback, and its reader still runs first.
     */
    @Test
    void shouldKeepAConnectionFeedbackWhenThePathThatClosedTheLoopIsBroken() {
        running(a, b);
        graph.connect("a:out", "b:in");
        graph.connect("b:out", "a:in");
        graph.disconnect("a:out", "b:in");
        assertEquals(List.of(true), graph.connections().stream().map(Connection::feedback).toList());
        graph.connect("a:out", "b:in");
        assertEquals(List.of(true, false), graph.connections().stream().map(Connection::feedback).toList(),
                "a already runs before b, so a:out to b:in closes no loop");
        assertEquals(List.of("a", "b"), graph.plan(2).clientOrder());
        graph.disconnect("b:out", "a:in");
        graph.connect("b:out", "a:in");
        assertEquals(List.of(false, true), graph.connections().stream().map(Connection::feedback).toList(),
                "made again, it closes the loop again");
    }

    @Test
    void shouldNeverMarkAConnectionThroughTheDriverFeedback() {
        graph.connect("system:capture_1", "a:in");
        graph.connect("a:out", "system:playback_1");
        graph.connect("system:capture_1", "system:playback_2");
        assertTrue(graph.connections().stream().noneMatch(Connection::feedback));
    }

    @Test
    void shouldAllowTheDriverToFeedAndDrainTheSameClient() {
        graph.connect("system:capture_1", "a:in");
        graph.connect("a:out", "system:playback_1");
        graph.connect("system:capture_1", "system:playback_2");
        assertEquals(3, graph.connections().size());
    }

    @Test
    void shouldRefuseDuplicateAndMissingConnections() {
        graph.connect("a:out", "b:in");
        assertEquals("a:out is already connected to b:in", refusal(() -> graph.connect("a:out", "b:in")));
        assertEquals("b:out is not connected to a:in", refusal(() -> graph.disconnect("b:out", "a:in")));
    }

    @Test
    void shouldDropAClientsConnectionsWhenItLeaves() {
        graph.connect("a:out", "b:in");
        graph.connect("system:capture_1", "a:in");
        graph.removeClient(a);
        assertEquals(List.of(), graph.connections());
        assertEquals(List.of("system", "b"), graph.clientNames());
        assertTrue(a.isClosed());
        assertTrue(refusal(() -> graph.connect("a:out", "b:in")).contains("there is no client 'a'"));
    }

    @Test
    void shouldListConnectionsOfAPortBothWays() {
        graph.connect("a:out", "b:in");
        graph.connect("system:capture_1", "b:in");
        assertEquals(List.of("a:out", "system:capture_1"), graph.connectionsOf("b:in"));
        assertEquals(List.of("b:in"), graph.connectionsOf("a:out"));
    }

    @Test
    void shouldRefuseToConnectPortsOfDifferentTypesInOneSentence() {
        graph.addPort(a, "midi_out", PortType.MIDI, false, false);
        graph.addPort(b, "midi_in", PortType.MIDI, true, false);
        assertEquals("cannot connect a:midi_out to b:in: the source is a MIDI port and the destination an audio port;"
                + " a port connects only to ports of its own type", refusal(() -> graph.connect("a:midi_out", "b:in")));
        assertTrue(refusal(() -> graph.connect("a:out", "b:midi_in")).contains("the source is an audio port"));
        assertTrue(refusal(() -> graph.connect("a:midi_out", "system:playback_1")).contains("MIDI port"));
        graph.connect("a:midi_out", "b:midi_in");
        assertEquals(List.of("b:midi_in"), graph.connectionsOf("a:midi_out"));
    }

    /**
     * The shared plan bank's fixed room is refused at connect, in one sentence, with the graph as it was; before, the
     * connection went in and the plan's build threw after it.
     */
    @Test
    void shouldRefuseAConnectionOverTheSharedPlansRoomAndKeepTheGraph(@TempDir Path directory) {
        Graph shared = new Graph(64, 1, 1);
        try (SharedGraph segment = SharedGraph.over(GraphSegment.create(directory, "limits", SharedGraph.layout(64),
                1_333_333), Futex.linux(), 0, 1, false)) {
            shared.share(segment);
            ClientNode reader = shared.addRemoteClient("reader", ClientPriority.NORMAL);
            shared.addPort(reader, "in", PortType.AUDIO, true, false);
            for (int i = 0; i <= GraphLayout.MAX_SOURCES; i++) {
                shared.addPort(shared.addClient("s" + i), "out", PortType.AUDIO, false, false);
            }
            for (int i = 0; i < GraphLayout.MAX_SOURCES; i++) {
                shared.connect("s" + i + ":out", "reader:in");
            }
            String last = "s" + GraphLayout.MAX_SOURCES + ":out";
            assertEquals("cannot connect " + last + " to reader:in: reader:in already mixes 15 outputs, the most an input "
                    + "of a client in its own process can", refusal(() -> shared.connect(last, "reader:in")));
            assertEquals(GraphLayout.MAX_SOURCES, shared.connectionsOf("reader:in").size());

            ClientNode hub = shared.addClient("hub");
            shared.addPort(hub, "out", PortType.AUDIO, false, false);
            for (int i = 0; i <= GraphLayout.MAX_SUCCESSORS; i++) {
                shared.addPort(shared.addClient("d" + i), "in", PortType.AUDIO, true, false);
            }
            for (int i = 0; i < GraphLayout.MAX_SUCCESSORS; i++) {
                shared.connect("hub:out", "d" + i + ":in");
            }
            shared.connect("hub:out", "system:playback_1"); // the driver is no client to wake
            String far = "d" + GraphLayout.MAX_SUCCESSORS + ":in";
            assertEquals("cannot connect hub:out to " + far + ": 'hub' already feeds 30 clients, the most one client can "
                    + "wake on the shared graph", refusal(() -> shared.connect("hub:out", far)));
            assertEquals(GraphLayout.MAX_SUCCESSORS + 1, shared.connectionsOf("hub:out").size());
            shared.plan(1); // what the graph holds still builds
        }
    }
}
