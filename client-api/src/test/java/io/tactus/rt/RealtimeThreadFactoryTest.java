package io.tactus.rt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class RealtimeThreadFactoryTest {

    private final List<String> events = new CopyOnWriteArrayList<>();
    private final RealtimeNative nativeLayer = mock(RealtimeNative.class);
    private final RealtimeScheduler scheduler = new RealtimeScheduler(nativeLayer, events::add);

    @Test
    void shouldNameLaterThreadsWithASuffixAndMakeThemNonDaemon() {
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-engine", SchedulingSettings.fifo(70), scheduler);

        Thread first = factory.newThread(() -> { });
        Thread second = factory.newThread(() -> { });
        Thread third = factory.newThread(() -> { });

        assertEquals(List.of("tactus-engine", "tactus-engine-2", "tactus-engine-3"),
                List.of(first.getName(), second.getName(), third.getName()));
        assertFalse(first.isDaemon());
        assertFalse(second.isDaemon());
    }

    @Test
    void shouldApplySettingsOnTheNewThreadBeforeRunningTheTask() throws Exception {
        when(nativeLayer.isAvailable()).thenReturn(true);
        when(nativeLayer.setScheduler(1, 70)).then(call -> {
            events.add("setScheduler on " + Thread.currentThread().getName());
            return 0;
        });
        when(nativeLayer.getScheduler()).thenReturn(1);
        when(nativeLayer.getPriority()).thenReturn(70);
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-engine", SchedulingSettings.fifo(70), scheduler);

        Thread thread = factory.newThread(() -> events.add("task"));
        thread.start();
        SchedulingOutcome outcome = factory.awaitOutcome(5_000);
        thread.join(5_000);

        assertEquals(List.of("setScheduler on tactus-engine", "task"), events);
        assertEquals("SCHED_FIFO 70", outcome.describe());
        assertSame(outcome, factory.lastOutcome());
    }

    @Test
    void shouldRunThePreludeBeforeTheSettingsAndTheTaskAfterThem() throws Exception {
        when(nativeLayer.isAvailable()).thenReturn(true);
        when(nativeLayer.setScheduler(1, 70)).then(call -> {
            events.add("setScheduler");
            return 0;
        });
        when(nativeLayer.getScheduler()).thenReturn(1);
        when(nativeLayer.getPriority()).thenReturn(70);
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-engine", SchedulingSettings.fifo(70), scheduler);

        Thread thread = factory.newThread(() -> events.add("prelude on " + Thread.currentThread().getName()),
                () -> events.add("task"));
        thread.start();
        SchedulingOutcome outcome = factory.awaitOutcome(5_000);
        thread.join(5_000);

        assertEquals(List.of("prelude on tactus-engine", "setScheduler", "task"), events);
        assertEquals("SCHED_FIFO 70", outcome.describe());
    }

    @Test
    void shouldHaveNoOutcomeBeforeAThreadHasStarted() throws Exception {
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-engine", SchedulingSettings.fifo(70), scheduler);

        assertNull(factory.awaitOutcome(10));
        factory.newThread(() -> { });

        assertNull(factory.lastOutcome());
        assertNull(factory.awaitOutcome(50), "a created but unstarted thread times out");
    }

    @Test
    void shouldAwaitTheMostRecentlyCreatedThread() throws Exception {
        RealtimeThreadFactory factory = new RealtimeThreadFactory("tactus-worker", SchedulingSettings.other(0), scheduler);
        CountDownLatch release = new CountDownLatch(1);
        Thread first = factory.newThread(() -> awaitQuietly(release));
        first.start();
        factory.awaitOutcome(5_000);

        Thread second = factory.newThread(() -> awaitQuietly(release));

        assertNull(factory.awaitOutcome(50), "the second thread has not started yet");
        second.start();
        SchedulingOutcome outcome = factory.awaitOutcome(5_000);
        release.countDown();
        first.join(5_000);
        second.join(5_000);
        assertEquals(SchedulingPolicy.OTHER, outcome.actualPolicy());
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
