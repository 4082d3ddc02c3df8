package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SchedulingSettingsTest {

    @Test
    void shouldRejectFifoPriorityZeroWithTheValidRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchedulingSettings.fifo(0));
        assertEquals("SCHED_FIFO priority must be between 1 and 99, got 0", e.getMessage());
    }

    @Test
    void shouldRejectFifoPriorityHundred() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchedulingSettings.fifo(100));
        assertEquals("SCHED_FIFO priority must be between 1 and 99, got 100", e.getMessage());
    }

    @Test
    void shouldRejectRrPriorityOutOfRange() {
        assertThrows(IllegalArgumentException.class, () -> SchedulingSettings.rr(-1));
    }

    @Test
    void shouldRejectNiceOutOfRange() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchedulingSettings.other(20));
        assertEquals("nice must be between -20 and 19, got 20", e.getMessage());
    }

    @Test
    void shouldRejectDeadlineWhoseRuntimeExceedsThePeriod() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> SchedulingSettings.deadline(2_000_000, 1_000_000, 1_000_000));
        assertEquals("SCHED_DEADLINE needs 0 < runtime <= deadline <= period, got runtime 2000000 ns, "
                + "deadline 1000000 ns, period 1000000 ns", e.getMessage());
    }

    @Test
    void shouldRejectDeadlineLongerThanThePeriodOrZeroRuntime() {
        assertThrows(IllegalArgumentException.class, () -> SchedulingSettings.deadline(100_000, 2_000_000, 1_000_000));
        assertThrows(IllegalArgumentException.class, () -> SchedulingSettings.deadline(0, 1_000_000, 1_000_000));
    }

    @Test
    void shouldAcceptTheBoundaries() {
        assertEquals(1, SchedulingSettings.fifo(1).priority());
        assertEquals(99, SchedulingSettings.rr(99).priority());
        assertEquals(-20, SchedulingSettings.other(-20).nice());
        assertEquals(1_000, SchedulingSettings.deadline(1_000, 1_000, 1_000).periodNanos());
    }

    @Test
    void shouldDescribeEachPolicyInKernelVocabulary() {
        assertEquals("SCHED_FIFO priority 70", SchedulingSettings.fifo(70).describe());
        assertEquals("SCHED_RR priority 10", SchedulingSettings.rr(10).describe());
        assertEquals("SCHED_OTHER nice -20", SchedulingSettings.other(-20).describe());
        assertEquals("SCHED_DEADLINE runtime 400 us, deadline 1333 us, period 1333 us",
                SchedulingSettings.deadline(400_000, 1_333_333, 1_333_333).describe());
    }

    @Test
    void shouldParsePolicyNamesIgnoringCase() {
        assertEquals(SchedulingPolicy.FIFO, SchedulingPolicy.parse("fifo"));
        assertEquals(SchedulingPolicy.RR, SchedulingPolicy.parse("RR"));
        assertEquals(SchedulingPolicy.OTHER, SchedulingPolicy.parse(" Other "));
        assertEquals(SchedulingPolicy.DEADLINE, SchedulingPolicy.parse("deadline"));
    }

    @Test
    void shouldListTheChoicesWhenThePolicyIsUnknown() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> SchedulingPolicy.parse("batch"));
        assertEquals("unknown scheduling policy 'batch'; choose one of fifo, rr, other, deadline", e.getMessage());
        assertThrows(IllegalArgumentException.class, () -> SchedulingPolicy.parse(null));
    }

    @Test
    void shouldMapLinuxPolicyNumbersBothWays() {
        for (SchedulingPolicy policy : SchedulingPolicy.values()) {
            assertEquals(policy, SchedulingPolicy.fromLinux(policy.linuxValue()));
            assertTrue(policy.label().startsWith("SCHED_"));
        }
        assertEquals(6, SchedulingPolicy.DEADLINE.linuxValue());
        assertNull(SchedulingPolicy.fromLinux(3), "SCHED_BATCH is not OTHER");
        assertNull(SchedulingPolicy.fromLinux(-1));
    }
}
