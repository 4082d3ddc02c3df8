package io.tactus.ipc.client;

import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.graph.RecordTransport;
import io.tactus.ipc.graph.SegmentTransport;

/**
 * A process client's part in the transport, played on its process thread in each cycle (docs/ipc-contract.md,
 * "Sync and timebase of process clients"): before the process callback, while its cycle's transport is
 * STARTING, the sync callback's answer goes into its record; after it, while the engine names this client's
 * record as the timebase master in the cycle's transport, the timebase callback fills the BBT of the next
 * cycle's frame into its record, as a JACK master fills the next cycle's position. Callbacks are set by other
 * threads (volatile), read once a cycle. Realtime, allocation-free.
 */
final class TransportDuties {

    private final SegmentTransport transport;
    private final RecordTransport answers;
    private final int record;
    private final TransportPosition position = new TransportPosition();
    private volatile SyncCallback sync;
    private volatile TimebaseCallback timebase;
    // Process thread only: whether it filled BBT in the cycle before, and for which frame.
    private boolean wasMaster;
    private long filledFor = -1;

    TransportDuties(SegmentTransport transport, RecordTransport answers, int record) {
        this.transport = transport;
        this.answers = answers;
        this.record = record;
    }

    void setSync(SyncCallback callback) {
        this.sync = callback;
    }

    void setTimebase(TimebaseCallback callback) {
        this.timebase = callback;
    }

    /** Realtime, allocation-free: the sync callback's answer for cycle {@code cycle}, while STARTING. */
    void beforeProcess(long cycle) {
        SyncCallback callback = sync;
        if (callback == null) {
            return;
        }
        TransportState state = transport.read(position);
        if (state != TransportState.STARTING) {
            return;
        }
        boolean ready;
        try {
            ready = callback.sync(state, position);
        } catch (RuntimeException failed) {
            ready = true; // a callback that throws cannot hold the transport, as in the engine
        }
        answers.answerSync(cycle, position.frame(), ready);
    }

    /**
     * Realtime, allocation-free: as the timebase master, the BBT for the frame the next cycle starts at (this
     * cycle's and, rolling, a period on), each cycle that rolls and after every new position; otherwise the BBT
     * filled before still holds for the frame, which has not moved.
     */
    void afterProcess(int nframes) {
        TimebaseCallback callback = timebase;
        if (callback == null || transport.timebaseMaster() != record) {
            wasMaster = false;
            return;
        }
        TransportState state = transport.read(position);
        boolean rolling = state == TransportState.ROLLING;
        boolean fresh = !wasMaster || position.frame() != filledFor;
        long next = position.frame() + (rolling ? nframes : 0);
        wasMaster = true;
        filledFor = next;
        if (!fresh && !rolling) {
            return;
        }
        position.setFrame(next, position.frameRate(), position.micros());
        try {
            callback.timebase(state, nframes, position, fresh);
        } catch (RuntimeException failed) {
            position.setBbtValid(false);
        }
        answers.publishBbt(position);
    }
}
