package io.tactus.server.control;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** One connection's work on shared threads: in order, one at a time, and the reader resumed below the limit. */
class SerialInboxTest {

    @Test
    void shouldRunEachInboxsTasksInOrderAndNeverTwoAtOnceOnSharedThreads() throws Exception {
        ExecutorService workers = Executors.newFixedThreadPool(4);
        try {
            int inboxes = 8;
            int tasks = 2_000;
            List<List<Integer>> seen = new ArrayList<>();
            List<SerialInbox> all = new ArrayList<>();
            AtomicInteger overlaps = new AtomicInteger();
            CountDownLatch done = new CountDownLatch(inboxes * tasks);
            for (int i = 0; i < inboxes; i++) {
                seen.add(new ArrayList<>());
                all.add(new SerialInbox(workers, Integer.MAX_VALUE, () -> { }));
            }
            List<AtomicInteger> running = new ArrayList<>();
            for (int i = 0; i < inboxes; i++) {
                running.add(new AtomicInteger());
            }
            for (int t = 0; t < tasks; t++) {
                for (int i = 0; i < inboxes; i++) {
                    List<Integer> mine = seen.get(i); // a plain list: only one task of an inbox may touch it at a time
                    AtomicInteger runningHere = running.get(i);
                    int task = t;
                    all.get(i).execute(() -> {
                        if (runningHere.incrementAndGet() > 1) {
                            overlaps.incrementAndGet();
                        }
                        mine.add(task);
                        Thread.onSpinWait();
                        runningHere.decrementAndGet();
                        done.countDown();
                    });
                }
            }
            assertTrue(done.await(30, TimeUnit.SECONDS), "every task ran");
            assertEquals(0, overlaps.get());
            for (List<Integer> mine : seen) {
                for (int t = 0; t < tasks; t++) {
                    assertEquals(t, mine.get(t), "in the order handed in");
                }
            }
            for (SerialInbox inbox : all) {
                assertEquals(0, inbox.pending());
            }
        } finally {
            workers.shutdownNow();
        }
    }

    @Test
    void shouldSayFullAtTheLimitAndCallBackOnceItFallsBelow() {
        List<Runnable> queued = new ArrayList<>();
        AtomicInteger resumed = new AtomicInteger();
        SerialInbox inbox = new SerialInbox(queued::add, 2, resumed::incrementAndGet);
        inbox.execute(() -> { });
        assertFalse(inbox.isFull());
        inbox.execute(() -> { });
        assertTrue(inbox.isFull(), "two pending at a limit of two");
        assertEquals(1, queued.size(), "one drain scheduled for both");
        queued.remove(0).run();
        assertEquals(0, inbox.pending());
        assertEquals(1, resumed.get(), "called back when the count fell below the limit, once");
    }
}
