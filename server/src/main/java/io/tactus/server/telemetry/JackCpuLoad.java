package io.tactus.server.telemetry;

import io.tactus.server.graph.SharedGraph;

/**
 * {@code jack_cpu_load} as JACK2 computes it, so that a JACK client reads the same figure on either server and a
 * comparison of the two compares like with like: every {@value #WINDOW} cycles, the longest of them as a share of the
 * period (at most {@value #CEILING_PERCENT} %), averaged half and half with the figure before. A cycle lasts from the
 * engine's wake-up to the end of the graph: the engine's own end in a synchronous graph; in an asynchronous one the
 * last finish of a client that started within the cycle's period, which the next cycle's record carries, so the graph
 * the engine does not wait for is counted too. It follows the worst cycles and reads higher than the mean of the
 * cycles (the report's Average DSP Load): that is JACK's figure, kept beside ours. Written on the consumer thread;
 * {@link #percent} from any thread.
 */
public final class JackCpuLoad implements CycleListener {

    static final int WINDOW = 32;
    static final int CEILING_PERCENT = 95;

    private long windowMaxNanos;
    private int inWindow;
    private long previousWakeup;
    private long previousEnd;
    private boolean previousKnown;
    private volatile double percent;
    private double updatesSum;
    private long updates;
    private double updatesMax;

    @Override
    public void onCycle(CycleRecord record) {
        SharedGraph shared = record.plan == null ? null : record.plan.shared();
        cycle(record, shared != null && shared.isAsync());
    }

    /** One cycle of a graph the engine waits for ({@code async} false) or does not; freewheeling is no load. */
    synchronized void cycle(CycleRecord record, boolean async) {
        if (record.periodNanos <= 0 || record.freewheel) {
            previousKnown = false;
            return;
        }
        if (async) {
            if (previousKnown) {
                add(graphEnd(record) - previousWakeup, record.periodNanos);
            }
        } else {
            add(record.end - record.wakeup, record.periodNanos);
        }
        previousWakeup = record.wakeup;
        previousEnd = record.end;
        previousKnown = true;
    }

    /** Asynchronous: the previous cycle's end, its own or that of the last client that ran in its period. */
    private long graphEnd(CycleRecord record) {
        long end = previousEnd;
        for (int i = 0; i < record.clientCount; i++) {
            long start = record.clientStarts[i];
            if (start != 0 && start < record.wakeup) {
                end = Math.max(end, start + record.clientNanos[i]);
            }
        }
        return end;
    }

    private void add(long cycleNanos, long periodNanos) {
        windowMaxNanos = Math.max(windowMaxNanos, cycleNanos);
        if (++inWindow < WINDOW) {
            return;
        }
        double worst = Math.min(100.0 * windowMaxNanos / periodNanos, CEILING_PERCENT);
        double next = (worst + percent) / 2;
        percent = next;
        updatesSum += next;
        updates++;
        updatesMax = Math.max(updatesMax, next);
        windowMaxNanos = 0;
        inWindow = 0;
    }

    /** The figure now, percent; 0 before the first {@value #WINDOW} cycles. */
    public double percent() {
        return percent;
    }

    /** The mean of the figure over its updates so far, percent; 0 before the first. */
    public synchronized double meanPercent() {
        return updates == 0 ? 0 : updatesSum / updates;
    }

    /** The largest figure so far, percent. */
    public synchronized double maxPercent() {
        return updatesMax;
    }
}
