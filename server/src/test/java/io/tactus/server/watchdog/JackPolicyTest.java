package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JackPolicyTest {

    private final SyntheticCycles cycles = new SyntheticCycles();

    @Test
    void shouldEvictTheInnocentClientCaughtRunningAtTheTimeout() {
        cycles.add("hog", share(0.80));
        cycles.addMany("light", 8, ClientPriority.NORMAL, share(0.01));
        cycles.add("victim", share(0.15));
        cycles.start(WatchdogSettings.defaults(PolicyKind.JACK));

        cycles.runCycle();
        assertEquals(List.of("evict victim"), cycles.actions.calls, "at the first timeout: JACK had no grace period");
        WatchdogEvent evict = cycles.actionEvents().get(0);
        assertTrue(evict.reason().startsWith("zombified: it was running when cycle 0 timed out (own work 200 usecs"),
                evict.reason());

        cycles.runFor(3_000);
        assertEquals(List.of("evict victim"), cycles.actions.calls, "the hog, at 80 % of the period, is never touched");
        assertEquals(1, cycles.events(WatchdogEvent.Action.TIMEOUT).size());
    }

    @Test
    void shouldEvictTheTimeoutClientOnlyOnceWhileTheEvictionIsOnItsWay() {
        cycles.add("hog", share(0.80));
        cycles.add("victim", share(0.25));
        cycles.ignoreActions();
        cycles.start(WatchdogSettings.defaults(PolicyKind.JACK));

        cycles.runFor(1_000);

        assertEquals(List.of("evict victim"), cycles.actions.calls);
    }

    @Test
    void shouldDoNothingWithoutATimeoutEvenInXrunsAndWithAHog() {
        cycles.add("hog", share(0.45));
        cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.005));
        cycles.delay(share(0.40));
        cycles.overhead(share(0.20));
        cycles.start(WatchdogSettings.defaults(PolicyKind.JACK));

        cycles.runFor(3_000);

        assertTrue(cycles.events(WatchdogEvent.Action.XRUN).size() > 0, "every cycle ends after the deadline");
        assertEquals(0, cycles.events(WatchdogEvent.Action.TIMEOUT).size(), "but no client runs across it");
        assertEquals(List.of(), cycles.actions.calls);
    }
}
