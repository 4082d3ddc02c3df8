package io.tactus.ipc.client;

import io.tactus.api.BufferSizeCallback;
import io.tactus.api.FreewheelCallback;
import io.tactus.api.MidiBuffer;
import io.tactus.api.ProcessCallback;
import io.tactus.ipc.graph.ActivationRecord;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.ipc.graph.ReaderCycle;
import io.tactus.ipc.graph.RecordTransport;
import io.tactus.ipc.graph.SegmentTransport;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.rt.SchedulingSettings;
import java.nio.FloatBuffer;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The realtime thread of a client in its own process: sleeps on its activation record's signal word in the
 * server's graph segment, and when its feeders have finished (or the engine, for the first wave) it mixes
 * its inputs from their sources' buffers, runs the user's process callback on its own output buffers,
 * publishes them and wakes the clients it feeds that are ready (docs/ipc-contract.md, "The cycle"): one
 * wake-up per cycle, no copy through the server. It is
 * started before Hello (the server is told its kernel tid) and goes realtime only at the first
 * {@link #begin}, so a client that never activates, such as {@code lsp}, never asks for SCHED_FIFO and never
 * warns; the price is one setup syscall in {@code activate()} instead of at connection time.
 *
 * <p>The realtime rules hold from the first trigger on: the loop allocates nothing, takes no lock, logs
 * nothing, and its only system calls are the futex wait and wake. A callback that throws is never called
 * again: its outputs read as silence, every later cycle is still acknowledged, and the owner is told once.
 * The thread is not a daemon: like the engine thread of an in-process server, it keeps the JVM alive while
 * the client is open, and it ends on {@link #stop()} (close, shutdown, or server gone).
 */
final class ProcessThread {

    /** How long one futex wait lasts before the loop looks at {@link #running} again. */
    static final long POLL_NANOS = 100_000_000L;
    /** However slow the machine, a rehearsal does not hold {@code activate()} longer than this. */
    static final long REHEARSAL_LIMIT_NANOS = 10_000_000_000L;
    /** The cycle a rehearsal mixes its inputs for: none, since the engine numbers its cycles from 1. */
    private static final long REHEARSAL_CYCLE = -1;
    /** How many passes {@link #steps} makes per call. */
    private static final int STEPS_PER_CALL = 64;
    /** Without a futex (not Linux), poll the signal word this often instead. */
    private static final long NO_FUTEX_PARK_NANOS = 50_000L;

    /** Told once, on the process thread itself, that the callback threw; must not block. */
    interface FailureListener {
        void processFailed(Throwable failure);
    }

    private final Futex futex;
    private final RealtimeNative nativeLayer;
    private final RealtimeScheduler scheduler;
    private final FailureListener failureListener;
    private final Thread thread;
    private final CountDownLatch tidKnown = new CountDownLatch(1);
    private final CountDownLatch looping = new CountDownLatch(1);
    private final Object gate = new Object();
    private boolean begun; // under gate
    private int fifoPriority; // under gate
    private int rehearsalCycles; // under gate
    private volatile boolean rehearsed;

    private volatile boolean running = true;
    private volatile int tid;
    private volatile GraphActivation graph;
    private volatile ActivationRecord record;
    /** A view of every port of the segment, made once at {@link #attach}: inputs are mixed from them. */
    private FloatBuffer[] views;
    /** The same slots seen as MIDI buffers, made once at {@link #attach}: MIDI inputs are merged from them. */
    private MidiBuffer[] midiViews;
    private volatile ProcessCallback callback;
    private volatile Ports ports = Ports.NONE;
    private volatile Throwable failure;
    private volatile SchedulingOutcome scheduling;
    private volatile long cycles;
    private volatile BufferSizeCallback bufferSizeCallback;
    private volatile FreewheelCallback freewheelCallback;
    /** The period size and freewheel state of the last cycle this thread ran: a change calls the callbacks first. */
    private volatile int seenFrames;
    private volatile boolean seenFreewheel;

    private volatile TransportDuties transportDuties;
    /** The cycle the loop is in, for the clock and transport readers of this thread; written by it only. */
    private long readingCycle = ReaderCycle.NEWEST;

    ProcessThread(String clientName, Futex futex, RealtimeNative nativeLayer, RealtimeScheduler scheduler,
                  FailureListener failureListener) {
        this.futex = Objects.requireNonNull(futex, "futex");
        this.nativeLayer = Objects.requireNonNull(nativeLayer, "nativeLayer");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.failureListener = Objects.requireNonNull(failureListener, "failureListener");
        this.thread = new Thread(this::run, "tactus-process-" + clientName);
        thread.setDaemon(false);
    }

    void start() {
        thread.start();
    }

    /** The thread's kernel tid for Hello, or 0 when it cannot be known (no native layer). */
    int awaitTid(long timeoutMillis) throws InterruptedException {
        return tidKnown.await(timeoutMillis, TimeUnit.MILLISECONDS) ? Math.max(0, tid) : 0;
    }

    /** The graph segment and this client's record from Welcome; call before {@link #begin}. */
    void attach(GraphSegment segment, int recordIndex) {
        GraphActivation activation = new GraphActivation(segment, futex);
        FloatBuffer[] all = new FloatBuffer[segment.layout().ports()];
        for (int p = 0; p < all.length; p++) {
            all[p] = segment.buffer(p);
        }
        MidiBuffer[] midi = new MidiBuffer[all.length];
        for (int p = 0; p < midi.length; p++) {
            midi[p] = segment.midiBuffer(p);
        }
        this.views = all;
        this.midiViews = midi;
        this.record = activation.record(recordIndex);
        this.seenFrames = segment.periodFrames();
        this.seenFreewheel = segment.freewheel();

        this.transportDuties = new TransportDuties(new SegmentTransport(segment, this::readerCycle),
                new RecordTransport(segment, recordIndex), recordIndex);
        this.graph = activation; // volatile write last: the loop reads the rest after it
    }

    /** The client's sync and timebase duties; null before {@link #attach}. */
    TransportDuties transportDuties() {
        return transportDuties;
    }

    /**
     * Realtime, allocation-free: the cycle this thread is processing when called on it, inside a cycle, so the
     * clock and transport it reads are that cycle's; {@link ReaderCycle#NEWEST} on any other thread.
     */
    long readerCycle() {
        return Thread.currentThread() == thread ? readingCycle : ReaderCycle.NEWEST;
    }

    void setCallback(ProcessCallback callback) {
        this.callback = callback;
    }

    boolean hasCallback() {
        return callback != null;
    }

    void setBufferSizeCallback(BufferSizeCallback callback) {
        this.bufferSizeCallback = callback;
    }

    void setFreewheelCallback(FreewheelCallback callback) {
        this.freewheelCallback = callback;
    }

    /** Whether this thread runs cycles (it has begun): then it, not the notification, tells the callbacks. */
    boolean isBegun() {
        synchronized (gate) {
            return begun;
        }
    }

    /** A new snapshot of the client's ports, replaced whole so the loop needs no lock. */
    void setPorts(RemotePort[] ports) {
        this.ports = new Ports(ports.clone());
    }

    /**
     * Lets the thread into its loop, SCHED_FIFO at {@code fifoPriority} first when that is above 0, and
     * returns once it is there. Later calls return at once.
     */
    void begin(int fifoPriority) throws InterruptedException {
        begin(fifoPriority, 0);
    }

    /**
     * As {@link #begin(int)}, after {@code rehearsalCycles} cycles rehearsed at normal priority
     * ({@link io.tactus.api.ClientOptions#withRehearsal}); waits for the rehearsal too.
     */
    void begin(int fifoPriority, int rehearsalCycles) throws InterruptedException {
        // requireNonNull, not a throw with a literal: a never-resolved string constant of this class would be
        // interned on the process thread itself when the JIT asks for the loop's C2 compilation.
        Objects.requireNonNull(graph, "attach a segment before begin");
        synchronized (gate) {
            if (!begun) {
                begun = true;
                this.fifoPriority = fifoPriority;
                this.rehearsalCycles = rehearsalCycles;
                gate.notifyAll();
            }
        }
        looping.await(5 + REHEARSAL_LIMIT_NANOS / 1_000_000_000L, TimeUnit.SECONDS);
    }

    /** Whether the thread rehearsed before it turned realtime. */
    boolean rehearsed() {
        return rehearsed;
    }

    /** Ends the loop soon (within one wake-up); safe from any thread, any number of times. */
    void stop() {
        running = false;
        synchronized (gate) {
            gate.notifyAll();
        }
        ActivationRecord own = record;
        if (own != null) {
            own.wakeWaiter();
        }
    }

    /** Waits for the thread to end; true when it has (or never started). */
    boolean join(long timeoutMillis) throws InterruptedException {
        if (thread == Thread.currentThread()) {
            return false;
        }
        thread.join(timeoutMillis);
        return !thread.isAlive();
    }

    boolean isAlive() {
        return thread.isAlive();
    }

    long threadId() {
        return thread.getId();
    }

    /** What the callback threw, or null. */
    Throwable failure() {
        return failure;
    }

    /** How the thread was scheduled at {@link #begin}; null before, or when no realtime priority was asked. */
    SchedulingOutcome scheduling() {
        return scheduling;
    }

    /** Cycles acknowledged so far. */
    long cycles() {
        return cycles;
    }

    private void run() {
        try {
            tid = nativeLayer.gettid();
        } finally {
            tidKnown.countDown();
        }
        try {
            int priority;
            int rehearsal;
            synchronized (gate) {
                while (!begun && running) {
                    gate.wait();
                }
                if (!running) {
                    return;
                }
                priority = fifoPriority;
                rehearsal = rehearsalCycles;
            }
            if (rehearsal > 0) {
                rehearse(graph, rehearsal);
            }
            if (priority > 0) {
                scheduling = scheduler.applyToCurrentThread(SchedulingSettings.fifo(Math.min(priority, 99)));
            }
            looping.countDown();
            loop(graph, record);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            looping.countDown();
        }
    }

    /** Realtime: allocation-free after warm-up; the futex is the only system call. */
    private void loop(GraphActivation activation, ActivationRecord own) {
        while (running) {
            steps(activation, own);
        }
    }

    /**
     * Realtime: up to {@link #STEPS_PER_CALL} {@link #step}s. This method, not {@link #loop}, holds the loop that
     * runs for the thread's life, so that it is called often enough to be compiled within seconds (HotSpot counts
     * its calls and back-edges together) while {@link #loop}, entered once, stays interpreted for one pass in
     * {@value #STEPS_PER_CALL}.
     */
    private void steps(GraphActivation activation, ActivationRecord own) {
        for (int s = 0; s < STEPS_PER_CALL && running; s++) {
            step(activation, own);
        }
    }

    /**
     * Realtime, allocation-free after warm-up: the cycle this thread has been triggered for, or else one wait for
     * the next trigger. The signal word is read before the state is tried, so a trigger between the two makes the
     * wait return at once. A method of its own rather than the loop's body: HotSpot compiles a method after some
     * thousands of calls, but a loop entered once only by on-stack replacement after tens of thousands of
     * back-edges, which at one or two a period is most of a minute of interpreted handoffs.
     */
    private void step(GraphActivation activation, ActivationRecord own) {
        int seen = own.signal();
        long low = own.begin(System.nanoTime());
        if (low < 0) {
            own.idle(System.nanoTime()); // nothing to run: tells the server this client is not stuck
            int outcome = own.awaitSignal(seen, POLL_NANOS);
            if (outcome != Futex.WOKEN && outcome != Futex.VALUE_DIFFERED && outcome != Futex.TIMED_OUT
                    && outcome != Futex.INTERRUPTED) {
                LockSupport.parkNanos(NO_FUTEX_PARK_NANOS); // no futex here: poll instead of spinning
            }
            return;
        }
        long header = activation.cycle();
        long cycle = header - (int) ((int) header - (int) low); // the full cycle whose low half begin returned
        cycle(activation, own, cycle);
    }

    /** Realtime, allocation-free: one cycle, from the mix of the inputs to the successors' count-down. */
    private void cycle(GraphActivation activation, ActivationRecord own, long cycle) {
        GraphSegment segment = activation.segment();
        int nframes = segment.periodFrames();
        if (nframes != seenFrames | segment.freewheel() != seenFreewheel) {
            switched(nframes, segment.freewheel());
        }
        Ports current = ports;
        readingCycle = cycle;
        TransportDuties duties = transportDuties;
        duties.beforeProcess(cycle);
        work(activation, current, cycle, nframes);
        duties.afterProcess(nframes);
        cycles++; // before the finish that wakes the others: whoever it wakes sees the cycle counted
        activation.finish(own.index(), cycle, System.nanoTime(), current.outputSlots);
        readingCycle = ReaderCycle.NEWEST;
    }

    /**
     * The period size or the freewheel state changed since this thread's last cycle: the callbacks, before the
     * first process call under the new one (JACK calls them between cycles). Runs once per switch and may
     * allocate (the callbacks may, and a first run of this path does); a callback that throws is the process
     * callback's failure.
     */
    private void switched(int nframes, boolean freewheel) {
        boolean resized = nframes != seenFrames;
        boolean wheel = freewheel != seenFreewheel;
        seenFrames = nframes;
        seenFreewheel = freewheel;
        if (failure != null) {
            return;
        }
        try {
            FreewheelCallback onFreewheel = freewheelCallback;
            if (wheel && onFreewheel != null) {
                onFreewheel.freewheelChanged(freewheel);
            }
            BufferSizeCallback onSize = bufferSizeCallback;
            if (resized && onSize != null) {
                onSize.bufferSizeChanged(nframes);
            }
        } catch (Throwable thrown) {
            failure = thrown;
            failureListener.processFailed(thrown);
        }
    }

    /**
     * The period size the segment announces, and whether this thread has already told the callbacks of it; for
     * a client whose thread runs no cycles, the notification tells them instead.
     */
    /** A thread that has not begun: the notifier thread tells the callbacks of a switch, once. */
    synchronized void tellSwitch(int nframes, boolean freewheel) {
        if (nframes != seenFrames || freewheel != seenFreewheel) {
            switched(nframes, freewheel);
        }
    }

    int seenFrames() {
        return seenFrames;
    }

    boolean seenFreewheel() {
        return seenFreewheel;
    }

    /**
     * Before the thread turns realtime: the client's work for up to {@code count} cycles (at most
     * {@link #REHEARSAL_LIMIT_NANOS}), unheard: its inputs mixed for a cycle no output is valid in, so silence,
     * and nothing published or counted down. The outputs are silenced after it.
     */
    private void rehearse(GraphActivation activation, int count) {
        int nframes = activation.segment().periodFrames();
        long end = System.nanoTime() + REHEARSAL_LIMIT_NANOS;
        for (int c = 0; c < count && running && System.nanoTime() - end < 0; c++) {
            work(activation, ports, REHEARSAL_CYCLE, nframes);
        }
        rehearsed = true;
        silence(ports.all, nframes);
    }

    /**
     * Realtime, allocation-free: the inputs mixed (MIDI merged), the MIDI outputs emptied, every buffer rewound,
     * the callback run (or silence).
     */
    private void work(GraphActivation activation, Ports current, long cycle, int nframes) {
        ProcessCallback process = callback;
        for (RemotePort port : current.all) {
            if (port.isInput() && port.isMidi()) {
                activation.mergeMidiInput(port.slot(), cycle, midiViews, port.merge());
            } else if (port.isInput()) {
                activation.mixInput(port.slot(), cycle, views, port.buffer(), nframes);
            }
            port.rewind(nframes);
        }
        for (RemotePort port : current.all) {
            if (!port.isInput() && port.isMidi()) {
                port.silence(nframes); // after every input: a loop-back input reads last period's events from it
            }
        }
        if (process != null && failure == null) {
            try {
                process.process(nframes);
            } catch (Throwable thrown) {
                failure = thrown;
                silence(current.all, nframes);
                failureListener.processFailed(thrown);
            }
        } else {
            silence(current.all, nframes);
        }
    }

    private static void silence(RemotePort[] current, int nframes) {
        for (RemotePort port : current) {
            port.silence(nframes);
        }
    }

    /** The client's ports and, apart, the slots of its outputs, which a won finish publishes. Immutable. */
    private static final class Ports {
        static final Ports NONE = new Ports(new RemotePort[0]);

        final RemotePort[] all;
        final int[] outputSlots;

        Ports(RemotePort[] all) {
            this.all = all;
            int outputs = 0;
            for (RemotePort port : all) {
                outputs += port.isInput() ? 0 : 1;
            }
            this.outputSlots = new int[outputs];
            int o = 0;
            for (RemotePort port : all) {
                if (!port.isInput()) {
                    outputSlots[o++] = port.slot();
                }
            }
        }
    }
}
