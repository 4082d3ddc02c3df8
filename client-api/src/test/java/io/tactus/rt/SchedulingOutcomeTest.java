package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SchedulingOutcomeTest {

    private static final SchedulingSettings FIFO_70 = SchedulingSettings.fifo(70);

    @Test
    void shouldDescribeAGrantedRealtimeThreadByPolicyAndPriority() {
        SchedulingOutcome outcome = new SchedulingOutcome(FIFO_70, SchedulingPolicy.FIFO, 70, 0, 4242, null);

        assertTrue(outcome.granted());
        assertEquals("SCHED_FIFO 70", outcome.describe());
    }

    @Test
    void shouldNameTheErrnoEvenWhenTheThreadNameLooksLikeOne() {
        SchedulingOutcome outcome = new SchedulingOutcome(FIFO_70, SchedulingPolicy.OTHER, 0, 0, 4242,
                "cannot switch thread 'ENGINE' to SCHED_FIFO priority 70 (EPERM: needs root); running as SCHED_OTHER");

        assertFalse(outcome.granted());
        assertEquals("SCHED_OTHER nice 0 (SCHED_FIFO 70 refused: EPERM)", outcome.describe());
    }

    @Test
    void shouldNameAnUnknownErrnoByNumber() {
        SchedulingOutcome outcome = new SchedulingOutcome(FIFO_70, SchedulingPolicy.OTHER, 0, 0, 4242,
                "cannot switch thread 'x' to SCHED_FIFO priority 70 (errno 999); running as SCHED_OTHER");

        assertEquals("SCHED_OTHER nice 0 (SCHED_FIFO 70 refused: errno 999)", outcome.describe());
    }

    @Test
    void shouldLeaveOutANiceThatCouldNotBeRead() {
        SchedulingOutcome outcome = new SchedulingOutcome(SchedulingSettings.other(0), SchedulingPolicy.OTHER, 0,
                RealtimeNative.NICE_UNKNOWN, -1, null);

        assertEquals("SCHED_OTHER", outcome.describe());
    }

    @Test
    void shouldSaySoWhenTheKernelReportsAPolicyTactusDoesNotUse() {
        SchedulingOutcome outcome = new SchedulingOutcome(FIFO_70, null, 0, 0, 4242, "thread 'x' asked for more");

        assertEquals("an unknown scheduling policy (SCHED_FIFO 70 refused: see warning)", outcome.describe());
    }
}
