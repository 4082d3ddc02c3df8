package io.tactus.server.engine;

/**
 * The engine thread's own allocation since warm-up, for the telemetry record: the baseline is taken when
 * warm-up ends, then the figure is re-read every 64 cycles (a read costs about a microsecond). After a
 * runaway recovery the fresh thread takes its own baseline 64 cycles in and adds to the old figure.
 * Engine thread only.
 */
final class AllocationMeter {

    private final com.sun.management.ThreadMXBean threads;
    private long baseline = -1;
    private long baselineCycle;
    private long before;
    private long allocated = -1;
    /** Bytes set aside since the baseline: a period switch's own cost, which the figure leaves out. */
    private long excluded;

    AllocationMeter(com.sun.management.ThreadMXBean threads, long baselineCycle) {
        this.threads = threads;
        this.baselineCycle = baselineCycle;
    }

    /**
     * Bytes the engine thread allocated since the baseline, as of cycle {@code k}; -1 before it. Realtime,
     * allocation-free.
     */
    long measure(long k) {
        if (baseline < 0 && k >= baselineCycle) {
            baseline = threads.getCurrentThreadAllocatedBytes();
            allocated = before;
        } else if (baseline >= 0 && (k & 63) == 0) {
            allocated = before + threads.getCurrentThreadAllocatedBytes() - baseline - excluded;
        }
        return allocated;
    }

    /** Leaves {@code bytes} the thread just allocated out of the figure (a switch's); allocation-free. */
    void exclude(long bytes) {
        if (baseline >= 0) {
            excluded += bytes;
        }
    }

    /** A fresh thread runs the loop from cycle {@code next}: it takes its own baseline 64 cycles later. */
    void restartOnFreshThread(long next) {
        before = Math.max(0, allocated);
        baseline = -1;
        baselineCycle = next + 64;
    }
}
