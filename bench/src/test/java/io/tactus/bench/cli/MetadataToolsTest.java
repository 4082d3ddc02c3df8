package io.tactus.bench.cli;

import io.tactus.api.MetadataKeys;
import io.tactus.api.PortDetails;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.Property;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lsp's -A, -p, -U and filter, alias and property: what they ask a server, what they print, one sentence per mistake. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class MetadataToolsTest {

    private static final Map<String, PortDetails> PORTS = Map.of(
            "system:capture_1", new PortDetails("system:capture_1", 3, PortType.AUDIO,
                    Set.of(PortFlag.OUTPUT, PortFlag.PHYSICAL, PortFlag.TERMINAL), List.of("alsa_pcm:capture_1", "Mic")),
            "system:playback_1", new PortDetails("system:playback_1", 5, PortType.AUDIO,
                    Set.of(PortFlag.INPUT, PortFlag.PHYSICAL, PortFlag.TERMINAL), List.of()),
            "seq:midi_in", new PortDetails("seq:midi_in", 9, PortType.MIDI, Set.of(PortFlag.INPUT, PortFlag.CAN_MONITOR),
                    List.of()));
    private static final List<Property> PROPERTIES = List.of(
            new Property(3, MetadataKeys.PRETTY_NAME, "Left microphone", ""),
            new Property(3, MetadataKeys.ORDER, "1", "http://www.w3.org/2001/XMLSchema#integer"),
            new Property(8, MetadataKeys.ICON_NAME, "audio-card", ""));

    @TempDir
    Path directory;

    private ScriptedServer server() throws Exception {
        return new ScriptedServer(directory, request -> {
            if (request instanceof Request.ListPorts r) {
                return new Reply.PortList(List.of(
                        new Reply.PortInfo("system:capture_1", false, r.withConnections() ? List.of("seq:in") : List.of()),
                        new Reply.PortInfo("system:playback_1", true, List.of()),
                        new Reply.PortInfo("seq:midi_in", true, PortType.MIDI, List.of())));
            } else if (request instanceof Request.DescribePort r) {
                return PORTS.containsKey(r.name()) ? new Reply.PortDescription(PORTS.get(r.name()))
                        : new Reply.Error("no port named '" + r.name() + "'");
            } else if (request instanceof Request.Property r) {
                return switch (r.action()) {
                    case "list-all" -> new Reply.PropertyList(PROPERTIES);
                    case "list" -> new Reply.PropertyList(PROPERTIES.stream().filter(p -> p.subject() == r.subject()).toList());
                    case "get" -> new Reply.PropertyList(PROPERTIES.stream()
                            .filter(p -> p.subject() == r.subject() && p.key().equals(r.key())).toList());
                    case "remove-subject" -> new Reply.PropertyList(List.of(PROPERTIES.get(0)));
                    default -> new Reply.Ok(request.type());
                };
            } else if (request instanceof Request.ClientUuid) {
                return new Reply.Uuid(8);
            }
            return new Reply.Ok(request.type());
        });
    }

    @Test
    void shouldListAliasesFlagsIdsAndPrettyNamesOfThePortsThatMatchEveryFilter() throws Exception {
        try (ScriptedServer server = server()) {
            CommandRun all = CommandRun.of("lsp", "-A", "-p", "-t", "-U", "--server", server.name);
            assertEquals(0, all.code(), all.err());
            assertEquals(String.join("\n",
                    "system:capture_1",
                    "\tpretty name: Left microphone",
                    "   alsa_pcm:capture_1",
                    "   Mic",
                    "\tproperties: output,physical,terminal,",
                    "\t32 bit float mono audio",
                    "\tuuid: 3",
                    "system:playback_1",
                    "\tproperties: input,physical,terminal,",
                    "\t32 bit float mono audio",
                    "\tuuid: 5",
                    "seq:midi_in",
                    "\tproperties: input,can-monitor,",
                    "\t8 bit raw midi",
                    "\tuuid: 9") + "\n", all.out());

            CommandRun filtered = CommandRun.of("lsp", "-c", "--server", server.name, "system", "capture");
            assertEquals("system:capture_1\n\tpretty name: Left microphone\n   seq:in\n", filtered.out());
        }
    }

    @Test
    void shouldSetAndUnsetAnAliasAsJackAliasDoes() throws Exception {
        try (ScriptedServer server = server()) {
            assertEquals(0, CommandRun.of("alias", "--server", server.name, "system:capture_1", "Mic").code());
            assertEquals(0, CommandRun.of("alias", "-u", "--server", server.name, "Mic", "Mic").code());
            assertTrue(server.requests.containsAll(List.of(new Request.Alias("system:capture_1", "Mic", true),
                    new Request.Alias("Mic", "Mic", false))), server.requests.toString());
        }
    }

    @Test
    void shouldSetListAndRemovePropertiesBySubjectIdClientNameOrPortName() throws Exception {
        try (ScriptedServer server = server()) {
            assertEquals(0, CommandRun.of("property", "-s", "-p", "--server", server.name, "system:capture_1",
                    MetadataKeys.PRETTY_NAME, "Left microphone").code());
            assertEquals(0, CommandRun.of("property", "-s", "-c", "--server", server.name, "seq", MetadataKeys.ICON_NAME,
                    "audio-card", "text/plain").code());
            assertEquals(0, CommandRun.of("property", "-d", "--server", server.name, "3", MetadataKeys.ORDER).code());
            assertEquals(0, CommandRun.of("property", "-d", "--server", server.name, "3").code());
            assertEquals(0, CommandRun.of("property", "-D", "--server", server.name).code());
            assertTrue(server.requests.containsAll(List.of(
                    new Request.Property("set", 3, MetadataKeys.PRETTY_NAME, "Left microphone", ""),
                    new Request.Property("set", 8, MetadataKeys.ICON_NAME, "audio-card", "text/plain"),
                    new Request.Property("remove", 3, MetadataKeys.ORDER, "", ""),
                    new Request.Property("remove-subject", 3, "", "", ""),
                    new Request.Property("remove-all", 0, "", "", ""))), server.requests.toString());

            assertEquals("3\n\tkey: " + MetadataKeys.PRETTY_NAME + " value: Left microphone\n\tkey: " + MetadataKeys.ORDER
                    + " value: 1 type: http://www.w3.org/2001/XMLSchema#integer\n8\n\tkey: " + MetadataKeys.ICON_NAME
                    + " value: audio-card\n", CommandRun.of("property", "-l", "--server", server.name).out());
            assertEquals("key: " + MetadataKeys.ICON_NAME + " value: audio-card\n",
                    CommandRun.of("property", "-l", "-c", "--server", server.name, "seq").out());
            assertEquals("Left microphone\n", CommandRun.of("property", "-p", "--server", server.name, "system:capture_1",
                    MetadataKeys.PRETTY_NAME).out());
        }
    }

    @Test
    void shouldRefusePropertyMistakesInOneSentence() throws Exception {
        try (ScriptedServer server = server()) {
            assertEquals("tactus: property -s needs SUBJECT KEY VALUE [TYPE], e.g. -p system:capture_1 "
                    + MetadataKeys.PRETTY_NAME + " Left", mistake("property", "-s", "--server", server.name, "3", "k"));
            assertEquals("tactus: 'system:capture_1' is not an id; give -c for a client name or -p for a port name",
                    mistake("property", "--server", server.name, "system:capture_1"));
            assertEquals("tactus: property -D removes everything and takes no arguments",
                    mistake("property", "-D", "--server", server.name, "3"));
            assertEquals("tactus: subject 3 has no property 'nothing'", mistake("property", "--server", server.name, "3",
                    "nothing"));
            assertEquals("tactus: no port named 'ghost:out'", mistake("property", "-p", "--server", server.name, "ghost:out"));
        }
    }

    /** A mistake: non-zero exit and exactly one line on standard error. */
    private static String mistake(String... args) {
        CommandRun run = CommandRun.of(args);
        assertTrue(run.code() != 0, "a mistake exits non-zero: " + String.join(" ", args));
        String err = run.err().trim();
        assertEquals(1, err.lines().count(), "one line:\n" + err);
        return err;
    }
}
