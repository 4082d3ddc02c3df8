package io.tactus.server;

import io.tactus.api.TactusException;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.RealtimeThreadFactory;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.StringConstants;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.engine.Engine;
import io.tactus.server.watchdog.StallMonitor;

/**
 * Owns the engine thread's life, as an Agrona runner owns its agent's: starts the {@link Engine} on a realtime
 * thread, runs the {@link StallMonitor} above it, and when a client's call holds the thread past the stall
 * limit takes the engine over, demotes the stuck thread to SCHED_OTHER and continues the period loop on a
 * fresh one. It also states the priority plan: the engine on top, the stall monitor above it, the watchdog's
 * actions below, the telemetry consumer not realtime at all (every realtime thread spends the one RT budget). The cost of the take-over is a thread per runaway; Java cannot preempt a call any cheaper.
 */
final class EngineRunner {

    /**
     * Told of each runaway after the engine runs on a fresh thread: the stall, how long it was stuck, what was done.
     */
    interface RunawayHandler {
        void onRunaway(Engine.Stall stall, double stuckMillis, String engineAction);
    }

    private final Engine engine;
    private final RealtimeScheduler scheduler;
    private final SchedulingSettings scheduling;
    private final RealtimeThreadFactory engineThreads;
    private volatile Thread engineThread;
    private volatile SchedulingOutcome engineOutcome;
    private SchedulingOutcome firstOutcome;
    private StallMonitor stallMonitor;
    private Thread monitorThread;
    private RunawayHandler onRunaway;

    EngineRunner(Engine engine, SchedulingSettings scheduling, RealtimeScheduler scheduler) {
        this.engine = engine;
        this.scheduler = scheduler;
        this.scheduling = scheduling;
        this.engineThreads = new RealtimeThreadFactory("tactus-engine", scheduling, scheduler);
    }

    /** The watchdog's threads: realtime well below the engine when the engine is realtime, else as the engine. */
    static SchedulingSettings belowEngine(SchedulingSettings engine) {
        return switch (engine.policy()) {
            case FIFO, RR -> SchedulingSettings.fifo(Math.max(1, engine.priority() - 20));
            case DEADLINE -> SchedulingSettings.fifo(50);
            case OTHER -> engine;
        };
    }

    /**
     * Work beside the periods that must keep up but not take the RT budget: the telemetry consumer (the metrics and
     * the watchdog's judging) and the engine's own warm-up. SCHED_OTHER nice -10 beside a realtime engine, as the
     * engine otherwise. Realtime, the consumer spent the RT budget the governor defends: a third of a CPU in a run's
     * first second, while its code was still interpreted. At nice -10 it still outweighs a nice-0 load about nine
     * to one. Applied through {@link RealtimeScheduler#withoutWarnings()}: a nice it may not take is said by the
     * engine's own warning.
     */
    static SchedulingSettings besideEngine(SchedulingSettings engine) {
        return engine.policy() == SchedulingPolicy.OTHER ? engine : SchedulingSettings.other(-10);
    }

    /** The stall monitor must outrank the engine to run while a runaway holds the engine's CPU. */
    static SchedulingSettings aboveEngine(SchedulingSettings engine) {
        return switch (engine.policy()) {
            case FIFO, RR, DEADLINE -> SchedulingSettings.fifo(Math.min(99,
                    engine.policy() == SchedulingPolicy.DEADLINE ? 90 : engine.priority() + 5));
            case OTHER -> engine;
        };
    }

    /**
     * Starts the engine thread and waits until it has warmed up and has its scheduling. The warm-up runs flat out for
     * up to three seconds: realtime, it would take a CPU from every lower realtime thread for that long and spend the
     * kernel's RT budget (under a tight one, every realtime thread of the machine was throttled for most of those
     * seconds). So it runs as the telemetry consumer does, and the thread turns realtime after it.
     */
    void start() {
        RealtimeScheduler quiet = scheduler.withoutWarnings();
        engineThread = engineThreads.newThread(() -> warmUpOffRealtime(quiet), engine);
        engineThread.start();
        try {
            firstOutcome = engineThreads.awaitOutcome(10_000);
            engineOutcome = firstOutcome;
            engine.awaitReady(10_000);
            StringConstants.resolveInitialised(); // the driver's and the engine's classes, before the JIT does it on the engine
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TactusException("interrupted while starting the engine thread", e);
        }
    }

    /** On the engine thread, before it turns realtime. */
    private void warmUpOffRealtime(RealtimeScheduler quiet) {
        SchedulingSettings beside = besideEngine(scheduling);
        quiet.applyToCurrentThread(beside);
        engine.warmUp();
        if (!beside.equals(scheduling)) {
            quiet.applyToCurrentThread(SchedulingSettings.other(0)); // demoted or freewheeling, it is nice 0 as before
        }
    }

    /** Starts the stall monitor: a call running {@code stallNanos} is a runaway, handed to {@code handler}. */
    void watchForRunaways(long stallNanos, RunawayHandler handler) {
        this.onRunaway = handler;
        this.stallMonitor = new StallMonitor(engine, stallNanos,
                this::engineTid, this::recover);
        this.monitorThread = new RealtimeThreadFactory("tactus-stall-monitor", aboveEngine(scheduling), scheduler)
                .newThread(stallMonitor);
        monitorThread.start();
    }

    /**
     * A client's process call has held the engine thread past the stall limit: take that thread off the
     * realtime class, continue the period loop on a fresh one, tell the handler. Stall monitor thread.
     */
    private void recover(Engine.Stall stall) {
        long detected = System.nanoTime();
        Thread stuck = stall.stuckThread();
        SchedulingOutcome stuckOutcome = engineOutcome;
        int errno = stuckOutcome == null || stuckOutcome.tid() <= 0 ? RealtimeNative.ESRCH
                : scheduler.demoteThread(stuckOutcome.tid(), stuck.getName());
        Thread fresh = engineThreads.newThread(() -> engine.resume(stall));
        engineThread = fresh;
        fresh.start();
        try {
            engineOutcome = engineThreads.awaitOutcome(2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        double stuckMillis = (detected - stall.startedNanos()) / 1e6;
        String action = "engine thread '" + stuck.getName() + "' "
                + (errno == 0 ? "demoted to SCHED_OTHER" : "could not be demoted")
                + " and replaced by '" + fresh.getName() + "'";
        onRunaway.onRunaway(stall, stuckMillis, action);
    }

    /** Asks the engine to stop and waits for its thread (5 s) and the stall monitor's (1 s). */
    void stop() {
        engine.requestStop();
        if (stallMonitor != null) {
            stallMonitor.stop();
        }
        try {
            engineThread.join(5_000);
            if (monitorThread != null) {
                monitorThread.join(1_000);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** The kernel tid of the thread running the period loop now; -1 before it has started. */
    int engineTid() {
        SchedulingOutcome outcome = engineOutcome;
        return outcome == null ? -1 : outcome.tid();
    }

    /** What the first engine thread got from the kernel. */
    SchedulingOutcome scheduling() {
        return firstOutcome;
    }

    /** The thread running the period loop now; a new one after a runaway recovery. */
    Thread engineThread() {
        return engineThread;
    }
}
