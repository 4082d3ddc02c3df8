package io.tactus.bench.soak;

import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;

import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Graph changes at a steady rate, on a thread of its own: each tick makes or undoes one connection from a staying
 * client's output to a playback port, going round the clients, through a port-less control client of the server's
 * JVM. A refused change is counted with its first sentence, never fatal: the soak watches the server, not the
 * wiring.
 */
final class WiringChanges implements AutoCloseable {

    private final TactusClient wiring;
    private final List<String> outputs;
    private final ScheduledExecutorService timer;
    private final AtomicLong done = new AtomicLong();
    private final AtomicLong refused = new AtomicLong();
    private volatile String firstRefusal;
    private long tick;

    /** Starts {@code perMinute} changes a minute on the outputs {@code outputs}, each to {@code playback}. */
    WiringChanges(TactusClient wiring, List<String> outputs, String playback, int perMinute) {
        this.wiring = wiring;
        this.outputs = List.copyOf(outputs);
        this.timer = Executors.newSingleThreadScheduledExecutor(task -> {
            Thread thread = new Thread(task, "tactus-soak-wiring");
            thread.setDaemon(true);
            return thread;
        });
        if (perMinute > 0) {
            long every = TimeUnit.MINUTES.toMicros(1) / perMinute;
            timer.scheduleAtFixedRate(() -> change(playback), every, every, TimeUnit.MICROSECONDS);
        }
    }

    /** Connect output k on even ticks, disconnect it on the next: every pair of ticks moves on one output. */
    private void change(String playback) {
        String output = outputs.get((int) ((tick / 2) % outputs.size()));
        boolean connect = tick % 2 == 0;
        tick++;
        try {
            if (connect) {
                wiring.connect(output, playback);
            } else {
                wiring.disconnect(output, playback);
            }
            done.incrementAndGet();
        } catch (TactusException e) {
            refused.incrementAndGet();
            if (firstRefusal == null) {
                firstRefusal = e.getMessage();
            }
        }
    }

    long done() {
        return done.get();
    }

    long refused() {
        return refused.get();
    }

    /** The first refusal's sentence, or null. */
    String firstRefusal() {
        return firstRefusal;
    }

    @Override
    public void close() throws InterruptedException {
        timer.shutdownNow();
        timer.awaitTermination(5, TimeUnit.SECONDS);
    }
}
