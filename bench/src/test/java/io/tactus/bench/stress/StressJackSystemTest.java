package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.bench.cli.NativeLibrary;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code stress --client-mode jack}: the native tactus_jt3 clients, real processes through Tactus's libjack, chained
 * on an in-process server; a client whose binary refuses to start is retried once, named, and the run goes on; a
 * run where none joins is one sentence.
 */
class StressJackSystemTest {

    private static StressSettings settings(int clients) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return new StressSettings(clients, 2, 64, 48_000, 2, 1,
                root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0), 4, true, 200, LoadKind.NONE, 0,
                new Degradation(WatchdogSettings.defaults(PolicyKind.NONE), HogSettings.none(), 0, 0, 0),
                ClientMode.JACK);
    }

    @Test
    void shouldPlayEveryNativeClientChainedWithoutAllocatingWhenClientModeIsJack() throws Exception {
        StressResult result = new StressTest(settings(4), System.err).withFloorSeconds(0)
                .withNativeClient(NativeLibrary.locate().jt3()).run();

        assertEquals(List.of(), result.clientsNotJoined());
        assertEquals(4, result.metrics().clientsAtEnd(), "every native client alive at the end");
        assertEquals(0, result.metrics().rtAllocatedBytes(), "the engine allocated nothing in the window");
        assertTrue(result.metrics().cycles() > 750, "the run ran its 2 s: " + result.metrics().cycles() + " cycles");
        String report = SummaryFormatter.format(result);
        assertTrue(report.contains("Client Mode . . . . . . . . . : jack"), report);
        assertTrue(report.contains("Number of clients . . . . . . :     4\n"), report);
        assertTrue(report.contains("Clients Alive at End  . . . . :     4"), report);
    }

    @Test
    void shouldReportANativeClientThatFailsToStartAndRunWithTheRest() throws Exception {
        StressResult result = new StressTest(settings(3), System.err).withFloorSeconds(0)
                .withNativeClient(NativeLibrary.locate().jt3()).withFailingClient(2).run();

        // tactus_jt3's status for an option it does not know is 2
        assertEquals(List.of("jack_test3_2 (exited with status 2 before it joined; started 2 times)"),
                result.clientsNotJoined());
        assertEquals(2, result.metrics().clientsAtEnd(), "the two that joined play to the end");
        String report = SummaryFormatter.format(result);
        assertTrue(report.contains("Number of clients . . . . . . :     2 (1 of 3 did not join)"), report);
    }

    @Test
    void shouldFailInOneSentenceWhenNoClientJoins() {
        TactusException e = assertThrows(TactusException.class, () -> new StressTest(settings(1), System.err)
                .withFloorSeconds(0).withNativeClient(NativeLibrary.locate().jt3()).withFailingClient(1).run());

        assertEquals("none of the 1 jack_test3 clients joined the server (jack_test3_1 (exited with status 2 before it"
                + " joined; started 2 times)); see the lines above for why", e.getMessage());
    }
}
