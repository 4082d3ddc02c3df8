package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.ArgumentMatchers.anyInt;
import static org.mockito.ArgumentMatchers.anyLong;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.never;
import static org.mockito.Mockito.times;
import static org.mockito.Mockito.verify;
import static org.mockito.Mockito.verifyNoMoreInteractions;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class RealtimeSchedulerTest {

    private final List<String> warnings = new CopyOnWriteArrayList<>();
    private RealtimeNative nativeLayer;
    private RealtimeScheduler scheduler;

    @BeforeEach
    void setUp() {
        nativeLayer = mock(RealtimeNative.class);
        when(nativeLayer.isAvailable()).thenReturn(true);
        when(nativeLayer.gettid()).thenReturn(4242);
        scheduler = new RealtimeScheduler(nativeLayer, warnings::add);
    }

    @Test
    void shouldRunAsOtherAndWarnOnceWhenFifoIsRefusedWithEperm() throws Exception {
        when(nativeLayer.setScheduler(1, 70)).thenReturn(RealtimeNative.EPERM);
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-engine", SchedulingSettings.fifo(70), scheduler);

        SchedulingOutcome first = startAndAwait(factory);
        SchedulingOutcome second = startAndAwait(factory);

        assertEquals(SchedulingPolicy.OTHER, first.actualPolicy());
        assertFalse(first.granted());
        assertFalse(second.granted());
        assertEquals("SCHED_OTHER nice 0 (SCHED_FIFO 70 refused: EPERM)", first.describe());
        assertEquals(1, warnings.size(), () -> "warnings: " + warnings);
        String warning = warnings.get(0);
        assertEquals("cannot switch thread 'tactus-engine' to SCHED_FIFO priority 70 (EPERM: this needs root or "
                + "CAP_SYS_NICE, or an rtprio limit in /etc/security/limits.conf); running as SCHED_OTHER, "
                + "expect xruns under load", warning);
        assertEquals(1, scheduler.suppressedWarnings());
    }

    @Test
    void shouldReportTheGrantedPriorityReadBackFromTheKernel() {
        when(nativeLayer.getScheduler()).thenReturn(1);
        when(nativeLayer.getPriority()).thenReturn(70);

        SchedulingOutcome outcome = scheduler.applyToCurrentThread(SchedulingSettings.fifo(70));

        assertTrue(outcome.granted());
        assertEquals("SCHED_FIFO 70", outcome.describe());
        assertEquals(4242, outcome.tid());
        assertTrue(warnings.isEmpty());
        verify(nativeLayer).setScheduler(1, 70);
    }

    @Test
    void shouldWarnOnceAboutPeriodicSafepointsWhenARealtimeClassIsGrantedInAJvmThatHasThem() {
        when(nativeLayer.getScheduler()).thenReturn(1);
        when(nativeLayer.getPriority()).thenReturn(70);
        RealtimeScheduler checking = new RealtimeScheduler(nativeLayer, warnings::add, () -> 1000);

        assertTrue(checking.applyToCurrentThread(SchedulingSettings.fifo(70)).granted());
        assertTrue(checking.applyToCurrentThread(SchedulingSettings.fifo(70)).granted());

        assertEquals(List.of("this JVM stops every thread, realtime ones too, for a safepoint every 1000 ms"
                + " (GuaranteedSafepointInterval), which costs xruns on a busy machine; start it with"
                + " -XX:+UnlockDiagnosticVMOptions -XX:GuaranteedSafepointInterval=0"
                + " -XX:GuaranteedAsyncDeflationInterval=0"),
                warnings);
        assertEquals(1, checking.suppressedWarnings());
    }

    @Test
    void shouldNotWarnAboutSafepointsWhenTheyAreOffOrTheThreadStaysTimeShared() {
        RealtimeScheduler off = new RealtimeScheduler(nativeLayer, warnings::add, () -> 0);
        when(nativeLayer.getScheduler()).thenReturn(1);
        when(nativeLayer.getPriority()).thenReturn(70);
        assertTrue(off.applyToCurrentThread(SchedulingSettings.fifo(70)).granted());

        RealtimeScheduler on = new RealtimeScheduler(nativeLayer, warnings::add, () -> 1000);
        when(nativeLayer.getScheduler()).thenReturn(0);
        when(nativeLayer.getPriority()).thenReturn(0);
        when(nativeLayer.getNice()).thenReturn(0);
        assertTrue(on.applyToCurrentThread(SchedulingSettings.other(0)).granted());

        assertEquals(List.of(), warnings);
    }

    @Test
    void shouldWarnWhenTheKernelReportsOtherThanWhatItAccepted() {
        when(nativeLayer.getScheduler()).thenReturn(2);
        when(nativeLayer.getPriority()).thenReturn(5);

        SchedulingOutcome outcome = scheduler.applyToCurrentThread(SchedulingSettings.rr(10));

        assertFalse(outcome.granted());
        assertEquals(List.of("thread '" + Thread.currentThread().getName() + "' asked for SCHED_RR priority 10 but "
                + "the kernel reports SCHED_RR 5; expect xruns under load"), warnings);
    }

    @Test
    void shouldSayRealtimeIsUnavailableAndRunAsOtherWhenTheNativeLayerIsMissing() {
        when(nativeLayer.isAvailable()).thenReturn(false);

        SchedulingOutcome outcome = scheduler.applyToCurrentThread(SchedulingSettings.fifo(70));

        assertEquals(SchedulingPolicy.OTHER, outcome.actualPolicy());
        assertFalse(outcome.granted());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).startsWith("realtime scheduling is unavailable on this platform"), warnings.get(0));
        assertTrue(warnings.get(0).contains("runs as SCHED_OTHER instead of SCHED_FIFO priority 70"), warnings.get(0));
        verify(nativeLayer).isAvailable();
        verifyNoMoreInteractions(nativeLayer);
    }

    @Test
    void shouldDemoteSilentlyWhenTheNativeLayerIsMissing() {
        when(nativeLayer.isAvailable()).thenReturn(false);

        assertTrue(scheduler.demoteCurrentThread().granted());
        assertTrue(warnings.isEmpty());
    }

    @Test
    void shouldExplainDeadlineAdmissionRefusal() {
        when(nativeLayer.setDeadline(400_000, 1_333_333, 1_333_333)).thenReturn(RealtimeNative.EBUSY);

        SchedulingOutcome outcome = scheduler.applyToCurrentThread(SchedulingSettings.deadline(400_000, 1_333_333, 1_333_333));

        assertEquals(SchedulingPolicy.OTHER, outcome.actualPolicy());
        assertEquals(1, warnings.size());
        assertTrue(warnings.get(0).contains("SCHED_DEADLINE runtime 400 us, deadline 1333 us, period 1333 us (EBUSY: "
                + "the kernel's admission control has no bandwidth left"), warnings.get(0));
        assertTrue(outcome.describe().endsWith("refused: EBUSY)"), outcome.describe());
    }

    @Test
    void shouldDropAnInheritedRealtimeClassWhenTheRequestIsRefused() {
        when(nativeLayer.setDeadline(200_000, 1_000_000, 1_000_000)).thenReturn(RealtimeNative.EPERM);
        when(nativeLayer.getScheduler()).thenReturn(1, 0);

        SchedulingOutcome outcome = scheduler.applyToCurrentThread(SchedulingSettings.deadline(200_000, 1_000_000, 1_000_000));

        verify(nativeLayer).setScheduler(0, 0);
        assertEquals(SchedulingPolicy.OTHER, outcome.actualPolicy());
    }

    @Test
    void shouldWarnOnceAndContinueWhenANegativeNiceIsRefused() {
        when(nativeLayer.setNice(-20)).thenReturn(RealtimeNative.EACCES);

        SchedulingOutcome outcome = scheduler.applyToCurrentThread(SchedulingSettings.other(-20));
        scheduler.applyToCurrentThread(SchedulingSettings.other(-20));

        assertEquals(SchedulingPolicy.OTHER, outcome.actualPolicy());
        assertEquals(0, outcome.actualNice());
        assertEquals("SCHED_OTHER nice 0 (SCHED_OTHER nice -20 refused: EACCES)", outcome.describe());
        assertEquals(List.of("cannot set nice -20 on thread '" + Thread.currentThread().getName() + "' (EACCES: "
                + "a negative nice needs root or CAP_SYS_NICE, or a nice limit in /etc/security/limits.conf); "
                + "running as SCHED_OTHER nice 0"), warnings);
        assertEquals(1, scheduler.suppressedWarnings());
    }

    @Test
    void shouldApplyButNotWarnThroughTheSchedulerWithoutWarnings() {
        when(nativeLayer.setNice(-10)).thenReturn(RealtimeNative.EACCES);

        SchedulingOutcome outcome = scheduler.withoutWarnings().applyToCurrentThread(SchedulingSettings.other(-10));
        scheduler.applyToCurrentThread(SchedulingSettings.other(-10));

        verify(nativeLayer, times(2)).setNice(-10);
        assertEquals("SCHED_OTHER nice 0 (SCHED_OTHER nice -10 refused: EACCES)", outcome.describe());
        assertEquals(1, warnings.size(), "only the scheduler with warnings says it, and its cause was not used up: "
                + warnings);
    }

    @Test
    void shouldReportEachDistinctCauseOnce() {
        when(nativeLayer.setScheduler(anyInt(), anyInt())).thenReturn(RealtimeNative.EPERM);
        when(nativeLayer.setDeadline(200_000, 1_000_000, 1_000_000)).thenReturn(RealtimeNative.EPERM);

        scheduler.applyToCurrentThread(SchedulingSettings.fifo(70));
        scheduler.applyToCurrentThread(SchedulingSettings.fifo(80));
        scheduler.applyToCurrentThread(SchedulingSettings.deadline(200_000, 1_000_000, 1_000_000));

        assertEquals(2, warnings.size(), () -> "warnings: " + warnings);
        assertEquals(1, scheduler.suppressedWarnings());
    }

    @Test
    void shouldDemoteToOtherNiceZero() {
        SchedulingOutcome outcome = scheduler.demoteCurrentThread();

        verify(nativeLayer).setScheduler(0, 0);
        verify(nativeLayer).setNice(0);
        assertTrue(outcome.granted());
        assertEquals("SCHED_OTHER nice 0", outcome.describe());
        verify(nativeLayer, never()).setDeadline(anyLong(), anyLong(), anyLong());
    }

    @Test
    void shouldReturnTrueWhenMemoryIsLocked() {
        assertTrue(scheduler.lockMemory());
        assertTrue(warnings.isEmpty());
    }

    @Test
    void shouldWarnOnceAndReturnFalseWhenMemoryCannotBeLocked() {
        when(nativeLayer.mlockAll()).thenReturn(RealtimeNative.EPERM);

        assertFalse(scheduler.lockMemory());
        assertFalse(scheduler.lockMemory());

        assertEquals(List.of("cannot lock memory (EPERM: this needs root or CAP_IPC_LOCK, or a memlock limit in "
                + "/etc/security/limits.conf); page faults may cause xruns"), warnings);
        assertEquals(1, scheduler.suppressedWarnings());
    }

    private static SchedulingOutcome startAndAwait(RealtimeThreadFactory factory) throws InterruptedException {
        Thread thread = factory.newThread(() -> { });
        thread.start();
        SchedulingOutcome outcome = factory.awaitOutcome(5_000);
        thread.join(5_000);
        assertFalse(thread.isAlive());
        return outcome;
    }
}
