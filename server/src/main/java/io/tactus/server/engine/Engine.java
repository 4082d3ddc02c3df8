package io.tactus.server.engine;

import com.lmax.disruptor.EventPoller;
import io.tactus.server.driver.Driver;
import io.tactus.server.graph.ExecutionPlan;
import io.tactus.server.graph.Step;
import io.tactus.server.telemetry.CycleRecord;
import io.tactus.server.telemetry.TelemetryRing;

import java.lang.management.ManagementFactory;
import java.util.concurrent.locks.LockSupport;
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
 * period ({@link #trainRarePaths()}) and leaves the rest (which client timed out) to the consumer. Commands arrive through a ring the engine
 * polls; telemetry leaves through a ring it never waits on (a full ring counts a drop). The engine
 * measures its own allocation after warm-up and publishes it, so tests can hold it to zero.
 */
public final class Engine implements Runnable, EventPoller.Handler<Command>, RunningCall {

    /** Spin plus the cycle's work stay within this share of the period (see {@link #spinFor}), unless the kernel gives less. */
    static final long SPIN_BUDGET_PERCENT = 85;

    /** {@link #inStep} between two client calls. */
    private static final long IDLE = 0;
    /** {@link #inStep} once the watchdog has taken the running call away from a stuck engine thread. */
    private static final long ABANDONED = -1;

    /** How long the warm-up may take before the first period, at most. */
    private static final long WARMUP_LIMIT_NANOS = 3_000_000_000L;

    private final EngineSettings settings;
    private final Driver driver;
    private final ClockSource clock;
    private final PeriodWaiter waiter;
    private final EventPoller<Command> commands;
    private final TelemetryRing telemetry;
    private final CycleRecord scratch;
    private final com.sun.management.ThreadMXBean threads;

    private ExecutionPlan plan = ExecutionPlan.empty();
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
    private volatile long appliedGeneration;
    private volatile long telemetryDropped;
    private volatile boolean inputEnded;
    private final AtomicLong cyclesRun = new AtomicLong();
    private long allocationBaseline = -1;
    private long baselineCycle;
    private long allocatedBefore;
    private long rtAllocatedBytes = -1;

    // Runaway recovery. The engine thread publishes when the running client's call started (a release
    // store after the plain writes of the step and plan); the watchdog may swap that token for ABANDONED
    // and hand the engine to a fresh thread. A thread whose call returns to a token it no longer holds
    // leaves at once, touching nothing (see takeOver and resume).
    private final AtomicLong inStep = new AtomicLong(IDLE);
    private int runningStep;
    private ExecutionPlan runningPlan;
    private volatile Thread owner;
    /** Set by a thread whose call returned to a token it no longer holds: it must leave, touching nothing. */
    private volatile Thread abandonedThread;
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
        this.baselineCycle = settings.warmupCycles();
    }

    @Override
    public void run() {
        owner = Thread.currentThread();
        warmUp();
        timing = new PeriodTiming(clock.nanoTime() + 1_000_000, settings.sampleRate(), settings.nframes());
        paced = driver.isPaced();
        driverXruns = driver.xruns();
        periodNanos = timing.periodNanos();
        loop();
    }

    private void loop() {
        while (running && abandonedThread != Thread.currentThread()) {
            cycle();
        }
    }

    /**
     * One period, start to end. A method of its own rather than the body of {@link #run}'s loop, so the
     * JIT compiles it as a whole (a loop in a method entered once would stay interpreted for minutes at
     * 750 iterations a second). Realtime, allocation-free.
     */
    private void cycle() {
        long ideal = timing.idealStart(k);
        long deadline = paced ? timing.idealStart(k + 1) : Long.MAX_VALUE;
        long wakeup = paced ? waiter.awaitUntil(ideal, spinFor(settings.spinNanos(), periodNanos, cycleEstimate, spinBudgetPercent))
                : clock.nanoTime();
        CycleRecord record = telemetry.claim(scratch);
        long cpuStart = threads.getCurrentThreadCpuTime();
        inFlight = record;
        inFlightIdeal = paced ? ideal : wakeup;
        inFlightWakeup = wakeup;
        boolean more = runCycle(record, settings.nframes(), deadline);
        if (abandonedThread == Thread.currentThread()) {
            return; // the watchdog gave the engine to a fresh thread while a client held this one
        }
        long end = clock.nanoTime();
        record.cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
        cycleEstimate = Math.max(end - wakeup, cycleEstimate - (cycleEstimate >> 6));
        long xruns = driver.xruns();
        long next = finishCycle(record, timing, paced, k, paced ? ideal : wakeup, wakeup, end, deadline, afterOverrun,
                xruns - driverXruns);
        driverXruns = xruns;
        publishCycle(record, next);
        if (!more) {
            inputEnded = true;
            running = false;
        }
    }

    /** Realtime, allocation-free: hands the finished record to the telemetry consumer and moves on to {@code next}. */
    private void publishCycle(CycleRecord record, long next) {
        record.rtAllocatedBytes = measureAllocation(k);
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
        long started = inStep.get();
        return ready && started != ABANDONED ? started : IDLE;
    }

    /**
     * The step whose client call is running now, or null between calls; a racy peek for the watchdog's
     * judgement (which client it is, whether it may legitimately block), never for anything that must be exact.
     */
    @Override
    public Step runningStep() {
        ExecutionPlan p = runningPlan;
        int i = runningStep;
        return inStep.get() == IDLE || p == null || i >= p.stepCount() ? null : p.step(i);
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
        if (started == IDLE || started == ABANDONED || !inStep.compareAndSet(started, ABANDONED)) {
            return null;
        }
        // Read after the CAS: the stuck thread wrote these before publishing the token it can no longer clear.
        Step step = runningPlan.step(runningStep);
        step.failed = true;
        return new Stall(runningStep, step.client().name(), started, owner);
    }

    /** A client call the watchdog gave up on: its position in the plan, its client, when it started, the stuck thread. */
    public record Stall(int step, String client, long startedNanos, Thread stuckThread) {
    }

    /**
     * Continues the period loop on the calling (fresh) thread after {@link #takeOver}: the stalled cycle
     * is finished as an overrun with the stuck client charged until now, its later clients not run, and
     * the loop resynchronises to the next period. The allocation baseline is taken anew on this thread.
     */
    public void resume(Stall stall) {
        owner = Thread.currentThread();
        inStep.set(IDLE);
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
        long next = finishCycle(record, timing, paced, k, inFlightIdeal, inFlightWakeup, end, inFlightDeadline, afterOverrun, 0);
        record.cpuNanos = record.cycleNanos(); // unknown for the stuck thread; charge it all
        record.remoteWaitNanos = 0;
        allocatedBefore = Math.max(0, rtAllocatedBytes);
        allocationBaseline = -1;
        baselineCycle = next + 64;
        publishCycle(record, next);
        loop();
    }

    /**
     * How long to spin before the next period. Spinning is realtime CPU time and counts against the
     * kernel's RT budget (95 % by default); spin plus work over that budget gets every realtime thread
     * stopped for tens of milliseconds each second. So the spin is cut to what leaves the cycle's
     * expected work inside {@code budgetPercent} of the period ({@value #SPIN_BUDGET_PERCENT} %, or less when
     * the kernel's RT budget is smaller: see {@link #setSpinBudgetPercent}). {@link PeriodWaiter#FULL_SPIN}
     * is the user's explicit choice and is left alone. Realtime, allocation-free.
     */
    static long spinFor(long configured, long periodNanos, long cycleEstimate, long budgetPercent) {
        if (configured == PeriodWaiter.FULL_SPIN) {
            return PeriodWaiter.FULL_SPIN;
        }
        return Math.max(0, Math.min(configured, periodNanos * budgetPercent / 100 - cycleEstimate));
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
     * Fills the record's timing and xrun flags ({@code newDriverXruns}: device xruns the driver counted
     * during the cycle) and returns the next period to run: k + 1, or after an overrun the first period
     * that has not begun yet (resynchronise rather than burst). Realtime, allocation-free.
     */
    static long finishCycle(CycleRecord record, PeriodTiming timing, boolean paced, long k, long ideal,
                            long wakeup, long end, long deadline, boolean afterOverrun, long newDriverXruns) {
        long next = k + 1;
        if (paced && end > timing.idealStart(next)) {
            next = timing.firstPeriodAfter(end);
        }
        record.cycle = k;
        record.idealStart = ideal;
        record.wakeup = wakeup;
        record.end = end;
        record.deadline = deadline;
        record.overran = end > deadline;
        record.driverXruns = newDriverXruns;
        record.xrun = record.overran || newDriverXruns > 0;
        record.afterOverrun = afterOverrun;
        record.skippedPeriods = (int) (next - k - 1);
        return next;
    }

    /**
     * Before the first period: runs the engine's own code on a synthetic graph (a private plan and
     * driver, nothing the server sees) until the JIT has compiled it, and takes the overrun and
     * late-wake-up paths on synthetic times so the JIT profiles both outcomes of every rare branch.
     * Compiling, and above all deoptimising (a branch never seen taken is compiled as a trap), costs
     * the thread that runs into it a few hundred bytes of allocation; this moves all of that before the
     * first real period.
     */
    private void warmUp() {
        EngineWarmup rehearsal = EngineWarmup.create(settings.nframes());
        EngineProxy switches = new EngineProxy(64);
        CycleRecord record = new CycleRecord(settings.maxClients());
        var compiler = ManagementFactory.getCompilationMXBean();
        long giveUp = clock.nanoTime() + WARMUP_LIMIT_NANOS;
        long compiled = -1;
        while (clock.nanoTime() < giveUp && compiled != compiler.getTotalCompilationTime()) {
            compiled = compiler.getTotalCompilationTime();
            for (int i = 0; i < 20_000; i++) {
                if (i % 50 == 0) {
                    switches.switchPlan(i % 100 == 0 ? rehearsal.plan() : rehearsal.other());
                }
                if (i % 50 == 25) {
                    rehearsal.plan().step(1).silence(i % 100 == 25); // a client the watchdog silences
                }
                long cpuStart = threads.getCurrentThreadCpuTime(); // as cycle() reads it around each cycle
                runCycle(switches.poller(), rehearsal.driver(), record, settings.nframes(), Long.MAX_VALUE);
                record.cpuNanos = threads.getCurrentThreadCpuTime() - cpuStart;
            }
            trainRarePaths();
            LockSupport.parkNanos(20_000_000); // let compilations queued by this round finish
        }
        plan = ExecutionPlan.empty();
        ready = true;
    }

    private void trainRarePaths() {
        PeriodTiming timing = new PeriodTiming(0, settings.sampleRate(), settings.nframes());
        long period = timing.periodNanos();
        for (int i = 0; i < 20_000; i++) {
            boolean overrun = i % 4 == 0;
            long ideal = timing.idealStart(i);
            long end = ideal + (overrun ? 3 * period + i % 7 : period / 2);
            finishCycle(scratch, timing, true, i, ideal, ideal, end, timing.idealStart(i + 1), overrun, i % 3 == 1 ? 1 : 0);
        }
        // Waits of every kind, interleaved so the profiling tier sees them all: woken late (no park, no
        // spin), a short spin, and a short park followed by a spin.
        for (int i = 0; i < 2_000; i++) {
            long now = clock.nanoTime();
            long estimate = i % 3 == 0 ? period : period / 20; // a heavy graph cuts the spin, a light one not
            long spin = spinFor(settings.spinNanos(), period, estimate, i % 5 == 0 ? 20 : SPIN_BUDGET_PERCENT);
            waiter.awaitUntil(switch (i % 4) {
                case 0 -> now - 1;
                case 1, 2 -> now + 2_000;
                default -> now + Math.max(0, spin) + 2_000;
            }, spin);
        }
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

    /** {@link #runCycle(CycleRecord, int, long)} from a given command poller and driver: the warm-up rehearses it on its own. */
    private boolean runCycle(EventPoller<Command> poller, Driver cycleDriver, CycleRecord record, int nframes, long deadline) {
        inFlightDeadline = deadline;
        ExecutionPlan previous = plan;
        while (pollCommands(poller)) {
            // drain every pending command before the cycle starts
        }
        ExecutionPlan current = plan;
        record.planSwitched = current != previous;
        record.commandsDone = clock.nanoTime();
        return runPlan(current, cycleDriver, record, nframes);
    }

    /** Capture, every client in graph order, playback. Realtime, allocation-free. */
    private boolean runPlan(ExecutionPlan current, Driver driver, CycleRecord record, int nframes) {
        boolean more = driver.read(current.capture(), nframes);
        int count = current.stepCount();
        record.plan = current;
        record.clientCount = count;
        record.failedClient = CycleRecord.NONE;
        record.failure = null;
        long[] nanos = record.clientNanos;
        long[] starts = record.clientStarts;
        boolean[] timedOut = record.clientTimedOut;
        long remoteWait = 0;
        for (int i = 0; i < count; i++) {
            Step step = current.step(i);
            if (step.skipped()) {
                step.silenceOutputs(nframes);
                starts[i] = 0;
                nanos[i] = 0;
                timedOut[i] = false;
                continue;
            }
            step.prepare(nframes);
            long start = clock.nanoTime();
            runningStep = i;
            runningPlan = current;
            inStep.setRelease(start);
            Throwable failure = null;
            try {
                step.process(nframes);
            } catch (Throwable thrown) {
                failure = thrown;
            }
            if (!inStep.compareAndSet(start, IDLE)) {
                // Abandoned by the watchdog (takeOver). Decided here, from this thread's own failed CAS, not
                // from `owner`: the fresh thread may not have taken over yet when this call returns.
                abandonedThread = Thread.currentThread();
                return false;
            }
            if (failure != null) {
                step.failed = true;
                record.failedClient = i;
                record.failure = failure;
            }
            long called = clock.nanoTime() - start;
            if (step.isRemote()) {
                // The client's own stamps: its work, not the server's wait (wake-up latency included).
                remoteWait += called;
                long own = step.ownStart();
                starts[i] = own != 0 ? own : start;
                nanos[i] = own != 0 ? step.ownNanos() : 0;
            } else {
                starts[i] = start;
                nanos[i] = called;
            }
            timedOut[i] = step.timedOut();
        }
        record.remoteWaitNanos = remoteWait;
        current.mixPlayback(nframes);
        driver.write(current.playback(), nframes);
        return more;
    }

    private boolean pollCommands(EventPoller<Command> poller) {
        try {
            return poller.poll(this) == EventPoller.PollState.PROCESSING;
        } catch (Exception impossible) {
            // onEvent throws nothing; the poller's signature is wider than its use here.
            return false;
        }
    }

    /** Realtime: applies one command. */
    @Override
    public boolean onEvent(Command command, long sequence, boolean endOfBatch) {
        if (command.type == Command.SWITCH_PLAN) {
            ExecutionPlan next = command.plan;
            next.bindPorts();
            plan = next;
            appliedGeneration = next.generation();
        } else if (command.type == Command.STOP) {
            running = false;
        }
        command.clear();
        return true;
    }

    /**
     * Takes the baseline when warm-up ends, then re-measures every 64 cycles; -1 before the baseline. After
     * a runaway recovery the fresh thread takes its own baseline 64 cycles in and adds to the old figure.
     */
    private long measureAllocation(long k) {
        if (allocationBaseline < 0 && k >= baselineCycle) {
            allocationBaseline = threads.getCurrentThreadAllocatedBytes();
            rtAllocatedBytes = allocatedBefore;
        } else if (allocationBaseline >= 0 && (k & 63) == 0) {
            rtAllocatedBytes = allocatedBefore + threads.getCurrentThreadAllocatedBytes() - allocationBaseline;
        }
        return rtAllocatedBytes;
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
        return appliedGeneration;
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
