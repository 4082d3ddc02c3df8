package io.tactus.server.control;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One delay for all: items fall due in the order they were added, each at its own time. */
class DeadlineQueueTest {

    @Test
    void shouldExpireDeadlinesOldestFirstAndOnlyWhenDue() {
        DeadlineQueue<String> deadlines = new DeadlineQueue<>(2_000);
        deadlines.add("a", 0);
        deadlines.add("b", 1_000_000_000L);
        assertEquals(2_000_000_000L, deadlines.nanosToNext(0));
        List<String> expired = new ArrayList<>();
        deadlines.expire(1_999_999_999L, expired::add);
        assertEquals(List.of(), expired);
        deadlines.expire(2_000_000_000L, expired::add);
        assertEquals(List.of("a"), expired);
        assertEquals(1_000_000_000L, deadlines.nanosToNext(2_000_000_000L));
        deadlines.expire(5_000_000_000L, expired::add);
        assertEquals(List.of("a", "b"), expired);
        assertEquals(-1, deadlines.nanosToNext(5_000_000_000L));
    }
}
