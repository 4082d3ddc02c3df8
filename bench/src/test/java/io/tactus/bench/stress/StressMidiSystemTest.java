package io.tactus.bench.stress;

import io.tactus.bench.load.LoadKind;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stress --midi}: 1000 MIDI events a second through every jack_test3 client, in the server's process and in
 * their own. In-process no event may be lost or reordered (the engine never gives up on a client of its own);
 * in processes one may be lost only where the server gave up on a client. The engine thread allocates nothing,
 * and the report says what was carried.
 */
class StressMidiSystemTest {

    @ParameterizedTest
    @EnumSource(value = ClientMode.class, names = {"INPROC", "PROCESS"})
    void shouldCarryEveryEventThroughEveryClientAndReportIt(ClientMode mode) throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        StressSettings settings = new StressSettings(4, 2, 64, 48_000, 3, 2,
                root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0), 0, true, 200, LoadKind.NONE, 0,
                new Degradation(WatchdogSettings.defaults(PolicyKind.NONE), HogSettings.none(), 0, 0, 0), mode);

        StressResult result = new StressTest(settings, System.err).withFloorSeconds(0).withMidi(true).run();

        MidiOutcome midi = result.midi();
        String report = SummaryFormatter.format(result);
        System.out.print(report);
        assertTrue(midi.sent() > 2_500, "3 s at 1000 a second: " + midi.sent());
        assertEquals(0, midi.outOfOrder(), "none out of order");
        if (mode == ClientMode.INPROC) {
            assertEquals(0, midi.lost(), "none lost in the server's process");
        } else {
            long timeouts = result.metrics().timeouts();
            assertTrue(midi.lost() <= 2 * timeouts, midi.lost() + " lost with " + timeouts + " timeouts");
        }
        // Events on their way at the window's edges (a chain of 4 in one or two periods, 1.3 events a period), and a
        // gap that opened before the window but showed in it: a small difference, whatever the host.
        assertTrue(Math.abs(midi.sent() - midi.carried() - midi.lost()) <= Math.max(10, midi.sent() / 100), "sent " + midi.sent() + ", carried "
                + midi.carried() + ", lost " + midi.lost());
        assertEquals(0, result.metrics().rtAllocatedBytes(), "RT Allocated Bytes");
        assertTrue(report.contains("MIDI Events Carried . . . . . : " + String.format("%5d", midi.carried())), report);
    }

    @org.junit.jupiter.api.Test
    void shouldRefuseMidiWithAStaggeredJoinInOneSentence() {
        StressSettings staggered = new StressSettings(2, 1, 64, 48_000, 2, 0, SchedulingSettings.other(0), 0, true,
                200, LoadKind.NONE, 1);
        assertEquals("--midi works without --stagger: the MIDI chain is wired once every client has joined",
                assertThrows(io.tactus.api.TactusException.class,
                        () -> new StressTest(staggered, System.err).withMidi(true).run()).getMessage());
    }
}
