package io.tactus.server.control;

import io.tactus.ipc.SegmentLayout;
import io.tactus.ipc.SharedSegment;
import io.tactus.rt.Futex;
import io.tactus.server.graph.PortNode;
import io.tactus.server.graph.TimedProcess;

import java.nio.FloatBuffer;
import java.util.List;
import java.util.function.LongSupplier;

/**
 * The server's half of an out-of-process client's cycle, run on the engine thread as the client's
 * process callback: copy the inputs into the shared segment, bump the trigger word and wake the client,
 * wait for its done word, copy the outputs back. The wait is bounded by the client's deadline: the
 * cycle's deadline less a reserve for the rest of the graph (and by an optional limit from the trigger),
 * so a late or dead client costs the graph at most that time and its outputs are silence, never an
 * xrun of everyone. A client always gets at least the reserve after its trigger, so a cycle the host
 * started late (an xrun already) does not also give up on every client it had no time to run.
 * Trade-off: the engine thread waits for the client instead of running other clients meanwhile;
 * independent clients are woken together ({@link #trigger}) so they run in parallel.
 *
 * <p>Or {@link #asynchronous}, as JACK2's default: the engine does not wait at the trigger, and a client's
 * answer is used a period later. A client then has the whole period instead of what is left of it after its
 * trigger, which matters on a virtual machine whose CPUs are sometimes not run for a millisecond
 * (docs/vm-timing.md, "Cross-CPU wake-ups"; the runs are in docs/measurements/). One that has not answered
 * when the next cycle comes is waited for within that cycle, as a synchronous client is.
 *
 * <p>After each call the client's own work is known from the stamps its process thread writes into the
 * control block (started, finished: CLOCK_MONOTONIC, the clock of {@link System#nanoTime} in every JVM
 * on Linux), so the watchdog judges the client by its work, not by the server's wait (wake-up latency
 * included) for its answer.
 *
 * <p>Realtime: {@link #process} allocates nothing after its first call on the engine thread (which makes
 * the thread's first futex wait, see {@link #primeWait}), takes no lock and logs nothing. The port-to-slot
 * bindings are replaced whole by the control thread ({@link #bind}) and read once per cycle.
 */
public final class RemoteProcess implements TimedProcess {

    /**
     * Spin this long on the done word before sleeping on it: a quick client answers within it. Short on
     * purpose: the engine outranks the clients' threads, so while it spins it keeps a client that shares
     * its CPU from running at all (the runs: docs/measurements/from-code-server.md).
     */
    static final long SPIN_NANOS = 20_000;

    private final SharedSegment segment;
    private final Futex futex;
    private final int triggerOffset;
    private final int doneOffset;
    private final int nframesOffset;
    private final long triggerAddress;
    private final long doneAddress;
    private final int startedOffset;
    private final int waitingOffset;
    private final int finishedOffset;
    private final long timeoutNanos;
    /**
     * Also, asynchronous: the least time a client gets after its trigger (see
     * {@link #asynchronous(SharedSegment, Futex, long)}).
     */
    private final long reserveNanos;
    private final LongSupplier cycleDeadline;
    /**
     * Collect the previous period's answer and trigger the next, no wait at the trigger (see {@link #asynchronous}).
     */
    private final boolean async;
    /** One view per slot, made once: {@link SharedSegment#port} allocates. */
    private final FloatBuffer[] slots;

    private volatile Bindings bindings = Bindings.NONE;
    /** The last trigger value written; engine thread only. */
    private int lastTrigger;
    /** Asynchronous: the trigger value the last give-up was about. */
    private int givenUpOn;
    private boolean timedOut;
    /** The engine thread that made its first futex wait here (see {@link #primeWait}). */
    private Thread primedOn;
    private long lastTriggerAt;
    private boolean triggeredAhead;
    private boolean aheadBusy;
    private int aheadSeq;
    private long aheadAt;
    private volatile long timeouts;
    private volatile long cycles;
    /** The last call's own-work figures (see {@link #ownStart}); engine thread. */
    private long ownStart;
    private long ownNanos;

    /**
     * @param segment       the client's segment, control block 0 and {@link SegmentLayout#ports()} slots
     * @param futex         wakes and waits on the segment's words
     * @param timeoutNanos  how long after the trigger the client may take at most
     * @param reserveNanos  how long before the cycle's deadline the server stops waiting: time for the rest
     *                      of the graph and the driver; also the least time a client gets after its trigger
     * @param cycleDeadline the running cycle's deadline (read on the engine thread; Long.MAX_VALUE unpaced)
     */
    public RemoteProcess(SharedSegment segment, Futex futex, long timeoutNanos, long reserveNanos,
                         LongSupplier cycleDeadline) {
        this(segment, futex, timeoutNanos, reserveNanos, cycleDeadline, false);
    }

    /**
     * An asynchronous client's half of the cycle, as in JACK2's default mode: each call copies out the
     * outputs the client computed from the previous period's inputs, copies in this period's inputs and
     * wakes it, and returns without waiting. The client has the whole period (until the engine's next
     * call) instead of the part of it left after the trigger; its outputs reach the graph one period
     * later. A client that has not answered by the next call is a timeout: its outputs are silence for
     * that period, and it is not triggered again until it has answered.
     */
    public static RemoteProcess asynchronous(SharedSegment segment, Futex futex) {
        return asynchronous(segment, futex, 0, () -> Long.MAX_VALUE);
    }

    /**
     * As {@link #asynchronous(SharedSegment, Futex)}, and a client always gets at least {@code leastNanos}
     * after its trigger before it is given up on. The engine's next call usually comes a period after the
     * trigger; after a cycle the host made late (an xrun already) it comes as soon as the next period
     * starts, which can be microseconds after the trigger. Then the engine waits for the answer until the
     * least time is up rather than give up on every client the host left no time: without it, each such
     * xrun also counted a timeout of every client.
     */
    public static RemoteProcess asynchronous(SharedSegment segment, Futex futex, long leastNanos) {
        return asynchronous(segment, futex, leastNanos, () -> Long.MAX_VALUE);
    }

    /**
     * As {@link #asynchronous(SharedSegment, Futex, long)}, and a client that has not answered when the
     * engine's next call comes is waited for until {@code reserveNanos} before that cycle's deadline (as a
     * synchronous client is), not given up on at once. Its answer is then still in time for the period it
     * was due in. This is for a host that holds a client's CPU: the clients' wake-ups can wait on a virtual
     * CPU the host does not run until the engine's next cycle has begun (docs/vm-timing.md; the kernel trace
     * is in docs/measurements/from-code-server.md).
     *
     * @param reserveNanos  how long before the cycle's deadline the engine stops waiting, and the least time a
     *                      client gets after its trigger
     * @param cycleDeadline the running cycle's deadline (engine thread; Long.MAX_VALUE: the least time only)
     */
    public static RemoteProcess asynchronous(SharedSegment segment, Futex futex, long reserveNanos,
                                             LongSupplier cycleDeadline) {
        return new RemoteProcess(segment, futex, Long.MAX_VALUE, reserveNanos, cycleDeadline, true);
    }

    private RemoteProcess(SharedSegment segment, Futex futex, long timeoutNanos, long reserveNanos,
                          LongSupplier cycleDeadline, boolean async) {
        this.async = async;
        this.segment = segment;
        this.futex = futex;
        SegmentLayout layout = segment.layout();
        this.triggerOffset = layout.triggerOffset(0);
        this.doneOffset = layout.doneOffset(0);
        this.nframesOffset = layout.nframesOffset(0);
        this.triggerAddress = segment.wordAddress(triggerOffset);
        this.doneAddress = segment.wordAddress(doneOffset);
        this.startedOffset = layout.startedOffset(0);
        this.waitingOffset = layout.waitingOffset(0);
        this.finishedOffset = layout.finishedOffset(0);
        this.timeoutNanos = timeoutNanos;
        this.reserveNanos = reserveNanos;
        this.cycleDeadline = cycleDeadline;
        this.slots = new FloatBuffer[layout.ports()];
        for (int i = 0; i < slots.length; i++) {
            slots[i] = segment.port(i);
        }
        // The first runs of the accessors allocate (linking, the JIT's first code), and an asynchronous
        // client's wait may first run on the engine thread in the middle of a run (FirstWaitInFreshJvmTest):
        // they run here, on the control thread, once per JVM (at once when the server has done it already).
        SharedSegment.warmUp();
    }

    /**
     * Sets which port lives in which slot; {@code slotOf.get(i)} is the slot of {@code ports.get(i)}. Control
     * thread. Call it only for ports the running plan has bound (after the graph change that added them).
     */
    public void bind(List<PortNode> ports, List<Integer> slotOf) {
        int inputs = 0;
        for (PortNode port : ports) {
            inputs += port.isInput() ? 1 : 0;
        }
        PortNode[] in = new PortNode[inputs];
        FloatBuffer[] inSlots = new FloatBuffer[inputs];
        PortNode[] out = new PortNode[ports.size() - inputs];
        FloatBuffer[] outSlots = new FloatBuffer[out.length];
        int i = 0;
        int o = 0;
        for (int p = 0; p < ports.size(); p++) {
            PortNode port = ports.get(p);
            FloatBuffer slot = slots[slotOf.get(p)];
            if (port.isInput()) {
                in[i] = port;
                inSlots[i++] = slot;
            } else {
                out[o] = port;
                outSlots[o++] = slot;
            }
        }
        bindings = new Bindings(in, inSlots, out, outSlots);
    }

    /**
     * Realtime, allocation-free: the first half of the handshake, ahead of {@link #process} (see TimedProcess#trigger).
     */
    @Override
    public void trigger(int nframes) {
        primeWait();
        if (async) {
            return; // process() triggers without waiting anyway
        }
        Bindings b = bindings;
        aheadBusy = segment.getIntAcquire(doneOffset) != lastTrigger;
        triggeredAhead = true;
        if (aheadBusy) {
            return;
        }
        aheadSeq = start(b, nframes);
        aheadAt = lastTriggerAt;
    }

    /**
     * The first call on each engine thread only: a futex wait that returns at once (the word differs),
     * because a thread's first timed futex wait allocates the thread's timespec. An asynchronous client is
     * waited for only after a late cycle, so without this the engine thread's first wait, and its
     * allocation, came in the middle of a run (docs/realtime.md, "Link the rare path before the run").
     */
    private void primeWait() {
        Thread engine = Thread.currentThread();
        if (primedOn != engine) { // a new engine thread too, after the watchdog took over a stuck one
            primedOn = engine;
            futex.wait(doneAddress, segment.getIntVolatile(doneOffset) + 1, 0);
        }
    }

    /** Realtime, allocation-free: copies the inputs in and wakes the client; returns the trigger value. */
    private int start(Bindings b, int nframes) {
        for (int p = 0; p < b.inputs.length; p++) {
            copy(b.inputs[p].getFloatBuffer(), b.inputSlots[p], nframes);
        }
        int seq = lastTrigger + 1;
        if (seq == 0) {
            seq = 1;
        }
        lastTrigger = seq;
        segment.setIntRelease(nframesOffset, nframes);
        lastTriggerAt = System.nanoTime();
        segment.setIntRelease(triggerOffset, seq);
        futex.wake(triggerAddress, 1);
        return seq;
    }

    /** Realtime, allocation-free: one cycle of the contract's handshake (only its second half when triggered ahead). */
    @Override
    public void process(int nframes) {
        primeWait();
        Bindings b = bindings;
        if (async) {
            exchange(b, nframes);
            return;
        }
        if (triggeredAhead) {
            triggeredAhead = false;
            if (aheadBusy) {
                giveUp(b, nframes, 0);
            } else if (!awaitDone(aheadSeq, aheadAt)) {
                giveUp(b, nframes, aheadAt);
            } else {
                finish(b, nframes, aheadAt);
            }
            return;
        }
        if (segment.getIntAcquire(doneOffset) != lastTrigger) {
            giveUp(b, nframes, 0); // still busy with an earlier cycle: not triggered again
            return;
        }
        int seq = start(b, nframes);
        if (!awaitDone(seq, lastTriggerAt)) {
            giveUp(b, nframes, lastTriggerAt);
            return;
        }
        finish(b, nframes, lastTriggerAt);
    }

    /**
     * Realtime, allocation-free: the asynchronous cycle (see {@link #asynchronous}): collect the answer to the
     * previous trigger and trigger again, or give up on this period if there is no answer by {@link #answerDue};
     * never wait for a client it has given up on already.
     */
    private void exchange(Bindings b, int nframes) {
        if (segment.getIntAcquire(doneOffset) != lastTrigger
                && (givenUpOn == lastTrigger || !awaitDone(lastTrigger, lastTriggerAt, answerDue()))) {
            // Has not answered the previous period's trigger: not triggered again. Its work so far is told
            // once, at the first period it misses; after that it is busy with an earlier cycle.
            giveUp(b, nframes, givenUpOn == lastTrigger ? 0 : lastTriggerAt);
            givenUpOn = lastTrigger;
            return;
        }
        finish(b, nframes, lastTriggerAt);
        if (givenUpOn == lastTrigger) {
            ownStart = 0; // a late answer, played rather than lost; its work was told at the give-up: judged once
            ownNanos = 0;
        }
        start(b, nframes);
    }

    /**
     * Asynchronous: until when the engine waits for an answer it has not got yet: the reserve before the
     * running cycle's deadline, and never less than the least time after the trigger (a cycle the host
     * started late, an xrun already, comes microseconds after the trigger).
     */
    private long answerDue() {
        long least = lastTriggerAt + reserveNanos;
        long deadline = cycleDeadline.getAsLong();
        return deadline == Long.MAX_VALUE ? least : Math.max(deadline - reserveNanos, least);
    }

    /** Realtime, allocation-free: the client answered; its outputs are copied out. */
    private void finish(Bindings b, int nframes, long triggered) {
        for (int p = 0; p < b.outputs.length; p++) {
            copy(b.outputSlots[p], b.outputs[p].getFloatBuffer(), nframes);
        }
        long started = segment.getLongAcquire(startedOffset);
        long finished = segment.getLongAcquire(finishedOffset);
        if (started >= triggered && finished >= started) {
            ownStart = started;
            ownNanos = finished - started;
        } else if (async) { // a client that writes no stamps, and no wait to tell its work by
            ownStart = 0;
            ownNanos = 0;
        } else { // a client that writes no stamps: the server's wait is all it can tell
            ownStart = triggered;
            ownNanos = System.nanoTime() - triggered;
        }
        timedOut = false;
        cycles = cycles + 1;
    }

    /**
     * Realtime, allocation-free: spins briefly, then sleeps on the done word, until {@code seq} or the client's
     * deadline.
     */
    private boolean awaitDone(int seq, long triggered) {
        // Never less than the reserve after the trigger: a cycle that began late (the host stalled the engine)
        // is an xrun already, and giving up at once would add timeouts of clients that had no chance.
        return awaitDone(seq, triggered, Math.min(triggered + timeoutNanos,
                Math.max(cycleDeadline.getAsLong() - reserveNanos, triggered + reserveNanos)));
    }

    /** Realtime, allocation-free: as {@link #awaitDone(int, long)}, until {@code limit} (at once when it is past). */
    private boolean awaitDone(int seq, long triggered, long limit) {
        int observed;
        while ((observed = segment.getIntAcquire(doneOffset)) != seq) {
            long now = System.nanoTime();
            long left = limit - now;
            if (left <= 0) {
                return false;
            }
            if (now - triggered < SPIN_NANOS) {
                Thread.onSpinWait();
            } else {
                // Tell the client to wake us, then look once more: it may have answered before it could see that.
                segment.setIntVolatile(waitingOffset, 1);
                if (segment.getIntVolatile(doneOffset) == observed) {
                    futex.wait(doneAddress, observed, left);
                }
                segment.setIntRelease(waitingOffset, 0);
            }
        }
        return true;
    }

    /**
     * Realtime, allocation-free: the client missed this cycle; its outputs are silence. When it was
     * triggered this cycle ({@code triggered} != 0) and has begun, the time since it began is its own work
     * so far (a client busy past its deadline); otherwise it has done no work of this cycle.
     */
    private void giveUp(Bindings b, int nframes, long triggered) {
        for (int p = 0; p < b.outputs.length; p++) {
            FloatBuffer out = b.outputs[p].getFloatBuffer();
            for (int i = 0; i < nframes; i++) {
                out.put(i, 0f);
            }
        }
        long started = triggered == 0 ? 0 : segment.getLongAcquire(startedOffset);
        if (started >= triggered && started != 0) {
            ownStart = started;
            ownNanos = Math.max(0, System.nanoTime() - started);
        } else {
            ownStart = 0;
            ownNanos = 0;
        }
        timedOut = true;
        timeouts = timeouts + 1;
        cycles = cycles + 1;
    }

    private static void copy(FloatBuffer from, FloatBuffer to, int nframes) {
        for (int i = 0; i < nframes; i++) {
            to.put(i, from.get(i));
        }
    }

    /** Realtime: whether the last call gave up on the client. Engine thread. */
    @Override
    public boolean timedOut() {
        return timedOut;
    }

    /**
     * Realtime: when the client began its own work in the last call (its process thread's stamp), or 0
     * when it did not begin (still busy with an earlier cycle, stopped, asleep before its callback).
     */
    @Override
    public long ownStart() {
        return ownStart;
    }

    /** Realtime: the client's own work in the last call: begun to finished, or to when the server gave up. */
    @Override
    public long ownNanos() {
        return ownNanos;
    }

    /** Cycles in which the client was late or still busy, so its outputs were silence. Any thread. */
    public long timeouts() {
        return timeouts;
    }

    /** Cycles this client was part of, in time or not. Any thread. */
    public long cycles() {
        return cycles;
    }

    /** The client's segment, which the server created and deletes. */
    public SharedSegment segment() {
        return segment;
    }

    public long timeoutNanos() {
        return timeoutNanos;
    }

    /** Ports and their slots, split by direction; immutable once published. */
    private static final class Bindings {
        static final Bindings NONE = new Bindings(new PortNode[0], new FloatBuffer[0], new PortNode[0], new FloatBuffer[0]);

        final PortNode[] inputs;
        final FloatBuffer[] inputSlots;
        final PortNode[] outputs;
        final FloatBuffer[] outputSlots;

        Bindings(PortNode[] inputs, FloatBuffer[] inputSlots, PortNode[] outputs, FloatBuffer[] outputSlots) {
            this.inputs = inputs;
            this.inputSlots = inputSlots;
            this.outputs = outputs;
            this.outputSlots = outputSlots;
        }
    }
}
