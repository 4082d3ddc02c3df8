package io.tactus.server.telemetry;

/**
 * JACK's two delay figures, kept apart from the run's metrics so that a client's reset does not touch them: the
 * largest delay of the engine's wake-up after its period's ideal start since the server started or a client reset
 * it ({@code jack_get_max_delayed_usecs}), and how late the output of the most recent xrun cycle was
 * ({@code jack_get_xrun_delayed_usecs}, the figure the xrun callback gets). Written on the consumer thread, read
 * and reset by control threads; a lock, as neither is realtime, keeps an xrun's delay and cycle together.
 */
public final class DelayStatistics implements CycleListener {

    private long maxDelayNanos;
    private long xrunDelayNanos;
    private long xrunCycle = -1;

    @Override
    public synchronized void onCycle(CycleRecord record) {
        maxDelayNanos = Math.max(maxDelayNanos, record.delayNanos());
        if (record.xrun) {
            xrunDelayNanos = Math.max(0, record.end - record.deadline);
            xrunCycle = record.cycle;
        }
    }

    public synchronized double maxDelayedMicros() {
        return maxDelayNanos / 1000.0;
    }

    public synchronized double xrunDelayedMicros() {
        return xrunDelayNanos / 1000.0;
    }

    /** The cycle of the most recent xrun, -1 before any. */
    public synchronized long lastXrunCycle() {
        return xrunCycle;
    }

    public synchronized void resetMaxDelay() {
        maxDelayNanos = 0;
    }
}
