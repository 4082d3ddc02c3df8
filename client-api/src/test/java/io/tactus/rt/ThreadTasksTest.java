package io.tactus.rt;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ThreadTasksTest {

    /** A stat line whose command holds blanks and a parenthesis, with {@code policy} in field 41. */
    private static String stat(int policy) {
        StringBuilder line = new StringBuilder("4242 (tactus (engine) 2) R");
        for (int field = 4; field <= 52; field++) {
            line.append(' ').append(field == 41 ? policy : field == 40 ? 70 : field);
        }
        return line.append('\n').toString();
    }

    @Test
    void shouldCallFifoRoundRobinAndDeadlineRealtime() {
        assertTrue(ThreadTasks.realtimeIn(stat(1)), "FIFO");
        assertTrue(ThreadTasks.realtimeIn(stat(2)), "RR");
        assertTrue(ThreadTasks.realtimeIn(stat(6)), "DEADLINE");
    }

    @Test
    void shouldCallOtherBatchIdleAndGarbageNotRealtime() {
        assertFalse(ThreadTasks.realtimeIn(stat(0)), "OTHER");
        assertFalse(ThreadTasks.realtimeIn(stat(3)), "BATCH");
        assertFalse(ThreadTasks.realtimeIn(stat(5)), "IDLE");
        assertFalse(ThreadTasks.realtimeIn("4242 (cut short) S 1 2"), "too few fields");
        assertFalse(ThreadTasks.realtimeIn("no command at all"));
    }

    @Test
    void shouldSeeThisThreadAsTheKernelSchedulesIt() throws Exception {
        int tid = ProcTaskStat.callingThreadTid();
        String line = java.nio.file.Files.readString(java.nio.file.Path.of("/proc/self/task/" + tid + "/stat"));
        assertFalse(ThreadTasks.realtimeIn(line), "a test thread is SCHED_OTHER");
    }
}
