package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.MILLIS;
import static io.tactus.server.watchdog.SyntheticCycles.PERIOD;
import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BypassPolicyTest {

    private final SyntheticCycles cycles = new SyntheticCycles();

    private List<String> hogAndNineLight(double hogShare) {
        cycles.add("hog", share(hogShare));
        return cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
    }

    @Test
    void shouldMuteReadmitAndDoubleTheBackOffAtEachRelapseThenEvict() {
        List<String> light = hogAndNineLight(0.70);
        cycles.start(WatchdogSettings.defaults(PolicyKind.BYPASS));

        cycles.runFor(12_000);

        assertEquals(List.of("mute hog", "readmit hog", "mute hog", "readmit hog", "mute hog", "readmit hog",
                "evict hog"), cycles.actions.calls);
        List<WatchdogEvent> acted = cycles.actionEvents();
        String[] muted = {"muted for 1000 ms (first time)", "muted for 2000 ms (relapse 1)", "muted for 4000 ms (relapse 2)"};
        for (int i = 0; i < 3; i++) {
            WatchdogEvent mute = acted.get(2 * i);
            WatchdogEvent readmit = acted.get(2 * i + 1);
            assertTrue(mute.reason().contains(muted[i]), mute.reason());
            long backoff = readmit.timeNanos() - mute.timeNanos();
            long expected = (1_000L << i) * MILLIS;
            assertTrue(backoff >= expected && backoff < expected + PERIOD, "back-off " + i + ": " + backoff);
        }
        assertTrue(acted.get(6).reason().contains("at relapse 3 of 3"), acted.get(6).reason());
        for (String name : light) {
            assertEquals(0, cycles.view(name).actions(), name);
        }
    }

    @Test
    void shouldNeverEvictAtTheFirstStrikeEvenAHogOverTheWholePeriod() {
        hogAndNineLight(1.50);
        cycles.start(WatchdogSettings.defaults(PolicyKind.BYPASS));

        cycles.runFor(3_500);

        assertEquals(List.of("mute hog", "readmit hog", "mute hog"), cycles.actions.calls);
    }

    @Test
    void shouldCountOneRelapsePerMuteWhileTheMuteIsStillOnItsWay() {
        hogAndNineLight(0.70);
        cycles.ignoreActions();
        cycles.start(WatchdogSettings.defaults(PolicyKind.BYPASS));

        cycles.runFor(2_500);

        assertEquals(List.of("mute hog"), cycles.actions.calls, "over budget in every muted cycle, one mute");
    }
}
