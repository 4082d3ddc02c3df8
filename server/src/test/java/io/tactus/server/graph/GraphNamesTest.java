package io.tactus.server.graph;

import io.tactus.api.ClientPriority;
import io.tactus.api.MetadataKeys;
import io.tactus.api.PortFlag;
import io.tactus.api.PortQuery;
import io.tactus.api.PortType;
import io.tactus.api.PropertyChange;
import io.tactus.api.TactusException;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** Unique client names, ids, aliases, renames and metadata on the graph alone (the transports: *SystemTest). */
class GraphNamesTest {

    private Graph graph;
    private ClientNode a;
    private PortNode out;

    @BeforeEach
    void setUp() {
        graph = new Graph(64, 2, 2);
        a = graph.addClient("a");
        out = graph.addPort(a, "out", PortType.AUDIO, PortFlag.bits(PortFlag.OUTPUT, PortFlag.TERMINAL));
    }

    @Test
    void shouldSuffixATakenNameUpToNinetyNineThenRefuse() {
        assertEquals("a-01", graph.addClient("a", ClientPriority.NORMAL, false).name());
        assertEquals("a-02", graph.addClient("a", ClientPriority.NORMAL, false).name());
        for (int i = 3; i <= 99; i++) {
            graph.addClient("a", ClientPriority.NORMAL, false);
        }
        assertEquals("clients 'a' and 'a-01' to 'a-99' all exist; choose another name",
                assertThrows(TactusException.class, () -> graph.addClient("a", ClientPriority.NORMAL, false)).getMessage());
        assertEquals("a client named 'a' already exists; choose another name",
                assertThrows(TactusException.class, () -> graph.addClient("a", ClientPriority.NORMAL, true)).getMessage());
    }

    @Test
    void shouldNeverReuseAnIdAfterItsSubjectLeaves() {
        long first = out.uuid();
        graph.removePort(out);
        PortNode again = graph.addPort(a, "out", false, false);
        assertNotEquals(first, again.uuid());
        assertNotEquals(a.uuid(), again.uuid());
        assertEquals("no port has id " + first + "; lsp -U shows the ids there are",
                assertThrows(TactusException.class, () -> graph.port(first)).getMessage());
    }

    @Test
    void shouldKeepAPortsPlaceIdAliasesAndConnectionsWhenItIsRenamed() {
        ClientNode b = graph.addClient("b");
        graph.addPort(b, "in", true, false);
        graph.connect("a:out", "b:in");
        graph.setAlias("a:out", "left");
        graph.renamePort(out, "main");
        assertEquals(List.of("system:capture_1", "system:capture_2", "system:playback_1", "system:playback_2", "a:main",
                "b:in"), graph.portNames());
        assertEquals(out, graph.port("left"));
        assertEquals(List.of("a:main"), graph.connectionsOf("b:in"));
        assertEquals(List.of("a:main"), graph.portNames(PortQuery.of("", "", PortFlag.TERMINAL)));
        assertEquals("client 'a' has no port named 'out'", assertThrows(TactusException.class,
                () -> graph.port("a:out")).getMessage());
    }

    @Test
    void shouldRefuseAPortWhoseNameIsAnAliasAndAnAliasOverTheLengthLimit() {
        graph.setAlias("a:out", "a:other");
        assertEquals("'a:other' is an alias of port 'a:out'; a name and an alias name one port only",
                assertThrows(TactusException.class, () -> graph.addPort(a, "other", false, false)).getMessage());
        assertEquals("alias '" + "x".repeat(77) + "...' is 300 characters long; the limit is 256, as for a port name",
                assertThrows(TactusException.class, () -> graph.setAlias("a:out", "x".repeat(300))).getMessage());
        graph.removePort(out);
        graph.addPort(a, "other", false, false); // the alias went with its port
    }

    @Test
    void shouldTellEveryMetadataChangeInOrderAndDropASubjectsPropertiesWithIt() {
        List<String> heard = new ArrayList<>();
        graph.metadata().setListener((s, k, c) -> heard.add(s + " " + k + " " + c));
        graph.metadata().set(out.uuid(), MetadataKeys.PORT_GROUP, "stereo", "");
        graph.metadata().set(out.uuid(), MetadataKeys.PORT_GROUP, "main", "");
        graph.metadata().set(a.uuid(), MetadataKeys.ICON_NAME, "synth", "");
        graph.removeClient(a);
        assertEquals(List.of(out.uuid() + " " + MetadataKeys.PORT_GROUP + " " + PropertyChange.CREATED,
                out.uuid() + " " + MetadataKeys.PORT_GROUP + " " + PropertyChange.CHANGED,
                a.uuid() + " " + MetadataKeys.ICON_NAME + " " + PropertyChange.CREATED,
                out.uuid() + " null " + PropertyChange.DELETED,
                a.uuid() + " null " + PropertyChange.DELETED), heard);
        assertEquals(List.of(), graph.metadata().listAll());
    }

    @Test
    void shouldRefuseAPropertyTooLargeToSendAndChangeNothing() {
        String big = "x".repeat(Metadata.MAX_PROPERTY_BYTES);
        assertEquals("property 'k' is " + (Metadata.MAX_PROPERTY_BYTES + 1) + " bytes of key, value and type; the limit"
                + " is " + Metadata.MAX_PROPERTY_BYTES, assertThrows(TactusException.class,
                () -> graph.metadata().set(a.uuid(), "k", big, "")).getMessage());
        assertEquals(List.of(), graph.metadata().listAll());
    }
}
