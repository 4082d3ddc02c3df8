package io.tactus.server.control;

import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Issue 17's names (a newline, a tab, a NUL, a C1 control, a right-to-left override, an isolate, a mark, a
 * ':' in a client name) are refused with the same one sentence by the in-process transport and over the
 * socket, for client names and port names; names JACK allows (any other Unicode) are admitted by both.
 */
class NameRulesSystemTest {

    @RegisterExtension
    static final ServedControl served = new ServedControl(ControlServer.Timing.SYNC);

    /** A refused name and the sentence it is refused with, {@code %s} standing for "client name" or "port name". */
    record Refused(String name, String sentence) {
    }

    static Stream<Refused> refusedNames() {
        String controlCharacter = "%s '%s' holds the control character %s; names may hold no control characters"
                + " (newline, tab, NUL, ...)";
        String bidi = "%s '%s' holds the bidirectional formatting character %s; names may hold no bidirectional"
                + " overrides, embeddings, isolates or marks";
        return Stream.of(
                new Refused("two\nlines", String.format(controlCharacter, "%s", "two<U+000A>lines", "U+000A")),
                new Refused("tab\tbed", String.format(controlCharacter, "%s", "tab<U+0009>bed", "U+0009")),
                new Refused("nul\0", String.format(controlCharacter, "%s", "nul<U+0000>", "U+0000")),
                new Refused("c1\u0085", String.format(controlCharacter, "%s", "c1<U+0085>", "U+0085")),
                new Refused("del\u007f", String.format(controlCharacter, "%s", "del<U+007F>", "U+007F")),
                new Refused("evil\u202Egnp.exe", String.format(bidi, "%s", "evil<U+202E>gnp.exe", "U+202E")),
                new Refused("iso\u2067late", String.format(bidi, "%s", "iso<U+2067>late", "U+2067")),
                new Refused("mark\u200F", String.format(bidi, "%s", "mark<U+200F>", "U+200F")));
    }

    @ParameterizedTest
    @MethodSource("refusedNames")
    void shouldRefuseTheClientNameInProcessAndOverTheSocketWithTheSameSentence(Refused refused) throws Exception {
        String sentence = refused.sentence().formatted("client name");
        TactusException inProcess = assertThrows(TactusException.class,
                () -> served.server().openClient(refused.name()));
        assertEquals(sentence, inProcess.getMessage());
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.send(new Request.Hello(refused.name(), 1, FakeClient.TID, "normal"));
            assertEquals(new ControlFrame(1, new Reply.Error(sentence)), client.expectErrorAndClose());
        }
        assertNull(served.server().graph().clientOrNull(refused.name()));
    }

    @ParameterizedTest
    @MethodSource("refusedNames")
    void shouldRefuseThePortNameInProcessAndOverTheSocketWithTheSameSentence(Refused refused) throws Exception {
        String sentence = refused.sentence().formatted("port name");
        String prefix = "names-" + Math.abs(refused.name().hashCode());
        try (TactusClient local = served.server().openClient(prefix + "-local")) {
            TactusException inProcess = assertThrows(TactusException.class,
                    () -> local.registerPort(refused.name(), PortType.AUDIO, PortFlag.OUTPUT));
            assertEquals(sentence, inProcess.getMessage());
        }
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.hello(prefix + "-remote");
            assertEquals(new Reply.Error(sentence), client.request(new Request.RegisterPort(refused.name(), false)));
            client.ok(new Request.RegisterPort("fine", false)); // the connection goes on
            client.ok(new Request.Goodbye());
        }
    }

    @Test
    void shouldRefuseAColonInAClientNameOnBothTransports() throws Exception {
        String sentence = "client name 'a:b' is not valid: it must be non-empty and contain no ':'";
        assertEquals(sentence,
                assertThrows(TactusException.class, () -> served.server().openClient("a:b")).getMessage());
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.send(new Request.Hello("a:b", 1, FakeClient.TID, "normal"));
            assertEquals(new Reply.Error(sentence), client.expectErrorAndClose().message());
        }
    }

    @Test
    void shouldAdmitTheNamesJackAllowsOnBothTransportsAndListOneLinePerPort() throws Exception {
        String name = "Mixer ünï 日本 🎹";
        try (TactusClient local = served.server().openClient(name + " local")) {
            local.registerPort("out 1 (L) — ünï", PortType.AUDIO, PortFlag.OUTPUT);
        }
        try (FakeClient client = FakeClient.connect(served.control().socketPath())) {
            client.hello(name);
            client.ok(new Request.RegisterPort("out 1 (L) — ünï", false));
            Reply.PortList list = (Reply.PortList) client.request(new Request.ListPorts(false));
            List<String> names = list.ports().stream().map(Reply.PortInfo::name).toList();
            assertEquals(true, names.contains(name + ":out 1 (L) — ünï"), names.toString());
            for (String port : names) {
                assertEquals(-1, port.indexOf('\n'), "lsp prints one line per port: " + port);
            }
            client.ok(new Request.Goodbye());
        }
    }
}
