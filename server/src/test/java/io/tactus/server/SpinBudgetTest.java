package io.tactus.server;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class SpinBudgetTest {

    @Test
    void shouldLeaveTheOtherRealtimeThreadsTheirShareOfATightBudget() {
        assertEquals(25, SpinBudget.percent(0.30, 0, 5), "30 % less the 5 points of headroom");
        assertEquals(22, SpinBudget.percent(0.30, 0.03, 5), "and less the 3 % the stall monitor and clients spend");
        assertEquals(90, SpinBudget.percent(0.95, 0, 5), "the default budget (the engine caps it further)");
    }

    @Test
    void shouldNeverAskForANegativeSpin() {
        assertEquals(0, SpinBudget.percent(0.10, 0.20, 5));
    }
}
