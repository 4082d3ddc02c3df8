package io.tactus.bench.floor;

/** How the floor thread sleeps to each period: the kernel's absolute sleep (cyclictest's), or the JVM's park. */
public enum FloorWait {
    /** clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME), as cyclictest. */
    NANOSLEEP,
    /** LockSupport.parkNanos for the time left, as a plain Java thread would. */
    PARK
}
