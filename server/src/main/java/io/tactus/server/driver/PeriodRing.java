package io.tactus.server.driver;

import com.lmax.disruptor.InsufficientCapacityException;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.Sequence;
import com.lmax.disruptor.SleepingWaitStrategy;

/**
 * A single-producer, single-consumer ring of preallocated {@link Period}s between the realtime thread
 * and one of the driver's I/O threads, on an LMAX Disruptor {@link RingBuffer}. Neither end ever waits
 * inside the ring: {@link #tryClaim} and {@link #poll} answer at once and the caller decides whether to
 * spin, park or give up, so the realtime side takes no lock and allocates nothing (a full ring is the
 * Disruptor's preallocated exception). The price is that each caller brings its own idle strategy.
 */
public final class PeriodRing {

    private final RingBuffer<Period> ring;
    /** The consumer's position; gates the producer so it never overwrites an unread period. */
    private final Sequence consumed = new Sequence();

    public PeriodRing(int periods, int channels, int nframes) {
        // The wait strategy only matters for blocking consumers, which we have none of; a sleeping one
        // keeps publish() free of the lock a blocking strategy takes to signal.
        this.ring = RingBuffer.createSingleProducer(() -> new Period(channels, nframes),
                powerOfTwoAtLeast(periods), new SleepingWaitStrategy());
        ring.addGatingSequences(consumed);
    }

    public int capacity() {
        return ring.getBufferSize();
    }

    /** Producer, allocation-free: the next free slot's sequence, or -1 when the ring is full. */
    public long tryClaim() {
        try {
            return ring.tryNext();
        } catch (InsufficientCapacityException full) {
            return -1;
        }
    }

    public Period get(long sequence) {
        return ring.get(sequence);
    }

    /** Producer: hands the claimed slot to the consumer. Claim and publish strictly alternate. */
    public void publish(long sequence) {
        ring.publish(sequence);
    }

    /** Consumer, allocation-free: the oldest unread slot's sequence, or -1 when the ring is empty. */
    public long poll() {
        long next = consumed.get() + 1;
        // With one producer the cursor is the highest published sequence.
        return next <= ring.getCursor() ? next : -1;
    }

    /** Consumer: gives the slot read at {@code sequence} back to the producer. */
    public void release(long sequence) {
        consumed.set(sequence);
    }

    private static int powerOfTwoAtLeast(int n) {
        int wanted = Math.max(2, n);
        int floor = Integer.highestOneBit(wanted);
        return floor == wanted ? wanted : floor << 1;
    }

    /** Published, unread periods; either end, allocation-free. */
    public int available() {
        return (int) (ring.getCursor() - consumed.get());
    }

    /** True when every slot holds a published, unread period. */
    public boolean isFull() {
        return ring.getCursor() - consumed.get() >= ring.getBufferSize();
    }
}
