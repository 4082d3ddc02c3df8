package io.tactus.server;

import io.tactus.api.GraphEvent;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.api.spi.GraphEventDispatcher;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CountDownLatch;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** An in-process client whose callback blocks holds at most CAPACITY notifications; it sees the rest as a gap. */
class InProcessNotificationsTest {

    @Test
    void shouldDropBeyondItsCapacityAndShowTheGapWhenTheCallbackBlocks() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        List<Long> seen = Collections.synchronizedList(new ArrayList<>());
        try (CallbackNotifier notifier = new CallbackNotifier("test-notify")) {
            GraphEventDispatcher dispatcher = new GraphEventDispatcher("stuck");
            dispatcher.setGraphEventCallback(e -> {
                seen.add(e.sequence());
                try {
                    release.await();
                } catch (InterruptedException interrupted) {
                    Thread.currentThread().interrupt();
                }
            });
            InProcessNotifications queue = new InProcessNotifications(notifier, dispatcher);
            int sent = 3 * InProcessNotifications.CAPACITY;
            queue.graphChanged(GraphEvent.client("c0", true));
            assertTrue(within(5_000, () -> seen.size() == 1), "the first is in the (blocked) callback");
            for (int i = 1; i < sent; i++) {
                queue.graphChanged(GraphEvent.client("c" + i, true));
            }
            assertEquals(sent - 1 - InProcessNotifications.CAPACITY, queue.dropped(), "dropped beyond the capacity");
            release.countDown();
            int kept = 1 + InProcessNotifications.CAPACITY;
            assertTrue(within(5_000, () -> seen.size() == kept), "delivered: " + seen.size());
            queue.graphChanged(GraphEvent.client("late", true));
            assertTrue(within(5_000, () -> seen.size() == kept + 1));
            assertEquals(kept, seen.get(kept - 1), "the kept ones in order");
            assertEquals(sent + 1, seen.get(kept), "the next one's number shows the gap");
        }
    }
}
