package io.tactus.server.watchdog;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.tactus.api.ClientPriority.HIGH;
import static io.tactus.api.ClientPriority.LOW;
import static io.tactus.api.ClientPriority.NORMAL;
import static io.tactus.server.watchdog.SyntheticCycles.MILLIS;
import static io.tactus.server.watchdog.SyntheticCycles.PERIOD;
import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class GovernorPolicyTest {

    /** Whole periods in a 250 ms load window. */
    private static final long WINDOW_CYCLES = (250 * MILLIS + PERIOD - 1) / PERIOD;
    private static final List<String> SHED = List.of("mute low-1", "mute low-2", "mute low-3",
            "mute normal-0", "mute normal-1", "mute normal-2", "mute normal-3");

    private final SyntheticCycles cycles = new SyntheticCycles();

    private static WatchdogSettings governor() {
        return WatchdogSettings.defaults(PolicyKind.GOVERNOR).withCeilingPercent(25).withGraceMillis(0);
    }

    /**
     * Twenty clients and no single culprit: four LOW at 2 %, four NORMAL at 3 %, eight NORMAL at 1.5 %, four
     * HIGH at 2 %, and 1 % engine overhead: 41 % against a 25 % ceiling. The excess down to 95 % of the
     * ceiling is 17.25 %: all four LOW (8 %) and the four 3 % NORMAL (12 %) cover it, and one LOW turns out
     * unneeded (18 % still covers it), so seven are shed and the load falls to 23 %.
     */
    private void twentyEqualish() {
        cycles.addMany("low", 4, LOW, share(0.02));
        cycles.addMany("normal", 4, NORMAL, share(0.03));
        cycles.addMany("cheap", 8, NORMAL, share(0.015));
        cycles.addMany("high", 4, HIGH, share(0.02));
    }

    @Test
    void shouldShedLowPriorityThenTheMostExpensiveNormalOnesAfterOneLoadWindow() {
        twentyEqualish();
        cycles.start(governor());

        cycles.runCycles(WINDOW_CYCLES);
        assertEquals(List.of(), cycles.actions.calls, "the first window is not over yet");
        cycles.runCycle();

        assertEquals(SHED, cycles.actions.calls);
        List<WatchdogEvent> mutes = cycles.events(WatchdogEvent.Action.MUTE);
        assertTrue(mutes.stream().allMatch(e -> e.timeNanos() == cycles.now()), "all in one decision");
        assertTrue(mutes.get(0).reason().startsWith("DSP load 41.0 % over the 25.0 % ceiling; shed (priority low, "
                + "costs 26.7 usecs a cycle, 2.0 % of the period)"), mutes.get(0).reason());

        cycles.markLoad();
        cycles.runFor(1_500);
        assertEquals(23.0, cycles.loadPercentSinceMark(), 0.01);
        assertEquals(SHED, cycles.actions.calls, "under the ceiling, and readmitting any would cross 20 %");
    }

    @Test
    void shouldDeriveTheCeilingFromTheKernelBudgetMinusHeadroom() {
        twentyEqualish();
        AtomicInteger reads = new AtomicInteger();
        cycles.start(WatchdogSettings.defaults(PolicyKind.GOVERNOR).withGraceMillis(0), () -> {
            reads.incrementAndGet();
            return 0.30;
        });

        cycles.runCycles(WINDOW_CYCLES + 1);

        assertEquals(SHED, cycles.actions.calls);
        assertTrue(cycles.events(WatchdogEvent.Action.MUTE).get(0).reason().contains("over the 25.0 % ceiling"));
        assertTrue(reads.get() >= 1);
    }

    @Test
    void shouldReadmitOneClientPerRefractoryPeriodHighestPriorityFirst() {
        twentyEqualish();
        cycles.start(governor());
        cycles.runCycles(WINDOW_CYCLES + 1);
        long shedAt = cycles.now();
        cycles.work((client, cycle) -> share(0.005));

        cycles.runFor(16_000);

        List<String> readmits = cycles.actions.calls.subList(SHED.size(), cycles.actions.calls.size());
        assertEquals(List.of("readmit normal-0", "readmit normal-1", "readmit normal-2", "readmit normal-3",
                "readmit low-1", "readmit low-2", "readmit low-3"), readmits);
        long last = shedAt;
        for (WatchdogEvent readmit : cycles.events(WatchdogEvent.Action.READMIT)) {
            long gap = readmit.timeNanos() - last;
            assertTrue(gap >= 2_000 * MILLIS && gap <= 2_000 * MILLIS + WINDOW_CYCLES * PERIOD,
                    readmit.client() + " readmitted " + gap + " ns after the last action");
            last = readmit.timeNanos();
        }
    }

    @Test
    void shouldNotActWhileTheLoadHoversJustUnderTheCeiling() {
        cycles.addMany("c", 20, NORMAL, 0);
        cycles.work((client, cycle) -> cycle % 2 == 0 ? share(0.0105) : share(0.013));
        cycles.start(governor());

        cycles.runFor(20_000);

        assertEquals(List.of(), cycles.actions.calls, "22 % and 27 % in turn: 24.5 % over any window");
    }

    @Test
    void shouldShedOnceAndNotFlapWhenTheLoadSettlesBetweenTheReadmitLimitAndTheCeiling() {
        cycles.addMany("c", 20, NORMAL, 0);
        cycles.overhead(share(0.005));
        cycles.work((client, cycle) -> cycle % 2 == 0 ? share(0.0115) : share(0.0135));
        cycles.start(governor());

        cycles.runFor(20_000);

        assertEquals(List.of("mute c-0", "mute c-1"), cycles.actions.calls,
                "25.5 % sheds two; at 23 % a readmission (+1.25 %) would cross the 20 % limit");
    }

    @Test
    void shouldCountTheOtherRealtimeThreadsAgainstTheBudgetAndShedTheLowPriorityClientsFirst() {
        cycles.addMany("low", 5, LOW, share(0.01));
        cycles.addMany("normal", 10, NORMAL, share(0.01));
        cycles.addMany("high", 5, HIGH, share(0.01));
        cycles.start(WatchdogSettings.defaults(PolicyKind.GOVERNOR).withGraceMillis(0), () -> 0.30, () -> 0.05);

        cycles.runCycles(4 * WINDOW_CYCLES + 1);

        assertEquals(List.of("mute low-0", "mute low-1", "mute low-2"), cycles.actions.calls,
                "21 % of graph and 5 % of the stall monitor and clients over the 25 % ceiling for a second, down to "
                        + "95 % of it: 2.25 points, three of the 1 % clients, the lowest priority ones");
        assertTrue(cycles.events(WatchdogEvent.Action.MUTE).get(0).reason().startsWith(
                "DSP load 21.0 % and 5.0 % of other realtime threads over 1.0 s over the 25.0 % ceiling"),
                cycles.events(WatchdogEvent.Action.MUTE).get(0).reason());
    }

    @Test
    void shouldWaitForASecondOverTheCeilingWhenTheLoadIsUnderTheBudgetItself() {
        cycles.addMany("c", 20, NORMAL, share(0.0135));
        cycles.start(governor());

        cycles.runCycles(3 * WINDOW_CYCLES + 1);
        assertEquals(List.of(), cycles.actions.calls,
                "28 % with the engine's 1 %: over the 25 % ceiling, under the 30 % budget, for 0.75 s");
        cycles.runCycles(WINDOW_CYCLES);

        assertEquals(List.of("mute c-0", "mute c-1", "mute c-2", "mute c-3"), cycles.actions.calls,
                "a second over the ceiling: down to 95 % of it, 4.25 points, four clients of 1.35 %");
    }

    /** One LOW client at 2 % and twenty NORMAL at 1.25 %: 28 % with the engine's 1 %, under the 30 % budget. */
    private void oneLowAndTwentyNormal() {
        cycles.add("low", LOW, share(0.02));
        cycles.addMany("c", 20, NORMAL, share(0.0125));
        cycles.start(governor());
    }

    @Test
    void shouldShedOnlyTheLowestPriorityForASecondOverTheCeilingAndTheNextPriorityOnlyIfTheNextSecondIsOverToo() {
        oneLowAndTwentyNormal();

        cycles.runCycles(4 * WINDOW_CYCLES + 1);
        assertEquals(List.of("mute low"), cycles.actions.calls, "28 % for a second, under the 30 % budget: the LOW "
                + "client alone, though its 2 % do not cover the 4.25 points down to 95 % of the ceiling");

        cycles.runCycles(4 * WINDOW_CYCLES + 1);
        assertEquals(List.of("mute low", "mute c-0", "mute c-1"), cycles.actions.calls,
                "26 % for the next second as well: 2.25 points, two NORMAL clients of 1.25 %");
        assertTrue(cycles.events(WatchdogEvent.Action.MUTE).get(1).reason().contains("over 1.0 s, the second in a row"),
                cycles.events(WatchdogEvent.Action.MUTE).get(1).reason());
    }

    @Test
    void shouldLeaveTheNormalClientsPlayingWhenTheSecondAfterTheLowOnesWentIsUnderTheCeiling() {
        oneLowAndTwentyNormal();
        cycles.runCycles(4 * WINDOW_CYCLES + 1);
        cycles.work((client, cycle) -> share(0.011)); // the host's second is over: 23 % with the engine's 1 %

        cycles.runFor(5_000);

        assertEquals(List.of("mute low"), cycles.actions.calls, "one second at 28 % costs the LOW client only");
    }

    @Test
    void shouldShedAgainAWindowAfterAShedWhileTheKernelsSecondStillHoldsTheOverload() {
        cycles.addMany("c", 20, NORMAL, share(0.02));
        cycles.start(governor());
        cycles.runCycles(WINDOW_CYCLES + 1);
        int shedFirst = cycles.actions.calls.size();
        assertTrue(shedFirst > 0, "41 % sheds at once: " + cycles.actions.calls);
        cycles.work((client, cycle) -> share(0.025)); // the 11 left cost more: 28.5 %, under the 30 % budget

        cycles.runCycles(WINDOW_CYCLES + 1);

        assertTrue(cycles.actions.calls.size() > shedFirst, "41 % and then 28.5 %: the second ending a window "
                + "later, were the next like this one, 31.6 %, over the 30 % budget: " + cycles.actions.calls);
    }

    @Test
    void shouldNotShedForOneWindowOverTheCeilingInASecondUnderIt() {
        cycles.addMany("c", 20, NORMAL, 0);
        cycles.work((client, cycle) -> (cycle / WINDOW_CYCLES) % 4 == 0 ? share(0.014) : share(0.011));
        cycles.start(governor());

        cycles.runFor(20_000);

        assertEquals(List.of(), cycles.actions.calls, "28 % for a window, then 22 % for three: 23.5 % a second");
    }

    @Test
    void shouldNotShedForOneWindowOverTheBudgetInASecondUnderTheCeiling() {
        cycles.addMany("c", 20, NORMAL, 0);
        cycles.work((client, cycle) -> (cycle / WINDOW_CYCLES) % 4 == 3 ? share(0.0175) : share(0.009));
        cycles.start(governor());

        cycles.runFor(20_000);

        assertEquals(List.of(), cycles.actions.calls, "36 % for a window after three at 19 %: the second ending a "
                + "window later, were the next like it, 27.5 %, under the 30 % budget; 23.25 % a second");
    }

    @Test
    void shouldShedAtOnceWhenTheSecondAheadWouldBeOverTheBudget() {
        cycles.addMany("c", 20, NORMAL, share(0.009));
        cycles.start(governor());
        cycles.runCycles(4 * WINDOW_CYCLES + 1);
        assertEquals(List.of(), cycles.actions.calls, "19 %");
        cycles.work((client, cycle) -> share(0.022));

        cycles.runCycles(WINDOW_CYCLES + 1);

        assertTrue(cycles.actions.calls.size() > 0, "45 % after 19 %: the second ending a window later would hold "
                + "32 %, over the 30 % budget, so the kernel could throttle before the next decision");
    }

    @Test
    void shouldNotShedAtOnceAWindowUnderTheCeilingWhateverTheWindowsBeforeIt() {
        long graceOver = (1_000 * MILLIS + PERIOD - 1) / PERIOD;
        cycles.addMany("c", 20, NORMAL, 0);
        cycles.work((client, cycle) -> cycle < graceOver ? share(0.022) : share(0.0117));
        cycles.start(WatchdogSettings.defaults(PolicyKind.GOVERNOR).withCeilingPercent(25).withGraceMillis(1_100));

        cycles.runFor(1_400);

        assertEquals(List.of(), cycles.actions.calls, "45 % while every client was in its grace, then 24.4 %: the "
                + "second ahead would hold 34.7 %, but this window is under the ceiling, and no client need go");
    }

    @Test
    void shouldLeaveTheSameGraphAloneWhenNothingElseSpendsTheBudget() {
        cycles.addMany("low", 5, LOW, share(0.01));
        cycles.addMany("normal", 10, NORMAL, share(0.01));
        cycles.addMany("high", 5, HIGH, share(0.01));
        cycles.start(WatchdogSettings.defaults(PolicyKind.GOVERNOR).withGraceMillis(0), () -> 0.30, () -> 0);

        cycles.runFor(5_000);

        assertEquals(List.of(), cycles.actions.calls, "21 % under the 25 % ceiling");
    }

    @Test
    void shouldLeaveHighPriorityPlayingWhenLowAndNormalSuffice() {
        twentyEqualish();
        cycles.start(governor());

        cycles.runFor(5_000);

        List<String> touched = new ArrayList<>();
        for (ClientView view : cycles.watchdog().clients()) {
            if (view.actions() > 0) {
                touched.add(view.name());
            }
        }
        assertEquals(List.of("low-1", "low-2", "low-3", "normal-0", "normal-1", "normal-2", "normal-3"), touched);
    }

    @Test
    void shouldNotShedAClientThatHasStoppedRunning() {
        cycles.add("idle", NORMAL, share(0.10));
        List<String> running = cycles.addMany("c", 10, NORMAL, share(0.01));
        cycles.start(governor());
        cycles.runCycles(1 + 4 * WINDOW_CYCLES);
        cycles.deactivate("idle");
        cycles.runCycles(4 * WINDOW_CYCLES);
        for (String name : running) {
            cycles.cost(name, share(0.03));
        }

        cycles.runCycles(8 * WINDOW_CYCLES);

        assertEquals(List.of("mute c-0", "mute c-1", "mute c-2"), cycles.actions.calls,
                "31 % against 25 % for a second: idle left the plan before, muting it would shed nothing");
    }
}
