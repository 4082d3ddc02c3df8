package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.MILLIS;
import static io.tactus.server.watchdog.SyntheticCycles.PERIOD;
import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;

class WatchdogGraceTest {

    /** Whole periods after a client's first run before it is judged: 2000 ms is 1500.0004 periods. */
    private static final long GRACE_CYCLES = (2_000 * MILLIS + PERIOD - 1) / PERIOD;

    private final SyntheticCycles cycles = new SyntheticCycles();

    @Test
    void shouldNotActOnAHogDuringItsGracePeriodButAtItsFirstCycleAfter() {
        cycles.add("hog", share(0.70));
        cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runCycles(1 + GRACE_CYCLES - 1);
        assertEquals(List.of(), cycles.actions.calls);
        assertEquals(ClientState.GRACE, cycles.view("hog").state());

        cycles.runCycle();
        assertEquals(List.of("mute hog"), cycles.actions.calls);
    }

    @Test
    void shouldCountTheGracePeriodFromTheClientsOwnFirstRun() {
        cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));
        cycles.runFor(3_000);
        cycles.add("late", share(0.70));

        cycles.runCycles(GRACE_CYCLES);
        assertEquals(List.of(), cycles.actions.calls, "the server is 5 s old, but the newcomer only 2 s minus a period");

        cycles.runCycle();
        assertEquals(List.of("mute late"), cycles.actions.calls);
    }

    @Test
    void shouldActAtTheFirstCycleWithoutAGracePeriod() {
        cycles.add("hog", share(0.70));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));

        cycles.runCycle();
        assertEquals(List.of(), cycles.actions.calls, "one cycle over budget is not yet a strike (it may be the host's)");
        cycles.runCycle();

        assertEquals(List.of("mute hog"), cycles.actions.calls, "the second in a row is");
    }

    @Test
    void shouldShowAWellBehavedClientAsActiveOnceItsGraceIsOver() {
        cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(3_000);

        assertEquals(ClientState.ACTIVE, cycles.view("light-0").state(), "three seconds old: judged, not in grace");
    }
}
