package io.tactus.ipc.client;

import io.tactus.api.ProcessCallback;
import io.tactus.ipc.SegmentLayout;
import io.tactus.ipc.SharedSegment;
import io.tactus.rt.Futex;
import io.tactus.rt.RealtimeNative;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingOutcome;
import io.tactus.rt.SchedulingSettings;

import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * The realtime thread of a client in its own process: sleeps on the trigger futex of its segment, runs the
 * user's process callback when the server bumps it, then publishes {@code done} and wakes the server. It is
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
    /** Without a futex (not Linux), poll the trigger word this often instead. */
    private static final long NO_FUTEX_PARK_NANOS = 50_000L;
    private static final RemotePort[] NO_PORTS = new RemotePort[0];

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

    private volatile boolean running = true;
    private volatile int tid;
    private volatile SharedSegment segment;
    private volatile ProcessCallback callback;
    private volatile RemotePort[] ports = NO_PORTS;
    private volatile Throwable failure;
    private volatile SchedulingOutcome scheduling;
    private volatile long cycles;

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

    /** The segment from Welcome; call before {@link #begin}. */
    void attach(SharedSegment segment) {
        this.segment = segment;
    }

    void setCallback(ProcessCallback callback) {
        this.callback = callback;
    }

    boolean hasCallback() {
        return callback != null;
    }

    /** A new snapshot of the client's ports, replaced whole so the loop needs no lock. */
    void setPorts(RemotePort[] ports) {
        this.ports = ports.clone();
    }

    /**
     * Lets the thread into its loop, SCHED_FIFO at {@code fifoPriority} first when that is above 0, and
     * returns once it is there. Later calls return at once.
     */
    void begin(int fifoPriority) throws InterruptedException {
        // requireNonNull, not a throw with a literal: a never-resolved string constant of this class would be
        // interned on the process thread itself when the JIT asks for the loop's C2 compilation.
        Objects.requireNonNull(segment, "attach a segment before begin");
        synchronized (gate) {
            if (!begun) {
                begun = true;
                this.fifoPriority = fifoPriority;
                gate.notifyAll();
            }
        }
        looping.await(5, TimeUnit.SECONDS);
    }

    /** Ends the loop soon (within one wake-up); safe from any thread, any number of times. */
    void stop() {
        running = false;
        synchronized (gate) {
            gate.notifyAll();
        }
        SharedSegment s = segment;
        if (s != null) {
            futex.wake(s.wordAddress(s.layout().triggerOffset(0)), 1);
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
            synchronized (gate) {
                while (!begun && running) {
                    gate.wait();
                }
                if (!running) {
                    return;
                }
                priority = fifoPriority;
            }
            if (priority > 0) {
                scheduling = scheduler.applyToCurrentThread(SchedulingSettings.fifo(Math.min(priority, 99)));
            }
            looping.countDown();
            loop(segment);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            looping.countDown();
        }
    }

    /** Realtime: allocation-free after warm-up; the futex is the only system call. */
    private void loop(SharedSegment seg) {
        SegmentLayout layout = seg.layout();
        int triggerOffset = layout.triggerOffset(0);
        int doneOffset = layout.doneOffset(0);
        long triggerAddress = seg.wordAddress(triggerOffset);
        long doneAddress = seg.wordAddress(doneOffset);
        int waitingOffset = layout.waitingOffset(0);
        // The last trigger acknowledged, not the trigger now: one the server sent before this line is a
        // cycle still owed, and must run rather than be mistaken for an old one.
        int lastSeen = seg.getIntAcquire(doneOffset);
        while (running) {
            int seq = seg.getIntAcquire(triggerOffset);
            if (seq == lastSeen) {
                int outcome = futex.wait(triggerAddress, lastSeen, POLL_NANOS);
                if (outcome != Futex.WOKEN && outcome != Futex.VALUE_DIFFERED && outcome != Futex.TIMED_OUT
                        && outcome != Futex.INTERRUPTED) {
                    LockSupport.parkNanos(NO_FUTEX_PARK_NANOS); // no futex here: poll instead of spinning
                }
                continue;
            }
            lastSeen = seq;
            cycle(seg, layout, seq);
            if (seg.getIntVolatile(waitingOffset) != 0) {
                futex.wake(doneAddress, 1); // only when the server sleeps on done (see SegmentLayout#waitingOffset)
            }
        }
    }

    /** Realtime, allocation-free: one cycle, from started to done. */
    private void cycle(SharedSegment seg, SegmentLayout layout, int seq) {
        seg.setLongRelease(layout.startedOffset(0), System.nanoTime());
        int nframes = seg.getIntAcquire(layout.nframesOffset(0));
        if (nframes < 0 || nframes > layout.nframes()) {
            nframes = layout.nframes(); // a server bug must not make the callback read past its slot
        }
        RemotePort[] current = ports;
        ProcessCallback process = callback;
        if (process != null && failure == null) {
            for (RemotePort port : current) {
                port.rewind(nframes);
            }
            try {
                process.process(nframes);
            } catch (Throwable thrown) {
                failure = thrown;
                silence(current, nframes);
                failureListener.processFailed(thrown);
            }
        } else {
            silence(current, nframes);
        }
        seg.setLongRelease(layout.finishedOffset(0), System.nanoTime());
        seg.setIntVolatile(layout.doneOffset(0), seq); // volatile: ordered before the read of the waiting word
        cycles++;
    }

    private static void silence(RemotePort[] current, int nframes) {
        for (RemotePort port : current) {
            port.silence(nframes);
        }
    }
}
