package io.tactus.clients;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.TactusClient;

import java.nio.FloatBuffer;
import java.util.concurrent.locks.LockSupport;

/**
 * A client that blocks inside its process callback, as one waiting on a lock, a disk or the network
 * would: copies {@code in_1} to {@code out_1}, and from a given cycle on parks for a fixed time, every
 * cycle or once. Unlike a {@link HogClient} it uses no CPU while late, so it tells a policy that judges
 * wall time from one that judges CPU time. Allocation-free.
 */
public final class SleeperClient implements ProcessCallback {

    private final Port in;
    private final Port out;
    private final long sleepNanos;
    private final long afterCycles;
    private final boolean everyCycle;
    private long cycle; // engine thread only
    private volatile long sleeps;

    /**
     * @param sleepMillis how long to block per sleeping cycle
     * @param afterCycles the first sleeping cycle, counted from this client's first call
     * @param everyCycle  sleep every cycle from then on, or only once
     */
    public SleeperClient(TactusClient client, double sleepMillis, long afterCycles, boolean everyCycle) {
        if (!(sleepMillis >= 0 && sleepMillis <= 3_600_000)) {
            throw new IllegalArgumentException("the sleep must be 0 to 3600000 ms, not " + sleepMillis);
        }
        if (afterCycles < 0) {
            throw new IllegalArgumentException("the sleeper must start at cycle 0 or later, not " + afterCycles);
        }
        this.sleepNanos = Math.round(sleepMillis * 1e6);
        this.afterCycles = afterCycles;
        this.everyCycle = everyCycle;
        this.in = client.registerPort("in_1", PortType.AUDIO, PortFlag.INPUT);
        this.out = client.registerPort("out_1", PortType.AUDIO, PortFlag.OUTPUT);
        client.setProcessCallback(this);
    }

    /** Realtime, allocation-free; blocks on purpose. */
    @Override
    public void process(int nframes) {
        FloatBuffer src = in.getFloatBuffer();
        FloatBuffer dst = out.getFloatBuffer();
        for (int i = 0; i < nframes; i++) {
            dst.put(i, src.get(i));
        }
        long k = cycle++;
        if (k == afterCycles || (everyCycle && k > afterCycles)) {
            sleep();
        }
    }

    /** parkNanos may return early (spuriously), so park again until the full time has passed. */
    private void sleep() {
        long end = System.nanoTime() + sleepNanos;
        for (long left = sleepNanos; left > 0; left = end - System.nanoTime()) {
            LockSupport.parkNanos(left);
        }
        sleeps++;
    }

    /** Cycles in which it has slept so far. */
    public long sleeps() {
        return sleeps;
    }
}
