package io.tactus.server.control;

import io.tactus.ipc.SegmentLayout;
import io.tactus.ipc.SharedSegment;
import io.tactus.rt.Futex;
import io.tactus.server.JitQuiet;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Graph;
import io.tactus.server.graph.PortNode;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.nio.file.Path;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The engine-side handshake on its own, called from the test thread as the engine would call it, with a
 * responder thread playing the client on a real segment and real futexes.
 */
class RemoteProcessTest {

    private static final int NFRAMES = 64;
    private static final long TIMEOUT_NANOS = 50_000_000;

    @TempDir
    Path temp;

    private SharedSegment segment;
    private RemoteProcess process;
    private PortNode in;
    private PortNode out;
    private ExecutionPlan plan;
    private Responder responder;

    @BeforeEach
    void setUp() {
        assumeTrue(Futex.linux().isAvailable(), "futexes need Linux");
        segment = SharedSegment.create(temp, "remote", SegmentLayout.of(1, ControlServer.MAX_PORTS, NFRAMES));
        process = new RemoteProcess(segment, Futex.linux(), TIMEOUT_NANOS, 0, () -> Long.MAX_VALUE);
        Graph graph = new Graph(NFRAMES, 1, 1);
        ClientNode client = graph.addClient("remote");
        in = graph.addPort(client, "in", true, false);
        out = graph.addPort(client, "out", false, false);
        graph.connect("system:capture_1", "remote:in");
        client.setProcess(process);
        graph.setActive(client, true);
        plan = graph.plan(1);
        plan.bindPorts();
        FloatBuffer capture = plan.capture()[0];
        for (int i = 0; i < NFRAMES; i++) {
            capture.put(i, i);
        }
        process.bind(List.of(in, out), List.of(3, 5)); // any slots: the control thread picks them
    }

    @AfterEach
    void tearDown() throws InterruptedException {
        if (responder != null) {
            responder.stop();
        }
        if (segment != null) {
            segment.close();
        }
    }

    @Test
    void shouldCopyInputsTriggerAndCopyBackTheOutputsOfAClientThatAnswersInTime() {
        responder = new Responder(segment, 3, 5);
        process.process(NFRAMES);
        assertFalse(process.timedOut());
        assertEquals(1, segment.getIntAcquire(segment.layout().triggerOffset(0)));
        assertEquals(NFRAMES, segment.getIntAcquire(segment.layout().nframesOffset(0)));
        for (int i = 0; i < NFRAMES; i++) {
            assertEquals(2f * i, out.getFloatBuffer().get(i), "frame " + i);
        }
        assertEquals(0, process.timeouts());
    }

    @Test
    void shouldSilenceALateClientAndNotTriggerItAgainUntilItIsDone() {
        FloatBuffer output = out.getFloatBuffer();
        for (int i = 0; i < NFRAMES; i++) {
            output.put(i, 9f); // last period's samples
        }
        long start = System.nanoTime();
        process.process(NFRAMES); // nobody answers
        long waited = System.nanoTime() - start;
        assertTrue(waited >= TIMEOUT_NANOS, "waited its time limit: " + waited + " ns");
        assertTrue(process.timedOut());
        assertEquals(1, process.timeouts());
        for (int i = 0; i < NFRAMES; i++) {
            assertEquals(0f, output.get(i), "silence, not the last period repeated");
        }

        process.process(NFRAMES); // still busy with cycle 1
        assertEquals(1, segment.getIntAcquire(segment.layout().triggerOffset(0)), "not triggered while busy");
        assertEquals(2, process.timeouts());

        segment.setIntRelease(segment.layout().doneOffset(0), 1); // cycle 1 done at last
        responder = new Responder(segment, 3, 5);
        process.process(NFRAMES);
        assertEquals(2, segment.getIntAcquire(segment.layout().triggerOffset(0)), "triggered again");
        assertFalse(process.timedOut());
        assertEquals(2f, output.get(1));
    }

    @Test
    void shouldReportTheClientsOwnWorkFromItsStampsNotTheServersWait() {
        responder = new Responder(segment, 3, 5);
        responder.workNanos = 2_000_000;
        long called = System.nanoTime();
        process.process(NFRAMES);
        long returned = System.nanoTime();
        assertFalse(process.timedOut());
        assertTrue(process.ownStart() >= called && process.ownStart() <= returned, "began within the call");
        assertTrue(process.ownNanos() >= 2_000_000 && process.ownNanos() <= returned - called,
                "own work " + process.ownNanos() + " ns of a " + (returned - called) + " ns call");
    }

    @Test
    void shouldFallBackToTheServersWaitForAClientThatWritesNoStamps() {
        responder = new Responder(segment, 3, 5);
        responder.stamping = false;
        long called = System.nanoTime();
        process.process(NFRAMES);
        assertFalse(process.timedOut());
        assertTrue(process.ownStart() >= called, "the trigger time stands in for its start");
        assertTrue(process.ownNanos() > 0 && process.ownNanos() <= System.nanoTime() - called);
    }

    @Test
    void shouldChargeAClientThatBeganButMissedItsDeadlineWithItsWorkSoFar() {
        // A limit long enough for the responder to begin on a loaded machine; its work is far longer.
        RemoteProcess patient = new RemoteProcess(segment, Futex.linux(), 200_000_000, 0, () -> Long.MAX_VALUE);
        patient.bind(List.of(out), List.of(5));
        responder = new Responder(segment, 3, 5);
        responder.workNanos = 2_000_000_000L;
        long called = System.nanoTime();
        patient.process(NFRAMES);
        assertTrue(patient.timedOut());
        assertTrue(patient.ownStart() >= called, "it began this cycle");
        assertTrue(patient.ownNanos() > 0 && patient.ownNanos() <= System.nanoTime() - called,
                "work so far: " + patient.ownNanos() + " ns");

        patient.process(NFRAMES); // still busy with the first cycle: no work of this one
        assertTrue(patient.timedOut());
        assertEquals(0, patient.ownStart());
        assertEquals(0, patient.ownNanos());
    }

    @Test
    void shouldStopWaitingTheReserveBeforeTheCyclesDeadline() {
        long[] deadline = {0};
        RemoteProcess bounded = new RemoteProcess(segment, Futex.linux(), 1_000_000_000L, 2_000_000,
                () -> deadline[0]);
        bounded.bind(List.of(out), List.of(5));
        long start = System.nanoTime();
        deadline[0] = start + 6_000_000; // 6 ms left, 2 of them reserved: nobody answers
        bounded.process(NFRAMES);
        long waited = System.nanoTime() - start;
        assertTrue(bounded.timedOut());
        assertTrue(waited >= 4_000_000, "waited until the reserve: " + waited + " ns");
        assertTrue(waited < 500_000_000, "not its one-second limit from the trigger: " + waited + " ns");
    }

    @Test
    void shouldGiveAClientTheReserveAfterItsTriggerWhenTheCycleBeganPastItsDeadline() {
        responder = new Responder(segment, 3, 5);
        responder.workNanos = 1_000_000; // answers after 1 ms
        RemoteProcess late = new RemoteProcess(segment, Futex.linux(), 1_000_000_000L, 200_000_000L,
                () -> System.nanoTime() - 1_000_000); // the engine woke after the deadline
        late.bind(List.of(out), List.of(5));
        late.process(NFRAMES);
        assertFalse(late.timedOut(), "waited the reserve for a client that answers within it");
        assertEquals(0, late.timeouts());
    }

    @Test
    void shouldAllocateNothingPerCycleAfterWarmUp() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        RemoteProcess quick = new RemoteProcess(segment, Futex.linux(), 1_000_000, 0, () -> Long.MAX_VALUE);
        quick.bind(List.of(out), List.of(5));
        responder = new Responder(segment, 3, 5);
        for (int i = 0; i < 30_000; i++) {
            // Late cycles of every kind too, so every path is compiled: silent (busy afterwards), and begun
            // but over the limit (the host can stall the client in the measured window too).
            responder.answering = i % 1000 >= 20;
            responder.workNanos = i % 1000 >= 20 && i % 1000 < 40 ? 2_000_000 : 0;
            quick.process(NFRAMES);
        }
        responder.answering = true;
        responder.workNanos = 0;
        JitQuiet.await();
        for (int i = 0; i < 1_000; i++) {
            quick.process(NFRAMES);
        }
        // Three windows, as EngineSystemTest: a late JIT transition (a compilation the thread requests when
        // a counter overflows, a few hundred bytes once) can land in one; a per-cycle allocation shows in all.
        long[] allocated = new long[3];
        for (int w = 0; w < allocated.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 5_000; i++) {
                quick.process(NFRAMES);
            }
            allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(),
                "bytes allocated per window of 5000 cycles: " + java.util.Arrays.toString(allocated));
    }

    @Test
    void shouldNotWaitInAsyncModeAndHandTheGraphThePreviousPeriodsAnswer() {
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux());
        async.bind(List.of(in, out), List.of(3, 5));
        responder = new Responder(segment, 3, 5);
        responder.workNanos = 50_000_000; // far longer than any call may wait
        FloatBuffer output = out.getFloatBuffer();
        long called = System.nanoTime();
        async.process(NFRAMES);
        long took = System.nanoTime() - called;
        assertTrue(took < 40_000_000, "returned without waiting for the client: " + took + " ns");
        assertFalse(async.timedOut(), "nothing was owed yet");
        assertEquals(1, segment.getIntAcquire(segment.layout().triggerOffset(0)));
        assertEquals(0f, output.get(1), "no answer yet: the slot's silence");

        awaitDone(1);
        responder.workNanos = 0;
        async.process(NFRAMES);
        assertFalse(async.timedOut());
        assertEquals(2, segment.getIntAcquire(segment.layout().triggerOffset(0)), "triggered for the next period");
        assertEquals(2f, output.get(1), "the answer to the first period's inputs");
        assertTrue(async.ownStart() >= called && async.ownNanos() >= 50_000_000,
                "its own work, from its stamps: " + async.ownNanos() + " ns");
    }

    @Test
    void shouldTimeOutAnAsyncClientThatHasNotAnsweredByTheNextPeriodAndCollectItsLateAnswer() {
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux());
        async.bind(List.of(out), List.of(5));
        FloatBuffer output = out.getFloatBuffer();
        async.process(NFRAMES); // nobody answers
        segment.setLongRelease(segment.layout().startedOffset(0), System.nanoTime()); // it begins, and works on
        for (int i = 0; i < NFRAMES; i++) {
            output.put(i, 9f);
        }
        async.process(NFRAMES);
        assertTrue(async.timedOut());
        assertEquals(1, async.timeouts());
        assertEquals(1, segment.getIntAcquire(segment.layout().triggerOffset(0)), "not triggered while busy");
        assertEquals(0f, output.get(1), "silence, not the last period repeated");
        assertTrue(async.ownStart() != 0 && async.ownNanos() >= 0, "its work so far is told");

        async.process(NFRAMES); // still busy: its work was told once already
        assertTrue(async.timedOut());
        assertEquals(2, async.timeouts());
        assertEquals(0, async.ownStart());

        segment.port(5).put(1, 7f);
        segment.setLongRelease(segment.layout().finishedOffset(0), System.nanoTime());
        segment.setIntRelease(segment.layout().doneOffset(0), 1); // the late answer
        async.process(NFRAMES);
        assertFalse(async.timedOut());
        assertEquals(7f, output.get(1), "a late answer is played, not lost");
        assertEquals(0, async.ownStart(), "one long call is judged once, at the give-up");
        assertEquals(2, segment.getIntAcquire(segment.layout().triggerOffset(0)), "triggered again");
        assertEquals(2, async.timeouts());
        assertEquals(4, async.cycles());
    }

    @Test
    void shouldWaitForAnAsyncClientTriggeredLessThanTheLeastTimeAgoAndOnlyThatLong() {
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux(), 200_000_000L);
        async.bind(List.of(in, out), List.of(3, 5));
        responder = new Responder(segment, 3, 5);
        responder.workNanos = 20_000_000;
        FloatBuffer output = out.getFloatBuffer();
        async.process(NFRAMES);
        async.process(NFRAMES); // back at once, as after a late cycle: the client has had 20 ms of its 200
        assertFalse(async.timedOut(), "waited for the answer within the least time");
        assertEquals(2f, output.get(1), "the answer to the first trigger");
        assertEquals(2, segment.getIntAcquire(segment.layout().triggerOffset(0)), "triggered again");

        awaitDone(2);
        responder.answering = false;
        async.process(NFRAMES); // trigger 3, which nobody answers
        long waited = nanosOfCall(async);
        assertTrue(async.timedOut());
        assertTrue(waited >= 150_000_000, "waited until the least time was up: " + waited + " ns");
        assertNotWaitedForAgain(async);
    }

    @Test
    void shouldNotWaitForAnAsyncClientThatHadItsLeastTime() throws InterruptedException {
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux(), 20_000_000L);
        async.bind(List.of(out), List.of(5));
        async.process(NFRAMES); // nobody answers
        Thread.sleep(40); // a period and more
        long waited = nanosOfCall(async);
        assertTrue(async.timedOut());
        assertTrue(waited < 15_000_000, "its least time was up before the call: " + waited + " ns");
    }

    @Test
    void shouldWaitForALateAsyncClientUntilTheReserveBeforeTheCyclesDeadline() throws InterruptedException {
        long[] deadline = {Long.MAX_VALUE};
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux(), 2_000_000, () -> deadline[0]);
        async.bind(List.of(in, out), List.of(3, 5));
        responder = new Responder(segment, 3, 5);
        responder.workNanos = 40_000_000;
        FloatBuffer output = out.getFloatBuffer();
        async.process(NFRAMES);
        Thread.sleep(10); // its least time is up, and it is still busy: the host held its CPU
        deadline[0] = System.nanoTime() + 300_000_000L;
        async.process(NFRAMES);
        assertFalse(async.timedOut(), "waited within the cycle for the answer");
        assertEquals(2f, output.get(1), "the answer to the first trigger, in the period it was due in");
        assertEquals(2, segment.getIntAcquire(segment.layout().triggerOffset(0)), "triggered again");

        awaitDone(2);
        responder.answering = false;
        async.process(NFRAMES); // trigger 3, which nobody answers
        Thread.sleep(10);
        deadline[0] = System.nanoTime() + 30_000_000;
        long waited = nanosOfCall(async);
        assertTrue(async.timedOut());
        assertTrue(waited >= 25_000_000, "waited until 2 ms before the deadline: " + waited + " ns");
        assertTrue(waited < 250_000_000, "and no longer: " + waited + " ns");
        deadline[0] = System.nanoTime() + 300_000_000L;
        assertNotWaitedForAgain(async);
    }

    @Test
    void shouldAllocateNothingPerAsyncCycleAfterWarmUp() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux(), 1_000_000);
        async.bind(List.of(out), List.of(5));
        responder = new Responder(segment, 3, 5);
        for (int i = 0; i < 30_000; i++) {
            // Every path: answered, waited for within the least time, not yet answered (told, then busy),
            // and a late answer collected.
            responder.answering = i % 1000 >= 20;
            async.process(NFRAMES);
            if (responder.answering) {
                awaitDone(segment.getIntAcquire(segment.layout().triggerOffset(0)));
            }
        }
        responder.answering = true;
        JitQuiet.await();
        long[] allocated = new long[3];
        for (int w = 0; w < allocated.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 5_000; i++) {
                async.process(NFRAMES);
            }
            allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(),
                "bytes allocated per window of 5000 cycles: " + java.util.Arrays.toString(allocated));
    }

    @Test
    void shouldNotAllocateOnTheEngineThreadsFirstWaitForAnAsyncClientInTheMiddleOfARun() throws Exception {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        RemoteProcess async = RemoteProcess.asynchronous(segment, Futex.linux(), 200_000_000L);
        async.bind(List.of(out), List.of(5));
        responder = new Responder(segment, 3, 5);
        long[] allocated = {-1};
        Thread engine = new Thread(() -> { // a fresh thread: no futex call of its own yet
            for (int i = 0; i < 100; i++) {
                async.process(NFRAMES); // answered before each next call: never waited for
                awaitDone(segment.getIntAcquire(segment.layout().triggerOffset(0)));
            }
            responder.workNanos = 5_000_000;
            async.process(NFRAMES);
            long before = threads.getCurrentThreadAllocatedBytes();
            async.process(NFRAMES); // back at once, as after a late cycle: the first wait of this thread
            allocated[0] = threads.getCurrentThreadAllocatedBytes() - before;
        }, "engine");
        engine.start();
        engine.join(10_000);
        assertFalse(async.timedOut(), "waited for the answer");
        assertEquals(0, allocated[0], "bytes allocated by the first wait");
    }

    /** How long one call of the engine's half took. */
    private static long nanosOfCall(RemoteProcess process) {
        long start = System.nanoTime();
        process.process(NFRAMES);
        return System.nanoTime() - start;
    }

    /** The next call, for a client given up on (the second timeout) that still has not answered, does not wait. */
    private static void assertNotWaitedForAgain(RemoteProcess async) {
        long waited = nanosOfCall(async);
        assertTrue(async.timedOut());
        assertTrue(waited < 100_000_000, "a client given up on is not waited for again: " + waited + " ns");
        assertEquals(2, async.timeouts());
    }

    /** Waits (at most 5 s) until the client has answered trigger {@code seq}. */
    private void awaitDone(int seq) {
        long giveUp = System.nanoTime() + 5_000_000_000L;
        while (segment.getIntAcquire(segment.layout().doneOffset(0)) != seq && System.nanoTime() < giveUp) {
            Thread.onSpinWait();
        }
        assertEquals(seq, segment.getIntAcquire(segment.layout().doneOffset(0)), "the client answered");
    }

    /** The client: spins on the trigger word (no futex: fast and simple), answers out = 2 x in. */
    static final class Responder {
        private final Thread thread;
        private volatile boolean running = true;
        private final java.util.concurrent.CountDownLatch spinning = new java.util.concurrent.CountDownLatch(1);
        volatile boolean answering = true;
        /** Writes the started and finished stamps, as a real client's process thread does. */
        volatile boolean stamping = true;
        /** Busy this long between its stamps: its own work. */
        volatile long workNanos;

        Responder(SharedSegment segment, int inSlot, int outSlot) {
            SegmentLayout layout = segment.layout();
            FloatBuffer in = segment.port(inSlot);
            FloatBuffer out = segment.port(outSlot);
            thread = new Thread(() -> {
                int lastSeen = segment.getIntAcquire(layout.triggerOffset(0));
                spinning.countDown();
                while (running) {
                    int trigger = segment.getIntAcquire(layout.triggerOffset(0));
                    if (trigger == lastSeen || !answering) {
                        Thread.onSpinWait();
                        continue;
                    }
                    lastSeen = trigger;
                    if (stamping) {
                        segment.setLongRelease(layout.startedOffset(0), System.nanoTime());
                    }
                    long busyUntil = System.nanoTime() + workNanos;
                    while (running && System.nanoTime() < busyUntil) {
                        Thread.onSpinWait();
                    }
                    int n = segment.getIntAcquire(layout.nframesOffset(0));
                    for (int i = 0; i < n; i++) {
                        out.put(i, 2 * in.get(i));
                    }
                    if (stamping) {
                        segment.setLongRelease(layout.finishedOffset(0), System.nanoTime());
                    }
                    segment.setIntRelease(layout.doneOffset(0), trigger);
                    Futex.linux().wake(segment.wordAddress(layout.doneOffset(0)), 1);
                }
            }, "responder");
            thread.setDaemon(true);
            thread.start();
            try {
                spinning.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        void stop() throws InterruptedException {
            running = false;
            thread.join(1_000);
        }
    }
}
