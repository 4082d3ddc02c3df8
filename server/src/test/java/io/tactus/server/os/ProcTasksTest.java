package io.tactus.server.os;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcTasksTest {

    @TempDir
    Path proc;

    private Path task(int tid, int policy, String schedstat) throws Exception {
        Path task = Files.createDirectories(proc.resolve("4242").resolve("task").resolve(Integer.toString(tid)));
        StringBuilder stat = new StringBuilder(tid + " (a (strange) name) S");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 41 ? policy : field == 40 ? 70 : field);
        }
        Files.writeString(task.resolve("stat"), stat.append('\n').toString());
        Files.writeString(task.resolve("schedstat"), schedstat);
        return task;
    }

    @Test
    void shouldReadPolicyAndRunTimeOfEachThread() throws Exception {
        task(7, 1, "123456789 5 6\n");
        task(8, 0, "42 0 0\n");
        ProcTasks tasks = new ProcTasks(proc);

        assertEquals(java.util.Set.of(7, 8), new java.util.HashSet<>(tasks.threads("4242")));
        assertTrue(tasks.realtime("4242", 7), "FIFO");
        assertFalse(tasks.realtime("4242", 8), "OTHER");
        assertEquals(123_456_789L, tasks.runtimeNanos("4242", 7));
        assertEquals(42L, tasks.runtimeNanos("4242", 8));
    }

    @Test
    void shouldAnswerNoneForAGoneOrGarbledThread() throws Exception {
        Path garbled = task(9, 1, "not a number\n");
        Files.writeString(garbled.resolve("stat"), "9 (cut short) S 1 2\n");
        ProcTasks tasks = new ProcTasks(proc);

        assertFalse(tasks.realtime("4242", 9), "too few fields");
        assertEquals(-1, tasks.runtimeNanos("4242", 9), "schedstat without a number");
        assertFalse(tasks.realtime("4242", 10), "no such thread");
        assertEquals(-1, tasks.runtimeNanos("4242", 10));
        assertEquals(java.util.List.of(), tasks.threads("4243"), "no such process");
    }

    @Test
    void shouldReadThisThreadOnTheRunningKernel() throws Exception {
        int tid = Integer.parseInt(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        assertFalse(ProcTasks.SYSTEM.realtime("self", tid), "a test thread is SCHED_OTHER");
        assertTrue(ProcTasks.SYSTEM.runtimeNanos("self", tid) > 0, "it has run");
    }

    /**
     * The governor's monitor reads every thread of every client a second. A /proc file says its size is 0, so
     * {@code Files.readString} read one into an 8 KiB array grown from nothing, then made a String of it and split
     * it: 10 250 bytes a read, measured by this test; 344 now. The file handle and its path are still objects, so
     * the bound is generous.
     */
    @Test
    void shouldAllocateLittlePerReadOfTheRunningKernel() throws Exception {
        int tid = Integer.parseInt(Files.readSymbolicLink(Path.of("/proc/thread-self")).getFileName().toString());
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        for (int i = 0; i < 2000; i++) { // warm-up, so the JIT's own work is not counted
            ProcTasks.SYSTEM.realtime("self", tid);
            ProcTasks.SYSTEM.runtimeNanos("self", tid);
        }
        int reads = 2000;
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < reads / 2; i++) {
            assertFalse(ProcTasks.SYSTEM.realtime("self", tid));
            assertTrue(ProcTasks.SYSTEM.runtimeNanos("self", tid) > 0);
        }
        long perRead = (threads.getCurrentThreadAllocatedBytes() - before) / reads;
        assertTrue(perRead < 1024, "a read allocated " + perRead + " bytes on average");
    }
}
