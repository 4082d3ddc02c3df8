package io.tactus.server.engine;

import com.lmax.disruptor.EventPoller;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.MidiBindings;
import io.tactus.server.graph.Step;
import io.tactus.server.telemetry.CycleRecord;
import io.tactus.server.telemetry.TelemetryRing;
import io.tactus.server.transport.TransportEngine;
import io.tactus.server.transport.TransportView;

import java.lang.management.ManagementFactory;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The period loop. Each cycle: wait for the ideal start T_k (paced drivers), switch to a new plan if a
 * control thread sent one, read capture, run every client in graph order timing each one, mix and write
 * playback, publish one telemetry record. After an overrun it resynchronises to the next period
 * boundary rather than running a burst of late cycles.
 *
 * <p>The realtime rules, stated once for everything this loop calls: no allocation, no lock, no
 * logging, no I/O, no blocking (futex and clock calls aside). And no rarely-taken branch: C2 compiles
 * a branch it never saw taken as an uncommon trap, and the deoptimisation when it is first taken (the
 * first xrun, say) allocates on this thread; so the engine trains its rare paths before the first
 * period ({@link CycleTiming#trainRarePaths}) and leaves the rest (which client timed out) to the consumer.
 * Commands arrive through a ring the engine polls; telemetry leaves through a ring it never waits on (a full
 * ring counts a drop). The engine measures its own allocation after warm-up and publishes it, so tests can
 * hold it to zero. Every hot method that keeps these rules says so in one line: "Realtime, allocation-free".
 *
 * <p>The loop's parts, each its own type: {@link CycleTiming} (the wait and the cycle's timing),
 * {@link CommandDrain} (the command ring), {@link PlanPass} (capture, clients, playback), {@link CallGuard}
 * (the token a runaway take-over swaps), {@link AllocationMeter} (the figure tests hold to zero) and
 * {@link EngineWarmup} (the rehearsal before the first period).
 */
public final class Engine implements Runnable, RunningCall {

    /** Spin plus the cycle's work stay within this share of the period, unless the kernel gives less. */
    static final long SPIN_BUDGET_PERCENT = CycleTiming.SPIN_BUDGET_PERCENT;

    private final EngineSettings settings;
    private final Driver driver;
    private final ClockSource clock;
    private final PeriodWaiter waiter;
    private final EventPoller<Command> commands;
    private final TelemetryRing telemetry;
    private final CycleRecord scratch;
    private final com.sun.management.ThreadMXBean threads;

    private final TransportEngine transport;
    private final CycleClock cycleClock;
    /** The period's stamp for {@link #cycleClock}, taken at its wake-up and stamped once the previous cycle is done. */
    private long stampFrames;
    private long stampStart;
    private long stampNext;
    private final CommandDrain drain;
    private final CallGuard guard = new CallGuard();
    private final PlanPass pass;
    private final AllocationMeter allocation;
    private PeriodTiming timing;
    private boolean paced;
    private long k;
    private boolean afterOverrun;
    private long periodNanos;
    /** A slowly decaying maximum of recent cycle times: what the next cycle may need. */
    private long cycleEstimate;
    /** The driver's xrun counter at the end of the previous cycle. */
    private long driverXruns;
    private volatile long spinBudgetPercent = SPIN_BUDGET_PERCENT;
    private volatile boolean running = true;
    private volatile boolean ready;
    private volatile long telemetryDropped;
    private volatile boolean inputEnded;
    private final AtomicLong cyclesRun = new AtomicLong();
    // The period at run time (issue 20): its size, freewheel, and where the frame time stood at the last switch.
    private final Driver idleDriver;
    private int nframes;
    private boolean freewheel;
    private int requestedFrames;
    private int requestedFreewheel = -1;
    private long switchedAtPeriod;
    private long switchedAtFrame;
    private long switchBytesBefore = -1;
    private volatile long switchAllocatedBytes;
    private volatile int appliedFrames;
    private volatile boolean appliedFreewheel;
    private volatile long switchesApplied;
    private volatile GraphSegment periodMirror;
    private boolean periodToPublish;
    // The cycle in flight, kept for a fresh thread to finish after a runaway (see resume).
    private CycleRecord inFlight;
    private long inFlightIdeal;
    private long inFlightWakeup;
    private long inFlightDeadline;

    public Engine(EngineSettings settings, Driver driver, ClockSource clock, EngineProxy proxy, TelemetryRing telemetry) {
        this.settings = settings;
        this.driver = driver;
        this.clock = clock;
        this.waiter = new PeriodWaiter(clock, settings.spinNanos());
        this.commands = proxy.poller();
        this.telemetry = telemetry;
        this.scratch = new CycleRecord(settings.maxClients());
        this.threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        this.allocation = new AllocationMeter(threads, settings.warmupCycles());
        this.pass = new PlanPass(clock, guard);
        this.transport = new TransportEngine(settings.sampleRate(), settings.maxClients());
        this.drain = new CommandDrain(this, transport);
        this.cycleClock = new CycleClock(clock, settings.nframes(),
                new PeriodTiming(0, settings.sampleRate(), settings.nframes()).periodNanos());
        this.nframes = settings.nframes();
        this.appliedFrames = nframes;
        // While freewheeling the driver is left alone, as JACK stops it: capture is silence, playback goes nowhere.
        this.idleDriver = new DummyDriver(driver.captureChannels(), driver.playbackChannels());
    }

    /** The period loop, on the calling thread, after the warm-up if {@link #warmUp} has not been called already. */
    @Override
    public void run() {
        guard.own();
        if (!ready) {
            warmUp();
        }
        timing = new PeriodTiming(clock.nanoTime() + 1_000_000, settings.sampleRate(), nframes);
        paced = driver.isPaced();
        driverXruns = driver.xruns();
        periodNanos = timing.periodNanos();
        loop();
    }

    private void loop() {
        while (running && !guard.abandoned()) {
            cycle();
        }
    }

    /**
     * One period, start to end. A method of its own rather than the body of {@link #run}'s loop, so the
     * JIT compiles it as a whole (a loop in a method entered once would stay interpreted for minutes at
     * 750 iterations a second). Realtime, allocation-free.
     */
    private void cycle() {
        if (requestedFrames != 0 | requestedFreewheel >= 0) {
            switchPeriod();
        }
        long ideal = timing.idealStart(k);
        long deadline = paced ? timing.idealStart(k + 1) : Long.MAX_VALUE;
        long wakeup = paced ? waiter.awaitUntil(ideal,
                CycleTiming.spinFor(settings.spinNanos(), periodNanos, cycleEstimate, spinBudgetPercent)) : clock.nanoTime();
        CycleRecord record = telemetry.claim(scratch);
        long cpuStart = threads.getCurrentThreadCpuTime();
        inFlight = record;
        inFlightIdeal = paced ? ideal : wakeup;
        inFlightWakeup = wakeup;
        stampFrames = switchedAtFrame + (k - switchedAtPeriod) * nframes;
        stampStart = paced ? ideal : wakeup;
        stampNext = paced ? deadline : wakeup + periodNanos;
        boolean more = runCycle(commands, freewheel ? idleDriver : driver, record, nframes, deadline);
        if (guard.abandoned()) {
            return; // the watchdog gave the engine to a fresh thread while a client held this one
        }
        long end = clock.nanoTime();
        record.cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
        cycleEstimate = Math.max(end - wakeup, cycleEstimate - (cycleEstimate >> 6));
        long xruns = driver.xruns();
        // Freewheeling the driver is left alone, so what its device counts meanwhile is no xrun of the graph's.
        long next = CycleTiming.finishCycle(record, timing, paced, k, paced ? ideal : wakeup, wakeup, end, deadline,
                afterOverrun, freewheel ? 0 : xruns - driverXruns);
        driverXruns = xruns;
        publishCycle(record, next);
        if (!more) {
            inputEnded = true;
            running = false;
        }
    }

    /** Realtime, allocation-free: hands the finished record to the telemetry consumer and moves on to {@code next}. */
    private void publishCycle(CycleRecord record, long next) {
        record.periodNanos = periodNanos;
        record.freewheel = freewheel;
        if (switchBytesBefore >= 0) { // the first cycle after a switch: what it allocated is the switch's, not the loop's
            long bytes = threads.getCurrentThreadAllocatedBytes() - switchBytesBefore;
            switchBytesBefore = -1;
            switchAllocatedBytes = switchAllocatedBytes + bytes;
            allocation.exclude(bytes);
        }
        record.rtAllocatedBytes = allocation.measure(k);
        if (!telemetry.publish(record)) {
            telemetryDropped = telemetryDropped + 1;
        }
        cyclesRun.lazySet(k + 1);
        afterOverrun = record.overran; // a device xrun did not make the engine late
        k = next;
    }

    /**
     * When the client call now running on the engine thread started ({@link System#nanoTime()}), or 0
     * between calls. The watchdog polls it to spot a call that does not return. Any thread.
     */
    @Override
    public long runningSince() {
        return guard.runningSince(ready);
    }

    /**
     * The step whose client call is running now, or null between calls; a racy peek for the watchdog's
     * judgement (which client it is, whether it may legitimately block), never for anything that must be exact.
     */
    @Override
    public Step runningStep() {
        return guard.runningStep();
    }

    /**
     * Takes the engine away from the thread stuck in the call that started at {@code started} (a value of
     * {@link #runningSince()}): afterwards that thread leaves as soon as the call returns, touching nothing,
     * and the caller must start a fresh thread on {@link #resume}. Returns null when that call has
     * returned meanwhile. Watchdog thread; the race with the call returning is settled by one
     * compare-and-set.
     */
    @Override
    public Stall takeOver(long started) {
        return guard.takeOver(started);
    }

    /**
     * A client call the watchdog gave up on: its position in the plan, its client, when it started, the stuck thread.
     */
    public record Stall(int step, String client, long startedNanos, Thread stuckThread) {
    }

    /**
     * Continues the period loop on the calling (fresh) thread after {@link #takeOver}: the stalled cycle
     * is finished as an overrun with the stuck client charged until now, its later clients not run, and
     * the loop resynchronises to the next period. The allocation baseline is taken anew on this thread.
     */
    public void resume(Stall stall) {
        guard.resumeOnThisThread();
        CycleRecord record = inFlight;
        long end = clock.nanoTime();
        for (int i = stall.step(); i < record.clientCount; i++) {
            record.clientStarts[i] = 0;
            record.clientNanos[i] = 0;
            record.clientTimedOut[i] = false;
        }
        record.clientStarts[stall.step()] = stall.startedNanos();
        record.clientNanos[stall.step()] = end - stall.startedNanos();
        // Device xruns during the stall are picked up by the next cycle.
        long next = CycleTiming.finishCycle(record, timing, paced, k, inFlightIdeal, inFlightWakeup, end, inFlightDeadline,
                afterOverrun, 0);
        record.cpuNanos = record.cycleNanos(); // unknown for the stuck thread; charge it all
        record.remoteWaitNanos = 0;
        allocation.restartOnFreshThread(next);
        publishCycle(record, next);
        loop();
    }

    /**
     * Caps spin plus work at {@code percent} of the period (at most {@value #SPIN_BUDGET_PERCENT}): the
     * server lowers it when the kernel's RT budget shrinks, so that spinning never gets the engine
     * throttled. Any thread; takes effect at the next wait.
     */
    public void setSpinBudgetPercent(long percent) {
        spinBudgetPercent = Math.max(0, Math.min(SPIN_BUDGET_PERCENT, percent));
    }

    /**
     * A period switch asked for through the command ring (issue 20), at this cycle's start: from period k on the
     * engine runs {@code nframes} per period (the frame time goes on from where it stands), freewheels or not
     * (unpaced, the driver left alone) and paces again from now when a freewheel ends. The watchdog and the
     * metrics read the period from each cycle's record, the shared graph's clients from its header. Realtime:
     * allocates nothing itself; the in-process clients' callbacks may, in the cycle that follows, and what that
     * cycle allocates is counted as the switch's ({@link #switchAllocatedBytes}), not as the loop's.
     */
    private void switchPeriod() {
        switchBytesBefore = threads.getCurrentThreadAllocatedBytes();
        long start = paced ? timing.idealStart(k) : clock.nanoTime();
        switchedAtFrame = switchedAtFrame + (k - switchedAtPeriod) * nframes;
        switchedAtPeriod = k;
        if (requestedFrames != 0) {
            nframes = requestedFrames;
            requestedFrames = 0;
        }
        if (requestedFreewheel >= 0) {
            freewheel = requestedFreewheel == 1;
            requestedFreewheel = -1;
        }
        boolean nowPaced = driver.isPaced() && !freewheel;
        timing.restart(nowPaced && !paced ? clock.nanoTime() : start, k, nframes);
        paced = nowPaced;
        periodNanos = timing.periodNanos();
        cycleEstimate = Math.min(cycleEstimate, periodNanos);
        pass.setPeriod(periodNanos, freewheel);
        periodToPublish = true; // into the shared graph once an asynchronous cycle of the old size is complete
    }

    /**
     * Realtime, allocation-free: the switched period into the shared graph's header, before this cycle starts there;
     * process clients read it at their next cycle.
     */
    private void publishPeriod() {
        periodToPublish = false;
        GraphSegment mirror = periodMirror;
        if (mirror != null) {
            mirror.publishPeriod(nframes, periodNanos, freewheel);
        }
        appliedFrames = nframes; // last: a control thread waiting for the switch finds the header written
        appliedFreewheel = freewheel;
        switchesApplied = switchesApplied + 1;
    }

    /** Command drain, engine thread: the period size from the next cycle start on. */
    void requestPeriod(int frames) {
        requestedFrames = frames;
    }

    /** Command drain, engine thread: freewheel (or not) from the next cycle start on. */
    void requestFreewheel(boolean on) {
        requestedFreewheel = on ? 1 : 0;
    }

    /** The period size the engine runs at (after the last switch it applied). Any thread. */
    public int appliedFrames() {
        return appliedFrames;
    }

    /** Whether the engine freewheels (after the last switch it applied). Any thread. */
    public boolean appliedFreewheel() {
        return appliedFreewheel;
    }

    /** Period switches applied so far; a control thread waits for it to move. Any thread. */
    public long switchesApplied() {
        return switchesApplied;
    }

    /** What the first cycle after each switch allocated on the engine thread, in all (the switch's own cost). */
    public long switchAllocatedBytes() {
        return switchAllocatedBytes;
    }

    /** Also publishes the period size and freewheel into {@code segment}'s header at each switch (null: no more). */
    public void mirrorPeriodTo(GraphSegment segment) {
        if (segment != null) {
            segment.publishPeriod(appliedFrames, new PeriodTiming(0, settings.sampleRate(), appliedFrames).periodNanos(),
                    appliedFreewheel);
        }
        this.periodMirror = segment;
    }

    /**
     * Before the first period: the rehearsal ({@link EngineWarmup#rehearse}), then the real plan's turn. It runs
     * flat out for up to three seconds, so the thread that will run the periods calls it before it turns realtime
     * (see {@code EngineRunner}); {@link #run} calls it if nobody has. The thread that runs the periods.
     */
    public void warmUp() {
        EngineWarmup.create(settings.nframes()).rehearse(this, settings, clock, threads, () -> {
            CycleTiming.trainRarePaths(settings, scratch, waiter, clock);
            TransportEngine.rehearse(settings.sampleRate(), settings.nframes());
            MidiBindings.rehearse(settings.nframes());
        });
        drain.reset();
        ready = true;
    }

    /**
     * Realtime: the deadline of the cycle running now (Long.MAX_VALUE when unpaced): an out-of-process
     * client is waited for only until shortly before it. Engine thread only.
     */
    public long cycleDeadline() {
        return inFlightDeadline;
    }

    /**
     * One cycle's work without pacing: commands, capture, every client in order, playback. Returns false
     * when the driver's input has ended. Realtime, allocation-free; public for benchmarks.
     */
    public boolean runCycle(CycleRecord record, int nframes, long deadline) {
        return runCycle(commands, driver, record, nframes, deadline);
    }

    /**
     * {@link #runCycle(CycleRecord, int, long)} from a given command poller and driver: the warm-up rehearses it on
     * its own.
     */
    boolean runCycle(EventPoller<Command> poller, Driver cycleDriver, CycleRecord record, int nframes, long deadline) {
        inFlightDeadline = deadline;
        ExecutionPlan played = pass.completePending(record, nframes, deadline); // async: before a plan switch
        if (periodToPublish) {
            publishPeriod();
        }
        // after the previous cycle's clients (async): each client reads the frame time of the cycle it processes
        long sharedCycle = pass.nextSharedCycle();
        cycleClock.begin(stampFrames, stampStart, stampNext, nframes, sharedCycle);
        ExecutionPlan previous = drain.plan();
        ExecutionPlan current = drain.drain(poller);
        record.planSwitched = current != previous;
        transport.cycle(current.syncCallbacks(), current.timebase(), current.timebaseRecord(), nframes,
                cycleClock.cycleStartMicros(), sharedCycle);
        record.commandsDone = clock.nanoTime();
        return pass.run(current, cycleDriver, record, nframes, deadline, played);
    }

    /** The frame time every client reads: stamped at each cycle's start. */
    public CycleClock cycleClock() {
        return cycleClock;
    }

    /** The transport as the engine last published it; any thread. */
    public TransportView transportView() {
        return transport.view();
    }

    /** Waits until the engine has warmed up and runs periods; false on timeout. */
    public boolean awaitReady(long timeoutMillis) throws InterruptedException {
        long end = System.nanoTime() + timeoutMillis * 1_000_000;
        while (!ready && running && System.nanoTime() < end) {
            Thread.sleep(1);
        }
        return ready;
    }

    /** Asks the loop to end after the current cycle; any thread. */
    public void requestStop() {
        running = false;
    }

    @Override
    public boolean isRunning() {
        return running;
    }

    /** The generation of the last plan the engine switched to. */
    public long appliedGeneration() {
        return drain.appliedGeneration();
    }

    public long cyclesRun() {
        return cyclesRun.get();
    }

    public long telemetryDropped() {
        return telemetryDropped;
    }

    /** True once a driver with finite input (a WAV file) has delivered its last period. */
    public boolean inputEnded() {
        return inputEnded;
    }
}
