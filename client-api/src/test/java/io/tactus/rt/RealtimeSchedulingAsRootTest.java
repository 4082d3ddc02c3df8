package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Real scheduling changes on short-lived threads, checked against /proc/self/task/TID/stat rather than
 * through the native layer. Needs root on Linux; skipped otherwise. Each thread demotes itself before ending.
 */
class RealtimeSchedulingAsRootTest {

    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private final RealtimeScheduler scheduler = new RealtimeScheduler(RealtimeNative.linux(), warnings::add);

    @BeforeEach
    void requireRootOnLinux() {
        assumeTrue(RealtimeNative.linux().isAvailable() && ProcTaskStat.rootOnLinux(), "needs root on Linux");
    }

    @Test
    void shouldRunAsFifoAtTheAskedPriorityWhenRoot() throws Exception {
        Observed observed = runOnNewThread(SchedulingSettings.fifo(70));

        assertGranted(observed, "SCHED_FIFO 70");
        assertEquals(SchedulingPolicy.FIFO.linuxValue(), observed.stat.policy());
        assertEquals(70, observed.stat.rtPriority());
    }

    @Test
    void shouldRunAsRoundRobinAtTheAskedPriorityWhenRoot() throws Exception {
        Observed observed = runOnNewThread(SchedulingSettings.rr(10));

        assertGranted(observed, "SCHED_RR 10");
        assertEquals(SchedulingPolicy.RR.linuxValue(), observed.stat.policy());
        assertEquals(10, observed.stat.rtPriority());
    }

    @Test
    void shouldReadBackANegativeNiceWhenRoot() throws Exception {
        Observed observed = runOnNewThread(SchedulingSettings.other(-5));

        assertGranted(observed, "SCHED_OTHER nice -5");
        assertEquals(-5, observed.outcome.actualNice());
        assertEquals(-5, observed.stat.nice());
        assertEquals(SchedulingPolicy.OTHER.linuxValue(), observed.stat.policy());
    }

    @Test
    void shouldReadBackNiceMinusOneAsAValueNotAnError() throws Exception {
        Observed observed = runOnNewThread(SchedulingSettings.other(-1));

        assertGranted(observed, "SCHED_OTHER nice -1");
        assertEquals(-1, observed.stat.nice());
    }

    @Test
    void shouldRunAsDeadlineOrFallBackToOtherWithAWarningWhenRoot() throws Exception {
        Observed observed = runOnNewThread(SchedulingSettings.deadline(200_000, 1_000_000, 1_000_000));

        if (observed.outcome.granted()) {
            assertEquals(SchedulingPolicy.DEADLINE, observed.outcome.actualPolicy());
            assertEquals(SchedulingPolicy.DEADLINE.linuxValue(), observed.stat.policy());
            assertTrue(warnings.isEmpty(), () -> "warnings: " + warnings);
        } else {
            assertEquals(SchedulingPolicy.OTHER, observed.outcome.actualPolicy());
            assertEquals(SchedulingPolicy.OTHER.linuxValue(), observed.stat.policy());
            assertEquals(List.of(observed.outcome.warning()), warnings);
            assertTrue(observed.outcome.warning().matches(
                    "cannot switch thread 'tactus-rt-test' to SCHED_DEADLINE .* \\((EBUSY|EPERM|EINVAL): .*"),
                    observed.outcome.warning());
        }
    }

    @Test
    void shouldLockAndUnlockMemoryWhenRoot() {
        try {
            assertTrue(scheduler.lockMemory());
            assertTrue(warnings.isEmpty(), () -> "warnings: " + warnings);
        } finally {
            assertEquals(0, RealtimeNative.linux().munlockAll());
        }
    }

    private record Observed(SchedulingOutcome outcome, ProcTaskStat stat) {
    }

    /** Starts a factory thread that records its /proc view of itself, then demotes itself and ends. */
    private Observed runOnNewThread(SchedulingSettings settings) throws Exception {
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-rt-test", settings, scheduler);
        CompletableFuture<ProcTaskStat> seen = new CompletableFuture<>();
        Thread thread = factory.newThread(() -> {
            try {
                seen.complete(ProcTaskStat.ofCallingThread());
            } catch (Throwable e) {
                seen.completeExceptionally(e);
            } finally {
                scheduler.demoteCurrentThread();
            }
        });
        thread.start();
        SchedulingOutcome outcome = factory.awaitOutcome(5_000);
        ProcTaskStat stat = seen.get(5, TimeUnit.SECONDS);
        thread.join(5_000);
        assertEquals(stat.tid(), outcome.tid(), "the native gettid and /proc/thread-self disagree");
        return new Observed(outcome, stat);
    }

    private void assertGranted(Observed observed, String description) {
        assertNull(observed.outcome.warning());
        assertEquals(description, observed.outcome.describe());
        assertTrue(warnings.isEmpty(), () -> "warnings: " + warnings);
    }
}
