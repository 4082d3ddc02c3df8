package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stress --dsp cascade}: the JACK2 reference client's work, in the server's process and in the clients' own,
 * chained. Every client joins and runs, the engine thread allocates nothing with the cascade on it, and the report
 * says which work ran; a combination the cascade cannot do is one sentence.
 */
class StressCascadeSystemTest {

    private static StressSettings chained(ClientMode mode, int seconds) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return new StressSettings(4, 4, 64, 48_000, seconds, 2,
                root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0), 16, true, 200, LoadKind.NONE, 0,
                new Degradation(WatchdogSettings.defaults(PolicyKind.NONE), HogSettings.none(), 0, 0, 0), mode,
                ClientDsp.CASCADE);
    }

    @ParameterizedTest
    @EnumSource(value = ClientMode.class, names = {"INPROC", "PROCESS"})
    void shouldRunTheReferenceClientsWorkChainedAndSayItInTheReport(ClientMode mode) throws Exception {
        StressResult result = new StressTest(chained(mode, 3), System.err).withFloorSeconds(0).run();

        String report = SummaryFormatter.format(result);
        System.out.print(report);
        assertEquals(java.util.List.of(), result.clientsNotJoined(), "every cascade client joined");
        assertTrue(result.metrics().cycles() > 1_000, "3 s at 750 cycles a second: " + result.metrics().cycles());
        assertTrue(result.metrics().clientWorkMeanMicros() > 0, "the clients worked: " + report);
        assertEquals(0, result.metrics().rtAllocatedBytes(), "RT Allocated Bytes");
        assertTrue(report.contains("Work per Client . . . . . . . : 16 filter stages (cascade: each input to its own "
                + "output, as JACK2's reference client), chained"), report);
    }

    @Test
    void shouldRefuseTheCascadeWithMidiOrNativeClientsInOneSentence() {
        assertEquals("--midi works with --dsp mixer only: the cascade client has no MIDI ports",
                assertThrows(TactusException.class,
                        () -> new StressTest(chained(ClientMode.INPROC, 1), System.err).withMidi(true).run()).getMessage());
        assertEquals("--dsp cascade works with Java clients only: the native jack_test3 of --client-mode jack is the mixer",
                assertThrows(TactusException.class, () -> chained(ClientMode.JACK, 1).validate()).getMessage());
        assertEquals("--dsp must be mixer or cascade, not 'fir'",
                assertThrows(TactusException.class, () -> ClientDsp.parse("fir")).getMessage());
    }
}
