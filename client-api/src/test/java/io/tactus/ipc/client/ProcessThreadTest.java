package io.tactus.ipc.client;

import io.tactus.ipc.SegmentLayout;
import io.tactus.ipc.SharedSegment;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The process thread's loop, driven without a server: the test plays the server's half of each cycle on a
 * segment it creates itself (write nframes, bump the trigger, wake, wait for done).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ProcessThreadTest {

    private static final long SECOND = 1_000_000_000L;
    private static final int NFRAMES = 64;

    @TempDir
    Path directory;

    private final CountingFutex futex = new CountingFutex(Futex.linux());
    private final List<Throwable> failures = new CopyOnWriteArrayList<>();
    private SharedSegment segment;
    private ProcessThread process;
    private RemotePort in;
    private RemotePort out;
    private int seq;

    @BeforeEach
    void setUp() throws InterruptedException {
        assumeTrue(futex.isAvailable(), "futexes are Linux only");
        segment = SharedSegment.create(directory, "tactus-test-1", SegmentLayout.of(1, 64, NFRAMES));
        process = new ProcessThread("loop", futex, RealtimeNative.linux(),
                new RealtimeScheduler(RealtimeNative.linux(), warning -> { }), failures::add);
        process.start();
        assertTrue(process.awaitTid(5_000) > 0);
        in = new RemotePort(this, "loop", "in_1", true, 0, segment.port(0));
        out = new RemotePort(this, "loop", "out_1", false, 1, segment.port(1));
        process.attach(segment);
        process.setPorts(new RemotePort[] {in, out});
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        if (process != null) {
            process.stop();
            assertTrue(process.join(2_000), "stops within a wake-up");
        }
        if (segment != null) {
            segment.close();
        }
    }

    private void cycles(int count) {
        SegmentLayout layout = segment.layout();
        long doneAddress = segment.wordAddress(layout.doneOffset(0));
        long triggerAddress = segment.wordAddress(layout.triggerOffset(0));
        for (int k = 0; k < count; k++) {
            seq = seq == -1 ? 1 : seq + 1;
            segment.setIntRelease(layout.nframesOffset(0), NFRAMES);
            segment.setIntRelease(layout.triggerOffset(0), seq);
            futex.wake(triggerAddress, 1);
            long deadline = System.nanoTime() + 5 * SECOND;
            int done;
            while ((done = segment.getIntAcquire(layout.doneOffset(0))) != seq) {
                assertTrue(System.nanoTime() < deadline, "cycle " + seq + " not acknowledged");
                // As the server does: say it sleeps, look once more, sleep (the client wakes only a sleeper).
                segment.setIntVolatile(layout.waitingOffset(0), 1);
                if (segment.getIntVolatile(layout.doneOffset(0)) == done) {
                    futex.wait(doneAddress, done, 1_000_000L);
                }
                segment.setIntRelease(layout.waitingOffset(0), 0);
            }
        }
    }

    @Test
    void shouldAllocateNothingInTheLoopAfterWarmUp() throws Exception {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        // Past C2's back-edge threshold for the loop (40000): requesting that compilation makes HotSpot intern
        // the class's unresolved string constants on the requesting thread, a one-off that is the JIT's, not
        // the loop's.
        int warmUp = 100_000;
        int measured = 30_000;
        // The process thread reads its own counter once per cycle, as the engine does.
        long[] allocatedAt = new long[warmUp + measured];
        int[] cycle = {0};
        float[] gain = {0.5f};
        process.setCallback(nframes -> {
            FloatBuffer src = in.getFloatBuffer();
            FloatBuffer dst = out.getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                dst.put(i, src.get(i) * gain[0]);
            }
            allocatedAt[cycle[0]++] = threads.getCurrentThreadAllocatedBytes();
        });
        process.begin(0);

        cycles(warmUp); // first futex calls, JIT compilations
        cycles(measured);

        // Three windows: a late JIT transition can land in one; a loop that allocated per cycle shows in all.
        long[] allocated = new long[3];
        int window = measured / allocated.length;
        for (int w = 0; w < allocated.length; w++) {
            int start = warmUp + w * window;
            allocated[w] = allocatedAt[start + window - 1] - allocatedAt[start - 1];
        }
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes the loop allocated after "
                + "warm-up, per window of " + window + " cycles: " + java.util.Arrays.toString(allocated)
                + ", first in cycle " + firstGrowth(allocatedAt, warmUp));
        assertEquals(warmUp + measured, process.cycles());
        assertTrue(failures.isEmpty());
    }

    private static int firstGrowth(long[] allocatedAt, int from) {
        for (int k = from + 1; k < allocatedAt.length; k++) {
            if (allocatedAt[k] != allocatedAt[k - 1]) {
                return k;
            }
        }
        return -1;
    }

    @Test
    void shouldWakeTheServerOnlyWhenItSaysItSleeps() throws Exception {
        process.setCallback(nframes -> { });
        process.begin(0);
        SegmentLayout layout = segment.layout();
        long doneAddress = segment.wordAddress(layout.doneOffset(0));
        futex.wakes(doneAddress); // count from here
        cycles(200); // the server sleeps on done: each answer must wake it, or every cycle waits its 1 ms time-out
        long wakesWhenAsked = futex.wakes(doneAddress);
        for (int k = 0; k < 200; k++) { // a server that spins and never says it sleeps
            seq++;
            segment.setIntRelease(layout.nframesOffset(0), NFRAMES);
            segment.setIntRelease(layout.triggerOffset(0), seq);
            futex.wake(segment.wordAddress(layout.triggerOffset(0)), 1);
            long deadline = System.nanoTime() + 5 * SECOND;
            while (segment.getIntAcquire(layout.doneOffset(0)) != seq) {
                assertTrue(System.nanoTime() < deadline, "cycle " + seq + " not acknowledged");
                Thread.onSpinWait();
            }
        }
        assertTrue(wakesWhenAsked > 0, "a sleeping server is woken");
        assertEquals(wakesWhenAsked, futex.wakes(doneAddress), "no wake-up system call for a server that does not sleep");
    }

    @Test
    void shouldRewindPortsToNframesAndAcknowledgeEveryTrigger() throws Exception {
        List<String> seen = new CopyOnWriteArrayList<>();
        process.setCallback(nframes -> {
            FloatBuffer src = in.getFloatBuffer();
            seen.add(src.position() + "/" + src.limit() + " " + src.isReadOnly() + " " + out.getFloatBuffer().isReadOnly());
            src.get(); // moves the position; the next cycle rewinds it
        });
        process.begin(0);

        cycles(3);

        assertEquals(List.of("0/64 true false", "0/64 true false", "0/64 true false"), seen);
        assertEquals(3, segment.getIntAcquire(segment.layout().doneOffset(0)));
    }

    @Test
    void shouldStopCallingAThrowingCallbackButKeepAcknowledgingWithSilence() throws Exception {
        int[] calls = {0};
        RuntimeException boom = new RuntimeException("boom");
        process.setCallback(nframes -> {
            out.getFloatBuffer().put(0, 1f);
            if (++calls[0] == 2) {
                throw boom;
            }
        });
        process.begin(0);

        cycles(1);
        assertEquals(1f, segment.port(1).get(0));
        cycles(3);

        assertEquals(2, calls[0]);
        assertEquals(0f, segment.port(1).get(0), "outputs read as silence");
        assertEquals(List.of(boom), failures, "told once");
        assertEquals(boom, process.failure());
        assertEquals(4, process.cycles());
    }

    @Test
    void shouldEndWithoutEverLoopingWhenStoppedBeforeActivation() throws Exception {
        process.stop();
        assertTrue(process.join(2_000));
        assertFalse(process.isAlive());
        process = null;
    }

    /** The real futex, counting the wake-ups made on one address; allocation-free, as the loop it serves. */
    private static final class CountingFutex implements Futex {
        private final Futex delegate;
        private volatile long watched;
        private final java.util.concurrent.atomic.AtomicLong wakes = new java.util.concurrent.atomic.AtomicLong();

        CountingFutex(Futex delegate) {
            this.delegate = delegate;
        }

        /** Counts wake-ups on {@code address} from now on; returns the count so far (0 for a new address). */
        long wakes(long address) {
            if (watched != address) {
                watched = address;
                wakes.set(0);
            }
            return wakes.get();
        }

        @Override
        public boolean isAvailable() {
            return delegate.isAvailable();
        }

        @Override
        public int wait(long address, int expected, long timeoutNanos) {
            return delegate.wait(address, expected, timeoutNanos);
        }

        @Override
        public int wake(long address, int count) {
            if (address == watched) {
                wakes.incrementAndGet();
            }
            return delegate.wake(address, count);
        }
    }
}
