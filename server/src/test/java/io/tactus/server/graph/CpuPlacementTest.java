package io.tactus.server.graph;

import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.tactus.server.graph.CpuPlacement.NONE;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

class CpuPlacementTest {

    private static final int[] NO_FEEDER = {};

    @Test
    void shouldKeepAChainOfClientsOnOneCpu() {
        boolean[] remote = {true, true, true, true, true};
        int[][] upstream = {NO_FEEDER, {0}, {1}, {2}, {3}};
        assertArrayEquals(new int[] {0, 0, 0, 0, 0}, CpuPlacement.lanes(remote, upstream, 2));
    }

    @Test
    void shouldSpreadIndependentClientsOverTheCpus() {
        boolean[] remote = {true, true, true, true, true};
        int[][] upstream = {NO_FEEDER, NO_FEEDER, NO_FEEDER, NO_FEEDER, NO_FEEDER};
        assertArrayEquals(new int[] {0, 1, 0, 1, 0}, CpuPlacement.lanes(remote, upstream, 2));
    }

    @Test
    void shouldContinueAFeederOnlyOnceSoTheBranchesOfAFanOutRunInParallel() {
        // 0 feeds 1 and 2; 1 feeds 3; 2 and 3 feed 4 (two paths of different depth meeting)
        boolean[] remote = {true, true, true, true, true};
        int[][] upstream = {NO_FEEDER, {0}, {0}, {1}, {2, 3}};
        int[] lanes = CpuPlacement.lanes(remote, upstream, 2);
        assertEquals(lanes[0], lanes[1], "the first branch continues its feeder");
        assertEquals(1 - lanes[0], lanes[2], "the second starts on the other CPU");
        assertEquals(lanes[1], lanes[3]);
        assertEquals(lanes[2], lanes[4], "the meeting point continues its first feeder not continued yet");
    }

    @Test
    void shouldLeaveInProcessClientsUnplacedAndPlaceTheirSuccessorsByLoad() {
        boolean[] remote = {false, true, false, true};
        int[][] upstream = {NO_FEEDER, {0}, {1}, {2}};
        assertArrayEquals(new int[] {NONE, 0, NONE, 1}, CpuPlacement.lanes(remote, upstream, 2));
    }

    @Test
    void shouldIgnoreFeederPositionsThatAreNotEarlierSteps() {
        boolean[] remote = {true, true};
        int[][] upstream = {{1}, {7, -1}};
        int[] lanes = CpuPlacement.lanes(remote, upstream, 2);
        assertArrayEquals(new int[] {0, 1}, lanes);
    }

    /** Random shapes of up to 6 steps with feeders among the earlier ones: every remote step on a CPU there is. */
    @Test
    void shouldPlaceEveryRemoteStepOnACpuAndContinueEachFeederAtMostOnce() {
        java.util.Random random = new java.util.Random(18);
        for (int trial = 0; trial < 2000; trial++) {
            int n = 1 + random.nextInt(6);
            int cpus = 1 + random.nextInt(3);
            boolean[] remote = new boolean[n];
            int[][] upstream = new int[n][];
            for (int i = 0; i < n; i++) {
                remote[i] = random.nextInt(4) != 0;
                List<Integer> feeders = new ArrayList<>();
                for (int u = 0; u < i; u++) {
                    if (random.nextInt(3) == 0) {
                        feeders.add(u);
                    }
                }
                upstream[i] = feeders.stream().mapToInt(Integer::intValue).toArray();
            }
            int[] lanes = CpuPlacement.lanes(remote, upstream, cpus);
            for (int i = 0; i < n; i++) {
                if (remote[i]) {
                    assertTrue(lanes[i] >= 0 && lanes[i] < cpus, "lane " + lanes[i] + " of " + cpus);
                } else {
                    assertEquals(NONE, lanes[i], "an in-process step is not placed");
                }
            }
        }
    }

    /** CI saw it: after a disconnect the lone client came first in plan order and took the chain's CPU. */
    @Test
    void shouldMoveTheClientThatLeftTheChainNotTheChainWhateverThePlanOrder() {
        boolean[] remote = {true, true, true};
        int[] allOnZero = {0, 0, 0};
        // plan order c3, c1, c2 after c2 -> c3 was cut: c1 feeds c2, c3 is fed by no one
        assertArrayEquals(new int[] {1, 0, 0}, CpuPlacement.lanes(remote, new int[][] {NO_FEEDER, NO_FEEDER, {1}}, allOnZero, 2));
        // plan order c1, c2, c3
        assertArrayEquals(new int[] {0, 0, 1}, CpuPlacement.lanes(remote, new int[][] {NO_FEEDER, {0}, NO_FEEDER}, allOnZero, 2));
    }

    @Test
    void shouldLeaveBalancedClientsOnTheCpusTheyHold() {
        boolean[] remote = {true, true, true, true};
        int[][] upstream = {NO_FEEDER, NO_FEEDER, NO_FEEDER, NO_FEEDER};
        assertArrayEquals(new int[] {1, 0, 0, 1}, CpuPlacement.lanes(remote, upstream, new int[] {1, 0, 0, 1}, 2));
        // a held lane that no longer exists is no lane
        assertArrayEquals(new int[] {0, 1}, CpuPlacement.lanes(new boolean[] {true, true}, new int[][] {NO_FEEDER, NO_FEEDER},
                new int[] {5, NONE}, 2));
    }

    @Test
    void shouldPlaceTheLongestChainFirstSoTheLoadEvensOut() {
        // a lone client, then a chain of three, then another lone client: 3 on one CPU, 2 on the other
        boolean[] remote = {true, true, true, true, true};
        int[][] upstream = {NO_FEEDER, NO_FEEDER, {1}, {2}, NO_FEEDER};
        int[] lanes = CpuPlacement.lanes(remote, upstream, 2);
        assertEquals(lanes[1], lanes[2]);
        assertEquals(lanes[1], lanes[3]);
        assertEquals(1 - lanes[1], lanes[0], "the lone clients go where the chain is not");
        assertEquals(1 - lanes[1], lanes[4]);
    }

    @Test
    void shouldBeOffWithOneCpu() {
        RealtimeNative nativeLayer = mock(RealtimeNative.class);
        when(nativeLayer.isAvailable()).thenReturn(true);
        RealtimeScheduler scheduler = new RealtimeScheduler(nativeLayer, message -> { });
        assertFalse(new CpuPlacement(scheduler, new int[] {3}, 42).isOn());
        assertTrue(new CpuPlacement(scheduler, new int[] {0, 1}, 42).isOn());
    }
}
