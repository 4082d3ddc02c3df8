package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.lang.management.ManagementFactory;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real binding, checked against /proc and the JVM's own clock. */
class LinuxRealtimeNativeTest {

    private final RealtimeNative linux = RealtimeNative.linux();

    @BeforeEach
    void requireLinux() {
        assumeTrue(linux.isAvailable(), "the native layer is only bound on Linux: " + linux);
    }

    @Test
    void shouldReturnTheKernelTidOfTheCallingThread() throws Exception {
        assertEquals(ProcTaskStat.callingThreadTid(), linux.gettid());

        CompletableFuture<int[]> other = new CompletableFuture<>();
        Thread thread = new Thread(() -> {
            try {
                other.complete(new int[] {ProcTaskStat.callingThreadTid(), linux.gettid()});
            } catch (Exception e) {
                other.completeExceptionally(e);
            }
        });
        thread.start();
        int[] tids = other.get(5, TimeUnit.SECONDS);
        assertEquals(tids[0], tids[1]);
        assertNotEquals(linux.gettid(), tids[1]);
    }

    @Test
    void shouldReadAMonotonicClockCloseToNanoTime() {
        long previous = linux.clockMonotonicNanos();
        for (int i = 0; i < 10_000; i++) {
            long now = linux.clockMonotonicNanos();
            assertTrue(now >= previous, "went back from " + previous + " to " + now);
            previous = now;
        }
        long distance = Math.abs(linux.clockMonotonicNanos() - System.nanoTime());
        assertTrue(distance < 50_000_000L, "clock_gettime and System.nanoTime are " + distance + " ns apart");
    }

    @Test
    void shouldNotAllocateWhenReadingTheClockAfterWarmUp() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        long sum = 0;
        for (int i = 0; i < 50_000; i++) {
            sum += linux.clockMonotonicNanos();
        }
        long before = threads.getCurrentThreadAllocatedBytes();
        for (int i = 0; i < 100_000; i++) {
            sum += linux.clockMonotonicNanos();
        }
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;

        assertTrue(allocated < 1_024, "100000 clock reads allocated " + allocated + " bytes");
        assertNotEquals(0, sum);
    }

    @Test
    void shouldReturnTheErrnoOfARejectedCall() {
        assertEquals(RealtimeNative.EINVAL, linux.setScheduler(99, 0), "no such policy");
        assertEquals(RealtimeNative.EINVAL, linux.setScheduler(SchedulingPolicy.FIFO.linuxValue(), 100), "no such priority");
        assertEquals(RealtimeNative.EINVAL, linux.setDeadline(2_000_000, 1_000_000, 1_000_000), "runtime > deadline");
        assertEquals(SchedulingPolicy.OTHER.linuxValue(), linux.getScheduler(), "a refused call changes nothing");
    }

    @Test
    void shouldSetTheCallingThreadsTimerSlack() throws Exception {
        CompletableFuture<Integer> result = new CompletableFuture<>();
        Thread thread = new Thread(() -> result.complete(linux.setTimerSlack(1_000)));
        thread.start();
        assertEquals(0, result.get(5, TimeUnit.SECONDS));
    }

    @Test
    void shouldNameTheCommonErrnoValues() {
        assertEquals("EPERM", RealtimeNative.errnoName(1));
        assertEquals("EACCES", RealtimeNative.errnoName(13));
        assertEquals("EBUSY", RealtimeNative.errnoName(16));
        assertEquals("EINVAL", RealtimeNative.errnoName(22));
        assertEquals("ENOSYS", RealtimeNative.errnoName(38));
        assertEquals("errno 999", RealtimeNative.errnoName(999));
    }

    @Test
    void shouldAnswerEnosysWithoutANativeLayer() {
        RealtimeNative none = new UnavailableRealtimeNative("test");

        assertEquals(false, none.isAvailable());
        assertEquals(RealtimeNative.ENOSYS, none.setScheduler(1, 70));
        assertEquals(RealtimeNative.ENOSYS, none.setDeadline(1, 1, 1));
        assertEquals(RealtimeNative.ENOSYS, none.mlockAll());
        assertEquals(-RealtimeNative.ENOSYS, none.getScheduler());
        assertEquals(RealtimeNative.NICE_UNKNOWN, none.getNice());
    }
}
