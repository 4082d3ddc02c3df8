package io.tactus.server;

import io.tactus.api.TactusException;
import io.tactus.api.spi.CallbackNotifier;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.ThreadTasks;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.watchdog.WatchdogActions;

import java.util.concurrent.ThreadFactory;

/**
 * Carries out the watchdog's decisions as graph changes, in order, on a thread of its own: a graph change
 * waits until the engine has switched plans (a period or two), and the telemetry consumer that decides
 * must not wait for that. A client that left before its sentence was carried out is simply gone.
 */
final class ServerWatchdogActions implements WatchdogActions, AutoCloseable {

    private final GraphController controller;
    private final RealtimeScheduler scheduler;
    private final CallbackNotifier executor;

    ServerWatchdogActions(GraphController controller, ThreadFactory threads, RealtimeScheduler scheduler) {
        this.controller = controller;
        this.scheduler = scheduler;
        this.executor = new CallbackNotifier(threads);
    }

    @Override
    public void mute(ClientNode client) {
        submit(() -> controller.changeVoid(graph -> {
            if (!client.isClosed()) {
                graph.setMuted(client, true);
            }
        }));
    }

    @Override
    public void readmit(ClientNode client) {
        submit(() -> controller.changeVoid(graph -> {
            if (!client.isClosed()) {
                graph.setMuted(client, false);
            }
        }));
    }

    /**
     * Evicts; an out-of-process client's process thread is also taken off the realtime class (the server
     * knows its tid), so a client that ignores its eviction stops taking realtime CPU from the graph. Never
     * a thread of the server's own process: a client's word must not reach the engine or its helpers.
     */
    @Override
    public void evict(ClientNode client, String reason) {
        int tid = client.processThreadTid();
        if (tid > 0 && !ThreadTasks.isOwnThread(tid)) {
            scheduler.demoteThread(tid, client.name() + "'s process thread");
        }
        submit(() -> controller.evict(client, reason));
    }

    /** In order on the actions' thread; dropped once the server is closing. */
    private void submit(Runnable action) {
        executor.post("watchdog action", () -> {
            try {
                action.run();
            } catch (TactusException gone) {
                // the client left, or the server is stopping: nothing left to do
            }
        });
    }

    /** Runs the actions already queued (up to 2 s), then lets the thread end. */
    @Override
    public void close() {
        executor.close();
    }
}
