package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.sun.jna.Native;
import com.sun.jna.Pointer;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The real futex binding, on a word in a direct buffer of this JVM (the cross-process case is in ipc). */
class FutexTest {

    private static final VarHandle INT = MethodHandles.byteBufferViewVarHandle(int[].class, ByteOrder.nativeOrder());

    private final Futex futex = Futex.linux();
    private final ByteBuffer memory = ByteBuffer.allocateDirect(64);
    private final long word = Pointer.nativeValue(Native.getDirectBufferPointer(memory));

    @BeforeEach
    void requireLinux() {
        assumeTrue(futex.isAvailable(), "futexes are only bound on Linux: " + futex);
    }

    @Test
    void shouldTimeOutAfterRoughlyTheTimeout() {
        INT.setVolatile(memory, 0, 7);
        long start = System.nanoTime();
        int outcome = futex.wait(word, 7, 50_000_000L);
        long elapsed = System.nanoTime() - start;

        assertEquals(Futex.TIMED_OUT, outcome, Futex.outcomeName(outcome));
        assertTrue(elapsed >= 45_000_000L, "returned after " + elapsed + " ns, before the 50 ms timeout");
        assertTrue(elapsed < 5_000_000_000L, "returned after " + elapsed + " ns");
    }

    @Test
    void shouldReturnValueDifferedWhenTheWordNoLongerHoldsTheExpectedValue() {
        INT.setVolatile(memory, 0, 1);
        long start = System.nanoTime();
        int outcome = futex.wait(word, 0, 10_000_000_000L);
        long elapsed = System.nanoTime() - start;

        assertEquals(Futex.VALUE_DIFFERED, outcome, Futex.outcomeName(outcome));
        assertTrue(elapsed < 5_000_000_000L, "a mismatched wait slept for " + elapsed + " ns");
    }

    @Test
    void shouldWakeAWaiterFromAnotherThread() throws Exception {
        INT.setVolatile(memory, 0, 0);
        CompletableFuture<Integer> waiter = new CompletableFuture<>();
        Thread thread = new Thread(() -> waiter.complete(futex.wait(word, 0, 30_000_000_000L)), "futex-waiter");
        thread.start();

        // Wake until the kernel reports a sleeper: only then is the waiter surely inside FUTEX_WAIT.
        int woken = 0;
        long deadline = System.nanoTime() + 20_000_000_000L;
        while (woken == 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
            woken = futex.wake(word, 1);
        }

        assertEquals(1, woken, "no waiter was ever found on the word");
        assertEquals(Futex.WOKEN, waiter.get(10, TimeUnit.SECONDS));
        thread.join(10_000);
    }

    @Test
    void shouldWakeNobodyWhenNobodyWaits() {
        assertEquals(0, futex.wake(word, Integer.MAX_VALUE));
    }

    @Test
    void shouldReportEinvalForAMisalignedWord() {
        assertEquals(RealtimeNative.EINVAL, futex.wait(word + 1, 0, 1_000_000L));
        assertEquals(-RealtimeNative.EINVAL, futex.wake(word + 1, 1));
    }

    @Test
    void shouldNotAllocateWhenWaitingOrWakingAfterWarmUp() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        INT.setVolatile(memory, 0, 1);
        // Warm up by repeated calls for a while: the one C1-to-C2 switch of the loop allocates a few bytes once.
        int unexpected = 0;
        long warmUpEnd = System.nanoTime() + 1_000_000_000L;
        for (int i = 0; i < 30 || System.nanoTime() < warmUpEnd; i++) {
            unexpected += exercise(10_000, 1_000);
        }
        threads.getCurrentThreadAllocatedBytes();

        // Three windows: a late JIT transition can land in one; calls that allocated show in all.
        long[] allocated = new long[3];
        for (int w = 0; w < allocated.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            unexpected += exercise(10_000, 1_000);
            allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
        }

        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated per window of "
                + "10000 wakes and 2000 waits: " + java.util.Arrays.toString(allocated));
        assertEquals(0, unexpected, "calls with an unexpected outcome");
    }

    /**
     * Wakes with nobody waiting, waits on a mismatched value and zero-timeout waits on the matching one
     * (the timespec path); returns how many calls had another outcome than expected.
     */
    private int exercise(int wakes, int waits) {
        int unexpected = 0;
        for (int i = 0; i < wakes; i++) {
            unexpected += futex.wake(word, 1) == 0 ? 0 : 1;
        }
        for (int i = 0; i < waits; i++) {
            unexpected += futex.wait(word, 0, 1_000_000_000L) == Futex.VALUE_DIFFERED ? 0 : 1;
            unexpected += futex.wait(word, 1, 0) == Futex.TIMED_OUT ? 0 : 1;
        }
        return unexpected;
    }

    @Test
    void shouldNameTheOutcomes() {
        assertEquals("WOKEN", Futex.outcomeName(Futex.WOKEN));
        assertEquals("VALUE_DIFFERED", Futex.outcomeName(Futex.VALUE_DIFFERED));
        assertEquals("TIMED_OUT", Futex.outcomeName(Futex.TIMED_OUT));
        assertEquals("INTERRUPTED", Futex.outcomeName(Futex.INTERRUPTED));
        assertEquals("EINVAL", Futex.outcomeName(RealtimeNative.EINVAL));
    }

    @Test
    void shouldAnswerEnosysWithoutANativeLayer() {
        Futex none = new UnavailableFutex("test");

        assertEquals(false, none.isAvailable());
        assertEquals(RealtimeNative.ENOSYS, none.wait(word, 0, 0));
        assertEquals(-RealtimeNative.ENOSYS, none.wake(word, 1));
    }
}
