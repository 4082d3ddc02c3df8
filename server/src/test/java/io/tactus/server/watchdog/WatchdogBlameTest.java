package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.PERIOD;
import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatchdogBlameTest {

    private final SyntheticCycles cycles = new SyntheticCycles();

    /**
     * heavy-a 45 % and heavy-b 40 % (both within the 50 % budget), seven light clients at 2 %, and last at
     * 3 %: 103 % with the overhead, an xrun in every cycle, and last is the one still running at the deadline
     * after waiting 99 % of the period for the others.
     */
    private void overloadedSerialOrder() {
        cycles.add("heavy-a", share(0.45));
        cycles.add("heavy-b", share(0.40));
        cycles.addMany("light", 7, ClientPriority.NORMAL, share(0.02));
        cycles.add("last", share(0.03));
    }

    @Test
    void shouldNeverStrikeAClientForTheTimeItWaitedEvenInXrunCycles() {
        overloadedSerialOrder();
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));

        cycles.runCycles(750);

        assertEquals(List.of(), cycles.actions.calls);
        ClientView last = cycles.view("last");
        assertTrue(last.waitMicros() > 0.95 * PERIOD / 1000, "waited " + last.waitMicros());
        assertEquals(share(0.03) / 1000.0, last.busyMicros(), 0.001);
        assertEquals(750, last.timeouts());
        assertEquals(0, last.xruns());
        assertEquals(0, last.actions());
    }

    @Test
    void shouldNameTheClientsThatConsumedAnXrunCycle() {
        overloadedSerialOrder();
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));

        cycles.runCycles(400);

        List<WatchdogEvent> xruns = cycles.events(WatchdogEvent.Action.XRUN);
        assertEquals(400, xruns.size());
        assertTrue(xruns.stream().allMatch(e -> e.client().equals("heavy-a, heavy-b")), xruns.get(0).client());
        assertTrue(xruns.get(0).reason().contains("consumed by heavy-a 600 usecs, heavy-b 533 usecs"),
                xruns.get(0).reason());
        assertEquals(400, cycles.view("heavy-a").xruns());
        assertEquals(400, cycles.view("heavy-b").xruns());
        List<WatchdogEvent> timeouts = cycles.events(WatchdogEvent.Action.TIMEOUT);
        assertEquals(400, timeouts.size());
        assertTrue(timeouts.stream().allMatch(e -> e.client().equals("last")));
    }

    @Test
    void shouldKeepTheFirstThousandObservedEventsAndCountTheRest() {
        overloadedSerialOrder();
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));

        cycles.runCycles(750);

        assertEquals(Watchdog.OBSERVED_EVENTS_KEPT, cycles.watchdog().events().size());
        assertEquals(2 * 750 - Watchdog.OBSERVED_EVENTS_KEPT, cycles.watchdog().observedEventsDropped());
        assertEquals(0, cycles.watchdog().actionsTaken());
    }

    @Test
    void shouldLogEveryClientTheServerGaveUpOnWithWhatItHadDone() {
        cycles.add("asleep", share(0.02));
        cycles.add("slow", share(0.10));
        cycles.add("fine", share(0.02));
        cycles.giveUpOn("asleep", false);
        cycles.giveUpOn("slow", true);
        cycles.start(WatchdogSettings.defaults(PolicyKind.NONE));

        cycles.runCycles(5);

        List<WatchdogEvent> timeouts = cycles.events(WatchdogEvent.Action.TIMEOUT);
        assertEquals(10, timeouts.size(), "one event per client and cycle, not one per cycle");
        assertEquals(5, cycles.view("asleep").timeouts());
        assertEquals(5, cycles.view("slow").timeouts());
        assertEquals(0, cycles.view("fine").timeouts());
        WatchdogEvent asleep = timeouts.stream().filter(e -> e.client().equals("asleep")).findFirst().orElseThrow();
        assertTrue(asleep.reason().startsWith("did not begin cycle 0 before the server stopped waiting"), asleep.reason());
        assertEquals(0.0, asleep.figures().get(WatchdogEvent.BEGAN));
        WatchdogEvent slow = timeouts.stream().filter(e -> e.client().equals("slow")).findFirst().orElseThrow();
        assertTrue(slow.reason().startsWith("began cycle 0 0 usecs after it was due and had worked 133 usecs"), slow.reason());
        assertEquals(1.0, slow.figures().get(WatchdogEvent.BEGAN));
    }

    @Test
    void shouldForgetLoggedXrunsAndTimeoutsButNotActionsWhenAMeasurementWindowOpens() {
        overloadedSerialOrder();
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));
        cycles.runCycles(750);
        assertEquals(Watchdog.OBSERVED_EVENTS_KEPT, cycles.watchdog().events().size());

        cycles.watchdog().restartObservations(760); // the window opens at cycle 760; the consumer is at 750

        assertEquals(List.of(), cycles.watchdog().events());
        assertEquals(0, cycles.watchdog().observedEventsDropped());
        cycles.runCycles(10);
        assertEquals(List.of(), cycles.watchdog().events(), "cycles 750-759 come before the window");
        assertEquals(0, cycles.watchdog().observedEventsDropped());
        cycles.runCycles(10);
        assertEquals(20, cycles.watchdog().events().size(), "an xrun and a timeout per cycle, logged again");
        assertEquals(760, cycles.watchdog().events().get(0).cycle());
    }

    @Test
    void shouldNameTheHostWhenNoClientConsumedTheXrunCycle() {
        cycles.addMany("tiny", 10, ClientPriority.NORMAL, share(0.02));
        cycles.delay(share(0.95));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));

        cycles.runCycles(10);

        List<WatchdogEvent> xruns = cycles.events(WatchdogEvent.Action.XRUN);
        assertEquals(10, xruns.size());
        assertTrue(xruns.stream().allMatch(e -> e.client().equals("(host)")));
        assertTrue(xruns.get(0).reason().contains("the engine woke 1267 usecs late"), xruns.get(0).reason());
        assertEquals(List.of(), cycles.actions.calls);
        assertTrue(cycles.watchdog().clients().stream().allMatch(v -> v.xruns() == 0));
    }
}
