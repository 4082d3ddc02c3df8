package io.tactus.ipc;

import java.lang.management.ManagementFactory;

/** Bytes this thread has allocated so far, to show a lying length or count allocated nothing big. */
final class Allocation {

    private static final com.sun.management.ThreadMXBean THREADS =
            (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();

    private Allocation() {
    }

    static long currentThreadBytes() {
        return THREADS.getCurrentThreadAllocatedBytes();
    }
}
