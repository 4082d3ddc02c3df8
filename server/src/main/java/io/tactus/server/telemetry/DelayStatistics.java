package io.tactus.server.telemetry;

/**
 * JACK's two delay figures, kept apart from the run's metrics so that a client's reset does not touch them: the
 * largest delay of the engine's wake-up after its period's ideal start since the server started or a client reset
 * it ({@code jack_get_max_delayed_usecs}), and how late the output of the most recent xrun cycle was
 * ({@code jack_get_xrun_delayed_usecs}, the figure the xrun callback gets). Written on the consumer thread, read
 * and reset by any thread; a reset that races a cycle may keep that one cycle's delay, which is harmless.
 */
public final class DelayStatistics implements CycleListener {

    private volatile long maxDelayNanos;
    private volatile long xrunDelayNanos;

    @Override
    public void onCycle(CycleRecord record) {
        long delay = record.delayNanos();
        if (delay > maxDelayNanos) {
            maxDelayNanos = delay;
        }
        if (record.xrun) {
            xrunDelayNanos = Math.max(0, record.end - record.deadline);
        }
    }

    public double maxDelayedMicros() {
        return maxDelayNanos / 1000.0;
    }

    public double xrunDelayedMicros() {
        return xrunDelayNanos / 1000.0;
    }

    public void resetMaxDelay() {
        maxDelayNanos = 0;
    }
}
