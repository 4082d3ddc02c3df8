package io.tactus.server.telemetry;

import com.lmax.disruptor.EventPoller;
import io.tactus.server.agent.Agent;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The telemetry consumer: drains the ring, feeds {@link RunMetrics}, and hands each record to the
 * listeners (xrun notifications, and later the watchdog). It is the only reader of the ring, on a
 * normal thread; if it falls behind, the engine drops records rather than wait for it.
 */
public final class MetricsAgent implements Agent, EventPoller.Handler<CycleRecord> {

    private final TelemetryRing ring;
    private final RunMetrics metrics;
    private final List<CycleListener> listeners = new CopyOnWriteArrayList<>();

    public MetricsAgent(TelemetryRing ring, RunMetrics metrics) {
        this.ring = ring;
        this.metrics = metrics;
    }

    public void addListener(CycleListener listener) {
        listeners.add(listener);
    }

    @Override
    public int doWork() {
        return ring.drain(this);
    }

    @Override
    public boolean onEvent(CycleRecord record, long sequence, boolean endOfBatch) {
        record.findTimeoutClient();
        metrics.onCycle(record);
        for (CycleListener listener : listeners) {
            listener.onCycle(record);
        }
        record.plan = null; // let old plans be collected
        return true;
    }

    @Override
    public String roleName() {
        return "tactus-metrics";
    }
}
