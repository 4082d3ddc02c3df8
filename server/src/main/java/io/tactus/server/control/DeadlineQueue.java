package io.tactus.server.control;

import java.util.ArrayDeque;
import java.util.function.Consumer;

/**
 * Items that each fall due a fixed time after they were added, in the order they were added: with one delay
 * for all, that order is the order of their deadlines, so a FIFO does a priority queue's work at O(1) per item.
 * Items whose wait ended early are not removed; whoever expires them checks and skips them. Used by the
 * selector thread alone.
 */
final class DeadlineQueue<T> {

    private final long delayNanos;
    private final ArrayDeque<T> items = new ArrayDeque<>();
    private final ArrayDeque<Long> dueAt = new ArrayDeque<>();

    DeadlineQueue(long delayMillis) {
        this.delayNanos = delayMillis * 1_000_000;
    }

    /** {@code item} falls due the delay after {@code nowNanos}; {@code nowNanos} never decreases between calls. */
    void add(T item, long nowNanos) {
        items.addLast(item);
        dueAt.addLast(nowNanos + delayNanos);
    }

    /** Hands every item due by {@code nowNanos} to {@code expire}, oldest first. */
    void expire(long nowNanos, Consumer<T> expire) {
        while (!dueAt.isEmpty() && dueAt.peekFirst() - nowNanos <= 0) {
            dueAt.removeFirst();
            expire.accept(items.removeFirst());
        }
    }

    /** Nanoseconds until the next item falls due (0 when one is due), or -1 when none waits. */
    long nanosToNext(long nowNanos) {
        return dueAt.isEmpty() ? -1 : Math.max(0, dueAt.peekFirst() - nowNanos);
    }
}
