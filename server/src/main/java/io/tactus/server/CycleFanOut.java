package io.tactus.server;

import io.tactus.api.spi.CallbackNotifier;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.telemetry.CycleListener;
import io.tactus.server.telemetry.CycleRecord;

/**
 * Tells clients what a cycle did to them: a client whose process callback threw is evicted, and every
 * client of an xrun cycle gets its xrun callback. Both leave the consumer thread through the notifier, so a
 * slow callback or a graph change never holds up the figures. Consumer thread.
 */
final class CycleFanOut implements CycleListener {

    private final GraphController controller;
    private final CallbackNotifier notifier;

    CycleFanOut(GraphController controller, CallbackNotifier notifier) {
        this.controller = controller;
        this.notifier = notifier;
    }

    @Override
    public void onCycle(CycleRecord record) {
        if (record.failedClient != CycleRecord.NONE) {
            ClientNode client = controller.graph().clientOrNull(record.plan.clientName(record.failedClient));
            String reason = "its process callback threw " + record.failure;
            if (client != null) {
                notifier.post("eviction", () -> controller.evict(client, reason));
            }
        }
        if (record.xrun) {
            double lateMicros = Math.max(0, record.end - record.deadline) / 1000.0; // 0: a device xrun
            for (int i = 0; i < record.clientCount; i++) {
                ClientNode client = controller.graph().clientOrNull(record.plan.clientName(i));
                if (client != null && client.xrunCallback() != null) {
                    notifier.post("xrun", () -> client.xrunCallback().xrun(lateMicros));
                }
            }
        }
    }
}
