package io.tactus.ipc.graph;

import io.tactus.rt.Futex;

/** A {@link Futex} for single-threaded protocol tests: waits return at once, wakes are counted. */
final class CountingFutex implements Futex {

    private long wakes;

    long wakes() {
        return wakes;
    }

    @Override
    public boolean isAvailable() {
        return true;
    }

    @Override
    public int wait(long address, int expected, long timeoutNanos) {
        return VALUE_DIFFERED;
    }

    @Override
    public int wake(long address, int count) {
        wakes++;
        return 0;
    }
}
