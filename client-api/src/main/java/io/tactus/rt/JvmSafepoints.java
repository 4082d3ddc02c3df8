package io.tactus.rt;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The JVM settings a realtime thread cannot fix for itself. HotSpot stops every Java thread for a
 * "Cleanup" safepoint about once a second ({@code GuaranteedSafepointInterval}, 1000 ms by default), and a
 * realtime thread waits there until the slowest time-shared thread of the JVM arrives. On a busy machine
 * that slowest thread can be off the CPU for milliseconds, so the engine wakes late by as much (the
 * measurements are in docs/measurements/from-code-apibench.md; how to trace one, docs/vm-timing.md).
 * Setting the interval to 0 drops these periodic safepoints (the cleanup then rides on the next safepoint
 * that happens anyway, e.g. the garbage collector's). And once a minute of a JVM's life it deflates idle monitors
 * whether or not there are many ({@code GuaranteedAsyncDeflationInterval}, 60000 ms): a handshake with every
 * thread, performed by a time-shared thread on behalf of those blocked in native code (a process thread waiting on
 * its futex), which wait for it when they return; 0 turns that off too. The launcher and the client processes it
 * starts use
 * {@link #OPTIONS}; {@link RealtimeScheduler#system()} warns in a JVM that runs a realtime thread without
 * them.
 */
public final class JvmSafepoints {

    /**
     * The options that turn the periodic safepoint and the periodic monitor deflation off; put them before
     * {@code -cp} on a client's command line.
     */
    public static final List<String> OPTIONS =
            List.of("-XX:+UnlockDiagnosticVMOptions", "-XX:GuaranteedSafepointInterval=0",
                    "-XX:GuaranteedAsyncDeflationInterval=0");

    private JvmSafepoints() {
    }

    /** This JVM's GuaranteedSafepointInterval in milliseconds, or -1 when it cannot be read (not HotSpot). */
    public static long guaranteedIntervalMillis() {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return hotspot == null ? -1 : Long.parseLong(hotspot.getVMOption("GuaranteedSafepointInterval").getValue());
        } catch (IllegalArgumentException | UnsupportedOperationException | SecurityException e) {
            return -1; // NumberFormatException is an IllegalArgumentException too
        }
    }

    /**
     * The warning for a JVM with {@code intervalMillis} ({@link #guaranteedIntervalMillis()}), or null if none is due.
     */
    public static String warningFor(long intervalMillis) {
        if (intervalMillis <= 0) {
            return null;
        }
        return "this JVM stops every thread, realtime ones too, for a safepoint every " + intervalMillis
                + " ms (GuaranteedSafepointInterval), which costs xruns on a busy machine; start it with "
                + String.join(" ", OPTIONS);
    }
}
