package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.MILLIS;
import static io.tactus.server.watchdog.SyntheticCycles.PERIOD;
import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EvictPolicyTest {

    private static final List<String> MUTE_TWICE_THEN_EVICT =
            List.of("mute hog", "readmit hog", "mute hog", "readmit hog", "evict hog");

    private final SyntheticCycles cycles = new SyntheticCycles();

    /** The hog first, then nine light clients at 2 % each. */
    private List<String> hogAndNineLight(double hogShare) {
        cycles.add("hog", share(hogShare));
        return cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
    }

    @Test
    void shouldEvictOnlyTheHogWhenItsOwnWorkExceedsTheBudget() {
        List<String> light = hogAndNineLight(0.70);
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(6_000);

        assertEquals(MUTE_TWICE_THEN_EVICT, cycles.actions.calls);
        List<WatchdogEvent> acted = cycles.actionEvents();
        assertTrue(acted.get(0).reason().contains("strike 1 of 3, muted for 1000 ms"), acted.get(0).reason());
        assertTrue(acted.get(2).reason().contains("strike 2 of 3"), acted.get(2).reason());
        assertTrue(acted.get(4).reason().contains("3 strikes within 10000 ms"), acted.get(4).reason());
        cycles.watchdog().restartObservations(0);
        assertEquals(acted, cycles.actionEvents(), "a new measurement window forgets xruns and timeouts, never actions");
        for (int readmit : new int[] {1, 3}) {
            long backoff = acted.get(readmit).timeNanos() - acted.get(readmit - 1).timeNanos();
            assertTrue(backoff >= 1_000 * MILLIS && backoff < 1_000 * MILLIS + PERIOD, "back-off " + backoff);
            assertEquals(acted.get(readmit).cycle() + 2, acted.get(readmit + 1).cycle(),
                    "struck again at the second cycle it runs after its readmission (two in a row over budget)");
        }
        assertEquals(ClientState.EVICTED, cycles.view("hog").state());
        for (String name : light) {
            assertEquals(0, cycles.view(name).actions(), name);
        }

        cycles.runFor(3_000);
        assertEquals(5, cycles.actions.calls.size(), "nothing more once the hog is gone");
    }

    @Test
    void shouldNotStrikeAClientForTimeTheKernelTookAwayInItsCall() {
        // Every cycle the engine thread is off the CPU for 300 ms inside the one call that looks long (the
        // kernel's RT throttling): its wall time is the period's 225 times, its own work 3 %.
        cycles.add("unlucky", share(0.03) + 300 * MILLIS);
        cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
        cycles.offCpu(300 * MILLIS).start(WatchdogSettings.defaults(PolicyKind.EVICT).withGraceMillis(0));

        cycles.runFor(5_000);

        assertEquals(List.of(), cycles.actions.calls, "nobody is struck for the kernel's time");
        assertTrue(cycles.view("unlucky").busyMicros() < 0.05 * PERIOD / 1000, "charged " + cycles.view("unlucky").busyMicros());
    }

    @Test
    void shouldNotStrikeAClientForOneLongCallTheHostMayHaveStretched() {
        long stretched = cyclesAt(3_000);
        cycles.addMany("light", 10, ClientPriority.NORMAL, share(0.02));
        cycles.work((client, cycle) -> client.equals("light-3") && cycle == stretched ? share(1.20) : share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(5_000);

        assertEquals(List.of(), cycles.actions.calls, "one call over budget, even over the period, is no strike");
    }

    @Test
    void shouldMuteNotEvictWhenOnlyTheSecondCycleOfAStrikeWasOverThePeriod() {
        long stretched = cyclesAt(3_000);
        cycles.addMany("light", 10, ClientPriority.NORMAL, share(0.02));
        cycles.work((client, cycle) -> !client.equals("light-3") ? share(0.02)
                : cycle == stretched ? share(0.60) : cycle == stretched + 1 ? share(1.30) : share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(5_000);

        assertEquals(List.of("mute light-3", "readmit light-3"), cycles.actions.calls, "60 % and then 130 % of the "
                + "period (a host's stall across one call): a strike, not proof that it can never fit");
    }

    @Test
    void shouldEvictAtTheFirstStrikeAHogWhoseOwnWorkExceedsTheWholePeriod() {
        hogAndNineLight(1.10);
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(3_000);

        assertEquals(List.of("evict hog"), cycles.actions.calls);
        WatchdogEvent evict = cycles.actionEvents().get(0);
        assertTrue(evict.reason().contains("more than the whole 1333 usecs period"), evict.reason());
        assertEquals(1.0, evict.figures().get("strikes"));
    }

    @Test
    void shouldCountOneStrikePerMuteWhileTheMuteIsStillOnItsWay() {
        hogAndNineLight(0.70);
        cycles.ignoreActions();
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(6_000);

        assertEquals(MUTE_TWICE_THEN_EVICT, cycles.actions.calls,
                "over budget in every one of ~750 muted cycles, yet one strike per mute");
        List<Double> strikes = cycles.actionEvents().stream()
                .filter(e -> e.action() != WatchdogEvent.Action.READMIT)
                .map(e -> e.figures().get("strikes")).toList();
        assertEquals(List.of(1.0, 2.0, 3.0), strikes);
    }

    @Test
    void shouldForgetStrikesOlderThanTheWindow() {
        hogAndNineLight(0.02);
        long[] bursts = {cyclesAt(2_500), cyclesAt(8_500), cyclesAt(14_500), cyclesAt(20_500)};
        cycles.work((client, cycle) -> client.equals("hog") && (contains(bursts, cycle) || contains(bursts, cycle - 1)) ? share(0.70) : share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(22_000);

        assertEquals(List.of("mute hog", "readmit hog", "mute hog", "readmit hog", "mute hog", "readmit hog",
                "mute hog", "readmit hog"), cycles.actions.calls, "6 s apart, never 3 strikes within 10 s");
        List<Double> strikes = cycles.events(WatchdogEvent.Action.MUTE).stream()
                .map(e -> e.figures().get("strikes")).toList();
        assertEquals(List.of(1.0, 2.0, 2.0, 2.0), strikes);
    }

    @Test
    void shouldEvictAtTheThirdBurstWithinTheWindow() {
        hogAndNineLight(0.02);
        long[] bursts = {cyclesAt(2_500), cyclesAt(5_500), cyclesAt(8_500)};
        cycles.work((client, cycle) -> client.equals("hog") && (contains(bursts, cycle) || contains(bursts, cycle - 1)) ? share(0.70) : share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.EVICT));

        cycles.runFor(10_000);

        assertEquals(MUTE_TWICE_THEN_EVICT, cycles.actions.calls);
    }

    private static long cyclesAt(long millis) {
        return millis * MILLIS / PERIOD;
    }

    private static boolean contains(long[] values, long value) {
        for (long v : values) {
            if (v == value) {
                return true;
            }
        }
        return false;
    }
}
