package io.tactus.server.control;

import io.tactus.api.ClientOptions;
import io.tactus.api.Port;
import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.server.control.BothTransports.Way;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.function.Executable;

import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static io.tactus.api.PortFlag.CAN_MONITOR;
import static io.tactus.api.PortFlag.INPUT;
import static io.tactus.api.PortFlag.OUTPUT;
import static io.tactus.api.PortFlag.PHYSICAL;
import static io.tactus.api.PortFlag.TERMINAL;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Port queries, ports by name, alias and id, aliases, renames and the unique client names of
 * {@code jack_client_open}, each through both transports, with one sentence for each mistake and nothing changed.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PortQueriesSystemTest {

    @RegisterExtension
    static final BothTransports SERVED = new BothTransports();

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldFindPortsByNamePatternTypePatternAndFlags(Way way) {
        String n = "query-" + way.ordinal();
        try (TactusClient client = SERVED.open(way, n)) {
            client.registerPort("in", PortType.AUDIO, INPUT, TERMINAL);
            client.registerPort("out", PortType.AUDIO, OUTPUT);
            client.registerPort("midi_in", PortType.MIDI, INPUT, CAN_MONITOR);

            assertEquals(List.of(n + ":in", n + ":out", n + ":midi_in"), client.getPorts("^" + n + ":", null));
            assertEquals(List.of(n + ":midi_in"), client.getPorts("^" + n + ":", "midi"));
            assertEquals(List.of(n + ":in", n + ":out"), client.getPorts("^" + n + ":", "^32 bit float"));
            assertEquals(List.of(n + ":in"), client.getPorts("^" + n + ":", "audio", INPUT, TERMINAL));
            assertEquals(List.of(n + ":midi_in"), client.getPorts(n, "", CAN_MONITOR));
            assertEquals(List.of("system:capture_1", "system:capture_2"), client.getPorts("^system:", "", OUTPUT, PHYSICAL));
            assertEquals(List.of("system:playback_2"), client.getPorts("playback_[2-9]$", null, INPUT));
            assertEquals(client.getPorts(), client.getPorts(null, null), "no pattern and no flags: every port");
            assertEquals(List.of(), client.getPorts("^no-such-client:", null));
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldRefuseAPatternThatIsNotARegularExpressionInOneSentence(Way way) {
        try (TactusClient client = SERVED.open(way, "pattern-" + way.ordinal())) {
            assertEquals("the port name pattern 'system:(capture' is not a regular expression (Unclosed group at index 15);"
                    + " fix it or leave it empty to match any", refusal(() -> client.getPorts("system:(capture", null)));
            assertEquals("the port type pattern '*audio' is not a regular expression (Dangling meta character '*' at"
                    + " index 0); fix it or leave it empty to match any", refusal(() -> client.getPorts(null, "*audio")));
            assertEquals(4, client.getPorts("^system:", null).size(), "the client goes on");
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldDescribeAPortByNameAndIdWithItsFlagsTypeAndConnections(Way way) {
        String n = "describe-" + way.ordinal();
        try (TactusClient client = SERVED.open(way, n);
             TactusClient sink = SERVED.open(Way.IN_PROCESS, n + "-sink")) {
            client.registerPort("out", PortType.AUDIO, OUTPUT, TERMINAL);
            sink.registerPort("in", PortType.AUDIO, INPUT);
            client.connect(n + ":out", n + "-sink:in");
            client.connect("system:capture_1", n + "-sink:in");

            PortDetails out = client.portByName(n + ":out");
            assertEquals(n + ":out", out.name());
            assertEquals(PortType.AUDIO, out.type());
            assertEquals(Set.of(OUTPUT, TERMINAL), out.flags());
            assertEquals(List.of(), out.aliases());
            assertEquals(out, client.portById(out.id()));
            assertEquals(Set.of(OUTPUT, PHYSICAL), client.portByName("system:capture_1").flags());
            assertNotEquals(out.id(), client.portByName(n + "-sink:in").id());
            assertNotEquals(out.id(), client.uuid(), "clients and ports draw ids from one sequence");
            assertEquals(client.uuid(), sink.clientUuid(n));
            assertEquals(List.of(n + ":out", "system:capture_1"), client.getConnections(n + "-sink:in"));
            assertEquals(List.of(n + "-sink:in"), client.getConnections(n + ":out"));

            assertEquals("client '" + n + "' has no port named 'nope'", refusal(() -> client.portByName(n + ":nope")));
            assertEquals("no port named 'ghost:out': there is no client 'ghost'", refusal(() -> client.portByName("ghost:out")));
            assertEquals("no port has id 987654321; lsp -U shows the ids there are", refusal(() -> client.portById(987_654_321)));
            assertEquals("no client named 'ghost'", refusal(() -> client.clientUuid("ghost")));
            assertEquals("client '" + n + "' has no port named 'nope'", refusal(() -> client.getConnections(n + ":nope")));
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldKeepTwoAliasesPerPortFindThePortByEitherAndRefuseMistakesInOneSentence(Way way) {
        String n = "alias-" + way.ordinal();
        try (TactusClient client = SERVED.open(way, n);
             TactusClient other = SERVED.open(Way.IN_PROCESS, n + "-other")) {
            client.registerPort("out", PortType.AUDIO, OUTPUT);
            other.registerPort("in", PortType.AUDIO, INPUT);
            String port = n + ":out";
            client.setAlias(port, n + "-hw:out_1");
            client.setAlias(n + "-hw:out_1", n + " left");

            assertEquals(List.of(n + "-hw:out_1", n + " left"), client.getAliases(port));
            assertEquals(port, client.portByName(n + " left").name());
            assertEquals(List.of(n + "-hw:out_1", n + " left"), other.getAliases(n + "-hw:out_1"), "seen by any client");
            client.connect(n + " left", n + "-other:in");
            assertEquals(List.of(n + "-other:in"), client.getConnections(port), "connected by its alias");

            assertEquals("port '" + port + "' already has 2 aliases, the most a port can have; unset one first",
                    refusal(() -> client.setAlias(port, "third")));
            assertEquals("port '" + port + "' already has the alias '" + n + " left'",
                    refusal(() -> client.setAlias(port, n + " left")));
            assertEquals("an alias must have at least one character", refusal(() -> client.setAlias(port, "")));
            assertEquals("client '" + n + "' has no port named 'nope'", refusal(() -> client.setAlias(n + ":nope", "x")));
            client.unsetAlias(port, n + "-hw:out_1");
            assertEquals("'" + n + " left' already names port '" + port + "'; an alias names one port only",
                    refusal(() -> other.setAlias(n + "-other:in", n + " left")));
            assertEquals("'system:capture_1' already names port 'system:capture_1'; an alias names one port only",
                    refusal(() -> client.setAlias(port, "system:capture_1")));
            assertEquals("port '" + port + "' has no alias 'never'", refusal(() -> client.unsetAlias(port, "never")));
            assertEquals(List.of(n + " left"), client.getAliases(port), "the mistakes changed nothing");
            assertEquals("no port named '" + n + "-hw:out_1': there is no client '" + n + "-hw'",
                    refusal(() -> client.portByName(n + "-hw:out_1")), "an unset alias finds nothing");
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldRenameItsOwnPortKeepingItsIdAliasesAndConnections(Way way) {
        String n = "rename-" + way.ordinal();
        try (TactusClient client = SERVED.open(way, n);
             TactusClient other = SERVED.open(Way.IN_PROCESS, n + "-other")) {
            Port out = client.registerPort("out", PortType.AUDIO, OUTPUT);
            client.registerPort("taken", PortType.AUDIO, OUTPUT);
            Port otherIn = other.registerPort("in", PortType.AUDIO, INPUT);
            client.connect(n + ":out", n + "-other:in");
            client.setAlias(n + ":out", n + "-alias");
            long id = client.portByName(n + ":out").id();

            client.renamePort(out, "renamed");

            assertEquals(n + ":renamed", out.name());
            assertEquals("renamed", out.shortName());
            assertEquals(n + ":renamed", other.portById(id).name());
            assertEquals(List.of(n + "-alias"), other.getAliases(n + ":renamed"));
            assertEquals(List.of(n + ":renamed"), other.getConnections(n + "-other:in"));
            assertEquals(List.of(n + ":renamed", n + ":taken"), client.getPorts("^" + n + ":", null));

            assertEquals("client '" + n + "' already has a port named 'taken'", refusal(() -> client.renamePort(out, "taken")));
            assertEquals("port '" + n + "-other:in' is not one of client '" + n + "''s registered ports; a client renames"
                    + " only its own", refusal(() -> client.renamePort(otherIn, "mine")));
            assertEquals("a port's new name must have at least one character", refusal(() -> client.renamePort(out, "")));
            assertEquals(n + ":renamed", client.portById(id).name(), "the mistakes changed nothing");
            client.disconnect(n + ":renamed", n + "-other:in");
            assertEquals(List.of(), other.getConnections(n + "-other:in"));
        }
    }

    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldGiveATakenNameASuffixUnlessTheExactNameIsAsked(Way way) {
        String n = "twin-" + way.ordinal();
        try (TactusClient first = SERVED.open(way, n);
             TactusClient second = SERVED.open(way, n);
             TactusClient third = SERVED.open(way, n)) {
            assertEquals(n, first.name());
            assertEquals(n + "-01", second.name());
            assertEquals(n + "-02", third.name());
            assertEquals(n + "-01:p", second.registerPort("p", PortType.AUDIO, OUTPUT).name());
            assertEquals(List.of(n + "-01:p"), first.getPorts("^" + n + "-01:", null));
            assertEquals("a client named '" + n + "' already exists; choose another name",
                    refusal(() -> SERVED.open(way, n, ClientOptions.defaults().withExactName()).close()));
            assertEquals(3, SERVED.server().graph().clientNames().stream().filter(c -> c.startsWith(n)).count(),
                    "the refused one left nothing behind");
        }
    }

    /**
     * Queries, aliases, renames and properties are the control threads' business: the engine, running a client
     * the whole time, allocates nothing while another client keeps making them.
     */
    @ParameterizedTest
    @EnumSource(Way.class)
    void shouldLeaveTheEngineAllocationFreeWhileAClientQueriesRenamesAndSetsProperties(Way way) throws Exception {
        String n = "busy-" + way.ordinal();
        try (TactusClient player = SERVED.open(Way.IN_PROCESS, n + "-player");
             TactusClient busy = SERVED.open(way, n)) {
            Port in = player.registerPort("in", PortType.AUDIO, INPUT);
            float[] sum = new float[1];
            player.setProcessCallback(frames -> sum[0] += in.getFloatBuffer().get(0));
            player.activate();
            player.connect("system:capture_1", n + "-player:in");
            Port out = busy.registerPort("out", PortType.AUDIO, OUTPUT);
            assertTrue(io.tactus.testing.Poll.within(10_000, () -> SERVED.server().cyclesRun() > 1_000), "past the warm-up");
            io.tactus.server.JitQuiet.await();
            long[] allocated = new long[5];
            int round = 0;
            for (int w = 0; w < allocated.length; w++) {
                long before = SERVED.server().metrics().rtAllocatedBytes();
                assertTrue(before >= 0, "the allocation baseline was taken");
                long end = System.nanoTime() + 200_000_000L;
                while (System.nanoTime() < end) {
                    busy.renamePort(out, "out_" + (++round));
                    busy.setAlias(out.name(), n + "-alias");
                    busy.setProperty(busy.portByName(out.name()).id(), io.tactus.api.MetadataKeys.ORDER, "" + round, "");
                    busy.getPorts("^" + n, null, OUTPUT);
                    busy.unsetAlias(out.name(), n + "-alias");
                }
                allocated[w] = SERVED.server().metrics().rtAllocatedBytes() - before;
            }
            System.out.printf("%s: %d rounds of rename, alias, property, query and unalias; engine bytes per 200 ms: %s%n",
                    way, round, java.util.Arrays.toString(allocated));
            assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated on the engine thread"
                    + " per window of 200 ms: " + java.util.Arrays.toString(allocated));
            player.deactivate();
        }
    }

    private static String refusal(Executable call) {
        return assertThrows(TactusException.class, call).getMessage();
    }
}
