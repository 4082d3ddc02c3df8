package io.tactus.server.watchdog;

import io.tactus.server.engine.Engine;
import io.tactus.server.engine.RunningCall;
import io.tactus.server.graph.Step;
import io.tactus.server.os.ThreadStats;

import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;
import java.util.function.IntSupplier;

/**
 * Watches for a runaway: a client's process call that does not return. Java cannot preempt it, so once
 * the call has held the engine thread for the stall limit the monitor takes the engine away from that
 * thread ({@link Engine#takeOver}) and hands the stall to the server, which demotes the thread and starts
 * a fresh one.
 *
 * <p>Only in-process clients' calls are watched; an out-of-process client's call is the server's own code.
 * Only time the client itself is charged for counts: CPU time the engine thread burnt inside the call
 * ({@link ThreadStats#cpuNanos}), or the whole call when the thread is blocked in it ({@link ThreadStats#blocked}:
 * a client sleeping inside process, shed after 3 ms of it). Time the thread spent runnable but not
 * running does not count: another process ran, the host took the CPU, or the kernel's RT throttling stopped
 * it, which under a small RT budget can last long in an innocent client's call.
 *
 * <p>It must outrank the engine (a realtime priority above it), or it could not run while a runaway holds the
 * engine's CPU; so every wake-up is realtime CPU time, charged to the kernel's RT budget like the graph's work.
 * It therefore looks every {@value #IDLE_POLL_NANOS} ns (at most half the stall limit; reading the thread's kernel
 * figures only while a call has lasted over a millisecond), sooner only when a watched call is closer than that to
 * the limit: a quarter of the wake-ups of a look every millisecond, for a runaway seen up to that much later. A
 * call already blocked past the limit at the first look is shed at that look.
 */
public final class StallMonitor implements Runnable {

    /** The shortest pause between looks, and the age from which a call is watched. */
    private static final long POLL_NANOS = 1_000_000;
    /** Between looks otherwise (at most half the stall limit). */
    static final long IDLE_POLL_NANOS = 4_000_000;
    /** A call blocked this long (state S or D) is shed like a runaway, if the stall limit is not shorter. */
    static final long BLOCKED_NANOS = 3_000_000;
    /** A client's first calls (class loading) are not judged for blocking: about 1.3 s at 64 frames, 48 kHz. */
    static final long BLOCKING_GRACE_CALLS = 1000;

    private final RunningCall engine;
    private final long stallNanos;
    private final IntSupplier engineTid;
    private final Consumer<Engine.Stall> onStall;
    private volatile boolean running = true;
    private long tracked;
    private long trackedCpu;
    private long trackedAt;
    /** What the watched call was charged at the last look. */
    private long trackedCharge;

    public StallMonitor(RunningCall engine, long stallNanos, IntSupplier engineTid, Consumer<Engine.Stall> onStall) {
        this.engine = engine;
        this.stallNanos = stallNanos;
        this.engineTid = engineTid;
        this.onStall = onStall;
    }

    @Override
    public void run() {
        while (running && engine.isRunning()) {
            poll(System.nanoTime());
            LockSupport.parkNanos(pause());
        }
    }

    /**
     * How long to wait before the next look: the idle pause, or less when the watched call is that close to the
     * stall limit. Not a millisecond throughout a long call: under a small RT budget an innocent call can be held
     * up for hundreds of milliseconds by the kernel's throttling, and looks every millisecond (each a file read)
     * would spend the budget the graph is waiting for.
     */
    long pause() {
        long idle = Math.max(POLL_NANOS, Math.min(IDLE_POLL_NANOS, stallNanos / 2));
        long started = engine.runningSince();
        if (started == 0 || started != tracked) {
            return idle;
        }
        return Math.max(POLL_NANOS, Math.min(idle, stallNanos - trackedCharge));
    }

    /** One look at the engine; returns true when it took the engine over. */
    boolean poll(long now) {
        long started = engine.runningSince();
        if (started == 0 || now - started < POLL_NANOS || inServersHandshake()) {
            return false;
        }
        int tid = engineTid.getAsInt();
        long charged = 0; // at the first look nothing is known of the call's CPU time yet
        if (started != tracked) {
            tracked = started;
            trackedCpu = ThreadStats.cpuNanos(tid);
            trackedAt = now;
        } else {
            // CPU burnt since tracking began, plus the time before tracking, which it may have burnt too;
            // where the kernel does not say, the wall time.
            long cpu = ThreadStats.cpuNanos(tid);
            charged = cpu < 0 || trackedCpu < 0 ? now - started : cpu - trackedCpu + (trackedAt - started);
        }
        trackedCharge = charged;
        // Blocking inside process is never right: a few milliseconds of it is a sleeper, shed it as a runaway.
        if (charged < stallNanos && !(now - started >= Math.min(stallNanos, BLOCKED_NANOS) && mayNotBlock() && ThreadStats.blocked(tid))) {
            return false;
        }
        Engine.Stall stall = engine.takeOver(started);
        if (stall == null) {
            return false;
        }
        tracked = 0;
        onStall.accept(stall);
        return true;
    }

    /**
     * Blocking is judged only past a client's first calls, which may load classes. (An out-of-process client's
     * call, which waits on a futex by design, is not judged at all: see {@link #inServersHandshake}.)
     */
    private boolean mayNotBlock() {
        Step step = engine.runningStep();
        return step != null && step.calls() > BLOCKING_GRACE_CALLS;
    }

    /**
     * The running call is an out-of-process client's: the server's own handshake (copy, wake, a wait bounded by
     * the client's time limit), in which the client's code never runs. A long stall in it is the host's or the
     * kernel's (on a VM, time the host takes can show as the thread's CPU time), and shedding the client for
     * it would shed an innocent one.
     */
    private boolean inServersHandshake() {
        Step step = engine.runningStep();
        return step != null && step.isRemote();
    }

    public void stop() {
        running = false;
    }
}
