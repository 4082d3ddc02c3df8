package io.tactus.bench.stress;

import io.tactus.api.ClientPriority;
import io.tactus.server.watchdog.ClientState;
import io.tactus.server.watchdog.ClientView;
import io.tactus.server.watchdog.WatchdogEvent;
import io.tactus.server.watchdog.WatchdogEvent.Action;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchdogOutcomeTest {

    private static final long START = 1_000_000_000_000L;
    private static final long MS = 1_000_000;

    private static WatchdogEvent event(long atMillis, Action action, String client) {
        return new WatchdogEvent(START + atMillis * MS, atMillis, "evict", action, client, "why", Map.of());
    }

    private static ClientView view(String name, ClientState state) {
        return new ClientView(name, ClientPriority.NORMAL, state, 0, 0, 0, 0, 0, 0, 0);
    }

    @Test
    void shouldMeasureTheShedFromTurningHyperactiveToTheFirstCycleWithoutTheHog() {
        WatchdogOutcome w = new WatchdogOutcome("evict", List.of(
                event(-500, Action.XRUN, "jt3_1"),            // warm-up: not counted
                event(10_002, Action.XRUN, "hog_1"),
                event(10_002, Action.EVICT, "hog_1"),
                event(10_004, Action.XRUN, "hog_1, jt3_2"),
                event(10_005, Action.SILENCED, "hog_1"),
                event(20_000, Action.EVICT, "jt3_3")),
                0, List.of(view("hog_1", ClientState.EVICTED), view("jt3_3", ClientState.EVICTED),
                view("jt3_4", ClientState.MUTED), view("jt3_5", ClientState.ACTIVE)),
                START, List.of("hog_1"), List.of(START + 10_000 * MS), "unchanged");

        assertEquals(5.0, w.culpritShedAfterMillis().orElseThrow(), 1e-9, "to the cycle without it, not the decision");
        assertEquals(1, w.innocentsEvicted());
        assertEquals(1, w.mutedAtEnd());
        assertEquals(1, w.mutedAtEnd(ClientPriority.NORMAL), "jt3_4 declared normal");
        assertEquals(0, w.mutedAtEnd(ClientPriority.LOW));
        assertEquals(List.of(Action.EVICT, Action.EVICT), w.actions().stream().map(WatchdogEvent::action).toList());
        assertEquals(Map.of("hog_1", 2, "jt3_2", 1), w.xrunsBlamed(), "measured xruns only, each named client once");
        assertEquals(10.002, w.firstShedSeconds().orElseThrow(), 1e-9);
        assertEquals(-0.5, w.secondsOf(w.events().get(0)), 1e-9);
    }

    private static WatchdogEvent timeout(long atMillis, String client, boolean began) {
        return new WatchdogEvent(START + atMillis * MS, atMillis, "evict", Action.TIMEOUT, client, "why",
                Map.of(WatchdogEvent.BEGAN, began ? 1.0 : 0.0));
    }

    private static WatchdogOutcome timeouts() {
        return new WatchdogOutcome("evict", List.of(
                timeout(-20, "jt3_1", false),                 // warm-up: not counted
                timeout(5, "jt3_1", false),
                timeout(5, "jt3_2", false),
                timeout(6, "jt3_1", true),
                event(7, Action.XRUN, "(host)")),
                0, List.of(), START, List.of(), List.of(), "unchanged");
    }

    @Test
    void shouldCountTheMeasuredTimeoutsPerClientAndThoseThatHadNotBegun() {
        WatchdogOutcome w = timeouts();

        assertEquals(Map.of("jt3_1", 2, "jt3_2", 1), w.timeoutsBlamed());
        assertEquals(2, w.timeoutsNotBegun());
        assertEquals(Map.of("(host)", 1), w.xrunsBlamed());
    }

    @Test
    void shouldReportNoShedWhenTheHogNeverTurnedHyperactiveOrWasNeverShed() {
        WatchdogOutcome never = new WatchdogOutcome("none", List.of(event(11_000, Action.XRUN, "hog_1")), 0,
                List.of(), START, List.of("hog_1"), List.of(START + 10_000 * MS), "unchanged");
        assertTrue(never.culpritShedAfterMillis().isEmpty());
        WatchdogOutcome idle = new WatchdogOutcome("evict", List.of(), 0, List.of(), START, List.of("hog_1"),
                List.of(-1L), "unchanged");
        assertTrue(idle.culpritShedAfterMillis().isEmpty());
    }
}
