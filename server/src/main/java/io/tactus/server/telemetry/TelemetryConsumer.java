package io.tactus.server.telemetry;

import com.lmax.disruptor.BatchEventProcessor;
import com.lmax.disruptor.EventHandler;
import com.lmax.disruptor.ExceptionHandler;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The telemetry consumer: feeds each cycle record to {@link RunMetrics} and to the listeners (xrun
 * notifications, and later the watchdog), on its own normal thread. If it falls behind, the engine drops
 * records rather than wait for it. A listener that throws is counted and reported once; the consumer
 * goes on.
 */
public final class TelemetryConsumer implements EventHandler<CycleRecord>, AutoCloseable {

    private final RunMetrics metrics;
    private final List<CycleListener> listeners = new CopyOnWriteArrayList<>();
    private final AtomicLong failures = new AtomicLong();
    private final BatchEventProcessor<CycleRecord> processor;
    private final Thread thread;

    public TelemetryConsumer(TelemetryRing ring, RunMetrics metrics) {
        this(ring, metrics, task -> {
            Thread thread = new Thread(task, "tactus-metrics");
            thread.setDaemon(true);
            return thread;
        });
    }

    /**
     * With the consumer thread from {@code threads}: the server gives it a realtime priority below the engine's, so the
     * watchdog decides promptly on a busy machine.
     */
    public TelemetryConsumer(TelemetryRing ring, RunMetrics metrics, java.util.concurrent.ThreadFactory threads) {
        this.metrics = metrics;
        this.processor = ring.consumer(this);
        processor.setExceptionHandler(new ReportOnce());
        this.thread = threads.newThread(processor);
    }

    public TelemetryConsumer start() {
        thread.start();
        return this;
    }

    public void addListener(CycleListener listener) {
        listeners.add(listener);
    }

    @Override
    public void onEvent(CycleRecord record, long sequence, boolean endOfBatch) {
        record.findTimeoutClient();
        record.findWaits();
        metrics.onCycle(record);
        for (CycleListener listener : listeners) {
            listener.onCycle(record);
        }
        record.plan = null; // let old plans be collected
    }

    public long failures() {
        return failures.get();
    }

    /** Stops the consumer thread; records not yet consumed are left unread. */
    @Override
    public void close() {
        processor.halt();
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private final class ReportOnce implements ExceptionHandler<CycleRecord> {
        @Override
        public void handleEventException(Throwable ex, long sequence, CycleRecord event) {
            if (failures.getAndIncrement() == 0) {
                System.err.println("tactus: a telemetry listener failed (" + ex + "); further failures are counted");
            }
        }

        @Override
        public void handleOnStartException(Throwable ex) {
            handleEventException(ex, -1, null);
        }

        @Override
        public void handleOnShutdownException(Throwable ex) {
            handleEventException(ex, -1, null);
        }
    }
}
