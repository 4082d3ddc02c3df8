package io.tactus.server.telemetry;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.BatchEventProcessorBuilder;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.RingBuffer;
import com.lmax.disruptor.SleepingWaitStrategy;

/**
 * The engine's one-way channel to the metrics consumer: a Disruptor ring of preallocated
 * {@link CycleRecord}s. The engine claims a slot only when one is free and never waits; when the
 * consumer falls behind, the cycle is written to a scratch record and counted as dropped.
 *
 * <p>One thread produces at a time, but not always the same one: after a runaway client the watchdog
 * hands the engine (and the slot the stuck thread had claimed) to a fresh thread. The ring is therefore
 * a multi-producer one, whose claim is one uncontended compare-and-set (tens of nanoseconds a period);
 * a single-producer sequencer is bound to the first thread that used it.
 *
 * <p>The consumer is a {@link BatchEventProcessor} that sleeps 1 ms when the ring is empty: cheap, and
 * it shares no hot code with the engine. (An {@code EventPoller} on this side too would make the engine
 * and the consumer run one compiled {@code poll}; each thread's traps would then deoptimise it under the
 * other, and a deoptimisation allocates on the engine thread.)
 */
public final class TelemetryRing {

    private static final long CONSUMER_SLEEP_NANOS = 1_000_000;

    private final RingBuffer<CycleRecord> ring;
    private long claimed = -1;

    public TelemetryRing(int size, int maxClients) {
        // The producer's signal of this strategy is a no-op, so publish() takes no lock.
        this.ring = RingBuffer.createMultiProducer(() -> new CycleRecord(maxClients), size,
                new SleepingWaitStrategy(0, CONSUMER_SLEEP_NANOS));
    }

    /** Engine thread, allocation-free: a free slot, or {@code scratch} when the ring is full. One claim at a time. */
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

    /** The consumer; run it on a thread of its own and {@code halt()} it to stop. Call once. */
    public BatchEventProcessor<CycleRecord> consumer(EventHandler<CycleRecord> handler) {
        BatchEventProcessor<CycleRecord> processor = new BatchEventProcessorBuilder()
                .build(ring, ring.newBarrier(), handler);
        ring.addGatingSequences(processor.getSequence());
        return processor;
    }
}
