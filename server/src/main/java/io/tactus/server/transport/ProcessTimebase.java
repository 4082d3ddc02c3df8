package io.tactus.server.transport;

import io.tactus.api.TimebaseCallback;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.ipc.graph.RecordTransport;

/**
 * A timebase master in its own process, as the {@link TransportEngine} calls it: the client's own callback runs
 * on its process thread, after its process callback, and fills the BBT of the next cycle's frame into its
 * record; this copies it into the position the engine publishes for that cycle. So the master's BBT for a
 * cycle is computed in the cycle before, as in JACK. A cycle whose frame the master did not compute (the first
 * after a locate, or after the master was late) has no BBT. Engine thread; realtime, allocation-free.
 */
public final class ProcessTimebase implements TimebaseCallback {

    private final RecordTransport answers;

    public ProcessTimebase(GraphSegment segment, int record) {
        this.answers = new RecordTransport(segment, record);
    }

    @Override
    public void timebase(TransportState state, int nframes, TransportPosition position, boolean newPosition) {
        if (!answers.readBbt(position)) {
            position.setBbtValid(false);
        }
    }
}
