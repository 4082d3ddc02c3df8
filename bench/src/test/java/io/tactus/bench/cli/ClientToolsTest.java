package io.tactus.bench.cli;

import io.tactus.api.PortType;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** lsp, connect, disconnect, status, classpath and client: their output, and one sentence per mistake. */
@Timeout(value = 30, unit = TimeUnit.SECONDS)
class ClientToolsTest {

    @TempDir
    Path directory;

    /** A mistake: non-zero exit and exactly one line on standard error. */
    private static String mistake(String... args) {
        CommandRun run = CommandRun.of(args);
        assertTrue(run.code() != 0, "a mistake exits non-zero: " + String.join(" ", args));
        String err = run.err().trim();
        assertEquals(1, err.lines().count(), "one line:\n" + err);
        return err;
    }

    @Test
    void shouldRefuseClientMistakesWithOneSentenceBeforeLookingForAServer() {
        assertEquals("tactus: KIND must be jt3, cascade, sine, gain, hog, sleeper, allocator, crasher, midi-file, transpose, "
                + "midi-dump, metro or synth, not 'banjo'", mistake("client", "banjo"));
        assertEquals("tactus: --freq does not apply to a jt3 client; it is for sine", mistake("client", "jt3", "--freq", "440"));
        assertEquals("tactus: --gain does not apply to a hog client; it is for sine or gain", mistake("client", "hog", "--gain", "2"));
        assertEquals("tactus: --pattern must be steady, ramp or burst, not 'zigzag'", mistake("client", "hog", "--pattern", "zigzag"));
        assertEquals("tactus: --mode must be throw or exit, not 'melt'", mistake("client", "crasher", "--mode", "melt"));
        assertEquals("tactus: --ports must be from 1 to 32, not 0", mistake("client", "jt3", "--ports", "0"));
        assertEquals("tactus: --saw does not apply to a jt3 client; it is for cascade", mistake("client", "jt3", "--saw"));
        assertEquals("tactus: --work must be from 0 to 100000, not -1", mistake("client", "cascade", "--work", "-1"));
        assertEquals("tactus: --load must be a percentage of the period from 0 to 10000, not -5.0", mistake("client", "hog", "--load", "-5"));
        assertEquals("tactus: --freq must be a frequency above 0 Hz, not 0.0", mistake("client", "sine", "--freq", "0"));
        assertEquals("tactus: --priority must be low, normal or high, not 'urgent'", mistake("client", "sine", "--priority", "urgent"));
        assertEquals("tactus: --at-cycle must be 0 or more, not -1", mistake("client", "crasher", "--at-cycle", "-1"));
        assertEquals("tactus: a midi-file client needs the MIDI file to play: tactus client midi-file FILE.mid",
                mistake("client", "midi-file"));
        assertEquals("tactus: there is no MIDI file /nowhere/song.mid", mistake("client", "midi-file", "/nowhere/song.mid"));
        assertEquals("tactus: only a midi-file client takes a file, not a sine client ('song.mid')",
                mistake("client", "sine", "song.mid"));
        assertEquals("tactus: --bpm must be from 1 to 999, not 0", mistake("client", "metro", "--bpm", "0"));
        assertEquals("tactus: --key must be from 0 to 127, not 128", mistake("client", "metro", "--key", "128"));
        assertEquals("tactus: --velocity must be from 1 to 127, not 0", mistake("client", "metro", "--velocity", "0"));
        assertEquals("tactus: --bpm does not apply to a midi-dump client; it is for metro",
                mistake("client", "midi-dump", "--bpm", "60"));
        assertEquals("tactus: --ahead must be from 2 to 64, not 1", mistake("client", "synth", "--ahead", "1"));
        assertEquals("tactus: there is no soundbank file /nowhere/piano.sf2",
                mistake("client", "synth", "--soundfont", "/nowhere/piano.sf2"));
        assertEquals("tactus: --soundfont does not apply to a metro client; it is for synth",
                mistake("client", "metro", "--soundfont", "piano.sf2"));
        assertTrue(mistake("client").startsWith("tactus: Missing required parameter: 'KIND'"));
        assertTrue(mistake("client", "jt3", "--work", "lots").startsWith("tactus: Invalid value for option '--work'"));
        assertTrue(mistake("lsp", "--colour").startsWith("tactus: Unknown option: '--colour'"));
        assertTrue(mistake("connect", "a:out_1").startsWith("tactus: Missing required parameter: 'DST'"));
    }

    @Test
    void shouldSayInOneSentenceThatNoServerRunsUnderThatName() {
        String absent = "absent-" + System.nanoTime();
        String sentence = "tactus: no Tactus server named '" + absent + "' is running; start one with ./tactus server";
        assertEquals(sentence, mistake("lsp", "--server", absent));
        assertEquals(sentence, mistake("status", "--server", absent));
        assertEquals(sentence, mistake("connect", "--server", absent, "a:out_1", "b:in_1"));
        assertEquals(sentence, mistake("disconnect", "--server", absent, "a:out_1", "b:in_1"));
        assertEquals(sentence, mistake("client", "sine", "--server", absent));
    }

    @Test
    void shouldListPortsAsJackLspDoesWithConnectionsIndented() throws Exception {
        List<Reply.PortInfo> ports = List.of(
                new Reply.PortInfo("system:capture_1", false, List.of("gain:in_1")),
                new Reply.PortInfo("system:playback_1", true, List.of("gain:out_1", "sine:out")),
                new Reply.PortInfo("gain:in_1", true, List.of("system:capture_1")),
                new Reply.PortInfo("seq:midi_out", false, PortType.MIDI, List.of()));
        try (ScriptedServer server = new ScriptedServer(directory, request -> request instanceof Request.Property
                ? new Reply.PropertyList(List.of()) : new Reply.PortList(
                ((Request.ListPorts) request).withConnections() ? ports
                        : ports.stream().map(p -> new Reply.PortInfo(p.name(), p.isInput(), p.portType(), List.of())).toList()))) {
            CommandRun plain = CommandRun.of("lsp", "--server", server.name);
            CommandRun connected = CommandRun.of("lsp", "-c", "--server", server.name);
            CommandRun typed = CommandRun.of("lsp", "-t", "--server", server.name);

            assertEquals(0, plain.code(), plain.err());
            assertEquals("system:capture_1\nsystem:playback_1\ngain:in_1\nseq:midi_out\n", plain.out());
            assertEquals("system:capture_1\n   gain:in_1\nsystem:playback_1\n   gain:out_1\n   sine:out\ngain:in_1\n"
                    + "   system:capture_1\nseq:midi_out\n", connected.out());
            assertEquals("system:capture_1\n\t32 bit float mono audio\nsystem:playback_1\n\t32 bit float mono audio\n"
                    + "gain:in_1\n\t32 bit float mono audio\nseq:midi_out\n\t8 bit raw midi\n", typed.out());
            Request.Hello hello = (Request.Hello) server.requests.get(0);
            assertEquals("lsp-" + ProcessHandle.current().pid(), hello.clientName());
            assertTrue(server.requests.contains(new Request.Goodbye()), "the tool leaves cleanly");
        }
    }

    @Test
    void shouldConnectAndPassTheServersRefusalOnAsOneSentence() throws Exception {
        try (ScriptedServer server = new ScriptedServer(directory, request -> request instanceof Request.Disconnect
                ? new Reply.Error("a:out_1 is not connected to b:in_1") : new Reply.Ok(request.type()))) {
            assertEquals(0, CommandRun.of("connect", "--server", server.name, "a:out_1", "b:in_1").code());
            assertTrue(server.requests.contains(new Request.Connect("a:out_1", "b:in_1")));
            assertEquals("tactus: a:out_1 is not connected to b:in_1",
                    mistake("disconnect", "--server", server.name, "a:out_1", "b:in_1"));
        }
    }

    @Test
    void shouldPrintTheStatusInLabelLines() throws Exception {
        try (ScriptedServer server = new ScriptedServer(directory, request -> request instanceof Request.Statistics
                ? new Reply.StatisticsReport(12.34, 1300.4, 2100.6) : new Reply.StatusReport(48_000, 64, 3,
                123_456, 2, 7, 12.34, "SCHED_FIFO 70", "async", "evict"))) {
            CommandRun status = CommandRun.of("status", "--server", server.name);

            assertEquals(0, status.code(), status.err());
            assertEquals(String.join("\n",
                    "Server  . . . . . . . . . . . : " + server.name,
                    "Sample Rate . . . . . . . . . : 48000 Hz",
                    "Frames per buffer . . . . . . : 64",
                    "Period  . . . . . . . . . . . : 1333 usecs",
                    "Clients . . . . . . . . . . . : 3",
                    "Cycles  . . . . . . . . . . . : 123456",
                    "XRUN Count  . . . . . . . . . : 2",
                    "Timeout Count . . . . . . . . : 7",
                    "DSP Load  . . . . . . . . . . : 12.3 %",
                    "Delay Maximum . . . . . . . . : 1300 usecs",
                    "Last XRUN Delay . . . . . . . : 2101 usecs",
                    "Scheduling Policy . . . . . . : SCHED_FIFO 70",
                    "Process Clients . . . . . . . : async (their outputs are heard a period later)",
                    "Watchdog Policy . . . . . . . : evict") + "\n", status.out());
        }
    }

    @Test
    void shouldPrintAbsoluteClasspathEntriesForTheClientApiAndJna() {
        CommandRun run = CommandRun.of("classpath");

        assertEquals(0, run.code(), run.err());
        String[] entries = run.out().trim().split(File.pathSeparator);
        assertEquals(2, entries.length, run.out());
        for (String entry : entries) {
            assertTrue(Path.of(entry).isAbsolute() && Files.exists(Path.of(entry)), entry);
        }
        assertTrue(entries[0].contains("client-api"), entries[0]);
        assertTrue(entries[1].contains("jna"), entries[1]);
    }

    @Test
    void shouldPrintTheJavaOptionsARealtimeClientNeeds() {
        CommandRun run = CommandRun.of("classpath", "--java-options");

        assertEquals(0, run.code(), run.err());
        assertEquals("-XX:+UnlockDiagnosticVMOptions -XX:GuaranteedSafepointInterval=0"
                + " -XX:GuaranteedAsyncDeflationInterval=0", run.out().trim());
    }
}
