package io.tactus.bench.stress;

import io.tactus.bench.load.LoadKind;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A process stress run in which one client never joins (its process exits at once, every time it is started):
 * the client is started {@value ProcessClients#ATTEMPTS} times, then the run goes on with the others, chained
 * around the gap, and its report names the missing one in one line.
 */
class StressJoinSystemTest {

    @Test
    void shouldRetryAClientThatExitsBeforeJoiningThenReportItAndRunWithTheRest() throws Exception {
        boolean root = "root".equals(System.getProperty("user.name"));
        StressSettings settings = new StressSettings(3, 2, 64, 48_000, 2, 1,
                root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0), 0, true, 200, LoadKind.NONE, 0,
                new Degradation(WatchdogSettings.defaults(PolicyKind.NONE), HogSettings.none(), 0, 0, 0),
                ClientMode.PROCESS);

        StressResult result = new StressTest(settings, System.err).withFloorSeconds(0).withFailingClient(2).run();

        // picocli's status for an unknown option is 2
        assertEquals(List.of("jack_test3_2 (exited with status 2 before it joined; started "
                + ProcessClients.ATTEMPTS + " times)"), result.clientsNotJoined());
        assertTrue(result.metrics().cycles() > 750, "the run ran its 2 s: " + result.metrics().cycles() + " cycles");
        assertEquals(2, result.metrics().clientsAtEnd(), "the two that joined play to the end");
        assertTrue(result.metrics().xruns() < result.metrics().cycles() / 20,
                "the chain around the gap plays: " + result.metrics().xruns() + " xruns (bound: 5 % of cycles)");
        String report = SummaryFormatter.format(result);
        assertTrue(report.contains("Clients Not Joined  . . . . . :     1: jack_test3_2 (exited with status 2"),
                report);
        assertTrue(report.contains("Number of clients . . . . . . :     2 (1 of 3 did not join)"), report);
    }
}
