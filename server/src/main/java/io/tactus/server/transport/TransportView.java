package io.tactus.server.transport;

import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.graph.SegmentTransport;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * The transport as the engine last published it, for any thread: one writer (the engine, once a cycle),
 * any number of readers, through a sequence lock, so the engine never waits and a reader on another
 * thread retries the rare read that overlaps a publication. Queries from the process callback (on the
 * engine thread) never retry and allocate nothing.
 */
public final class TransportView {

    private static final VarHandle SEQUENCE;

    static {
        try {
            SEQUENCE = MethodHandles.lookup().findVarHandle(TransportView.class, "sequence", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    @SuppressWarnings("unused") // through SEQUENCE
    private long sequence;
    private TransportState state = TransportState.STOPPED;
    private final TransportPosition position = new TransportPosition();
    /** The shared graph's copy, for clients in other processes; null without one. */
    private volatile SegmentTransport mirror;

    /**
     * Realtime, allocation-free; the engine thread only. The shared graph's copy goes into the bank of
     * {@code cycle}, naming the master's record ({@link SegmentTransport#publish}).
     */
    void publish(TransportState current, TransportPosition at, long cycle, int masterRecord) {
        long s = (long) SEQUENCE.getOpaque(this);
        SEQUENCE.setOpaque(this, s + 1);
        VarHandle.storeStoreFence();
        state = current;
        position.copyFrom(at);
        SEQUENCE.setRelease(this, s + 2);
        SegmentTransport shared = mirror;
        if (shared != null) {
            shared.publish(cycle, current, at, masterRecord);
        }
    }

    /** Also publishes each cycle's transport into {@code shared}, or stops when null. Any thread. */
    public void mirrorTo(SegmentTransport shared) {
        this.mirror = shared;
    }

    /** Fills {@code into} and returns the state; allocation-free. */
    public TransportState read(TransportPosition into) {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            TransportState current = state;
            into.copyFrom(position);
            VarHandle.loadLoadFence();
            if ((s & 1) == 0 && (long) SEQUENCE.getOpaque(this) == s) {
                return current;
            }
        }
    }

    /** The frame alone; allocation-free. */
    public long frame() {
        while (true) {
            long s = (long) SEQUENCE.getAcquire(this);
            long frame = position.frame();
            VarHandle.loadLoadFence();
            if ((s & 1) == 0 && (long) SEQUENCE.getOpaque(this) == s) {
                return frame;
            }
        }
    }
}
