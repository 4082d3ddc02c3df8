package io.tactus.ipc.graph;

import static io.tactus.ipc.graph.GraphLayout.ENGINE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ActivationPlanTest {

    @Test
    void shouldWakeAChainOneAfterAnotherAndTheEngineLast() {
        ActivationPlan plan = ActivationPlan.builder(4).feeds(1, 2).feeds(2, 3).build();

        assertArrayEquals(new int[] {1}, plan.firstWave());
        assertEquals(0, plan.feeders(1));
        assertEquals(1, plan.feeders(2));
        assertEquals(1, plan.feeders(3));
        assertEquals(1, plan.feeders(ENGINE), "only the chain's end feeds the engine");
        assertEquals(2, plan.successor(1, 0));
        assertEquals(ENGINE, plan.successor(3, 0));
    }

    @Test
    void shouldCountBothBranchesOfADiamond() {
        ActivationPlan plan = ActivationPlan.builder(5).feeds(1, 2).feeds(1, 3).feeds(2, 4).feeds(3, 4).build();

        assertArrayEquals(new int[] {1}, plan.firstWave());
        assertEquals(2, plan.successorCount(1));
        assertEquals(2, plan.feeders(4), "the join waits for both branches");
        assertEquals(1, plan.feeders(ENGINE));
    }

    @Test
    void shouldStartTwoIndependentChainsTogetherAndWaitForBothEnds() {
        ActivationPlan plan = ActivationPlan.builder(5).feeds(1, 2).feeds(3, 4).build();

        assertArrayEquals(new int[] {1, 3}, plan.firstWave());
        assertEquals(2, plan.feeders(ENGINE));
    }

    @Test
    void shouldCountAClientFeedingTheDriverOnceEvenIfItAlsoFeedsAClient() {
        ActivationPlan plan = ActivationPlan.builder(3).feeds(1, ENGINE).feeds(1, 2).feeds(1, 2).build();

        assertEquals(2, plan.successorCount(1), "a repeated connection is one edge");
        assertEquals(2, plan.feeders(ENGINE), "client 1 through the driver, client 2 as a sink");
        assertEquals(1, plan.feeders(2));
    }

    @Test
    void shouldLeaveRecordsOutOfTheCycleUnlessNamed() {
        ActivationPlan plan = ActivationPlan.builder(4).client(2).build();

        assertFalse(plan.isActive(1));
        assertTrue(plan.isActive(2));
        assertEquals(ActivationPlan.INACTIVE, plan.feeders(3));
        assertArrayEquals(new int[] {2}, plan.firstWave());
        assertEquals(1, plan.feeders(ENGINE), "an unconnected client still feeds the engine");
        assertEquals(0, ActivationPlan.builder(4).build().feeders(ENGINE), "no clients: the cycle is complete at once");
    }

    @Test
    void shouldRefuseACycleASelfLoopAndTheEngineAsAFeeder() {
        assertThrows(IllegalArgumentException.class, () -> ActivationPlan.builder(4).feeds(1, 2).feeds(2, 3).feeds(3, 1).build());
        assertThrows(IllegalArgumentException.class, () -> ActivationPlan.builder(3).feeds(1, 1));
        assertThrows(IllegalArgumentException.class, () -> ActivationPlan.builder(3).feeds(ENGINE, 1));
        assertThrows(IllegalArgumentException.class, () -> ActivationPlan.builder(3).feeds(1, 3));
    }

    @Test
    void shouldRefuseMoreSuccessorsThanABankHolds() {
        ActivationPlan.Builder wide = ActivationPlan.builder(GraphLayout.MAX_SUCCESSORS + 3);
        for (int to = 2; to < GraphLayout.MAX_SUCCESSORS + 3; to++) {
            wide.feeds(1, to);
        }
        assertThrows(IllegalArgumentException.class, wide::build);
    }
}
