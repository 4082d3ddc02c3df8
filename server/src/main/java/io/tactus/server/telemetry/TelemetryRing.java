package io.tactus.server.telemetry;

import com.lmax.disruptor.EventPoller;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;

/**
 * The engine's one-way channel to the metrics consumer: a single-producer Disruptor ring of
 * preallocated {@link CycleRecord}s. The engine claims a slot only when one is free and never waits;
 * when the consumer falls behind, the cycle is written to a scratch record and counted as dropped.
 */
public final class TelemetryRing {

    private final RingBuffer<CycleRecord> ring;
    private final EventPoller<CycleRecord> poller;
    private final Counting counting = new Counting();
    private long claimed = -1;

    public TelemetryRing(int size, int maxClients) {
        // Consumers poll; the producer's signal of this strategy is a no-op, so publish() takes no lock.
        this.ring = RingBuffer.createSingleProducer(() -> new CycleRecord(maxClients), size, new SleepingWaitStrategy());
        this.poller = ring.newPoller();
        ring.addGatingSequences(poller.getSequence());
    }

    /** Engine thread, allocation-free: a free slot, or {@code scratch} when the ring is full. */
    public CycleRecord claim(CycleRecord scratch) {
        if (ring.hasAvailableCapacity(1)) {
            claimed = ring.next();
            return ring.get(claimed);
        }
        claimed = -1;
        return scratch;
    }

    /** Engine thread: publishes the claimed slot; false when the cycle went to scratch (dropped). */
    public boolean publish(CycleRecord record) {
        if (claimed < 0) {
            return false;
        }
        ring.publish(claimed);
        claimed = -1;
        return true;
    }

    /** Consumer thread: hands every published record to {@code handler}; returns how many. */
    public int drain(EventPoller.Handler<CycleRecord> handler) {
        counting.delegate = handler;
        counting.count = 0;
        try {
            poller.poll(counting);
        } catch (Exception e) {
            throw new IllegalStateException("telemetry consumer failed", e);
        }
        return counting.count;
    }

    private static final class Counting implements EventPoller.Handler<CycleRecord> {
        EventPoller.Handler<CycleRecord> delegate;
        int count;

        @Override
        public boolean onEvent(CycleRecord event, long sequence, boolean endOfBatch) throws Exception {
            count++;
            return delegate.onEvent(event, sequence, endOfBatch);
        }
    }
}
