package io.tactus.rt;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class MonotonicSleepTest {

    @Test
    void shouldBindTheKernelsAbsoluteSleepOnLinux() {
        assumeTrue(System.getProperty("os.name").startsWith("Linux") && "amd64".equals(System.getProperty("os.arch")));
        assertTrue(MonotonicSleep.isNative());
    }

    @Test
    void shouldNeverWakeBeforeTheInstant() {
        for (int i = 0; i < 200; i++) {
            long instant = System.nanoTime() + 500_000;
            MonotonicSleep.sleepUntil(instant);
            long now = System.nanoTime();
            assertTrue(now >= instant, "woke " + (instant - now) + " ns early");
        }
    }

    @Test
    void shouldReturnAtOnceForAnInstantPassed() {
        long start = System.nanoTime();
        MonotonicSleep.sleepUntil(start - 1_000_000_000L);
        assertTrue(System.nanoTime() - start < 1_000_000_000L, "a passed instant slept a second or more");
    }

    @Test
    void shouldAllocateNothingOnceTheThreadHasSlept() {
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) java.lang.management.ManagementFactory.getThreadMXBean();
        long id = Thread.currentThread().getId();
        for (int i = 0; i < 20_000; i++) { // warm: the timespec, the binding, the compiled caller
            MonotonicSleep.sleepUntil(System.nanoTime() - 1);
        }
        long least = Long.MAX_VALUE;
        for (int window = 0; window < 5; window++) {
            long before = threads.getThreadAllocatedBytes(id);
            for (int i = 0; i < 1_000; i++) {
                MonotonicSleep.sleepUntil(System.nanoTime() + 10_000);
            }
            least = Math.min(least, threads.getThreadAllocatedBytes(id) - before);
        }
        assertTrue(least == 0, "bytes allocated by 1000 sleeps, least of five windows: " + least);
    }
}
