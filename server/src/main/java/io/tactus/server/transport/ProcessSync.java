package io.tactus.server.transport;

import io.tactus.api.SyncCallback;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.graph.GraphActivation;
import io.tactus.ipc.graph.RecordTransport;

/**
 * A slow-sync client in its own process, as the {@link TransportEngine} asks it: its own sync callback runs on
 * its process thread in each cycle it sees STARTING and writes the answer into its record; this reads the
 * answer of the last started cycle, for the frame the transport waits at. So the engine learns a cycle later
 * than from an in-process client, as JACK2's engine does from its clients' sync flags. Engine thread;
 * realtime, allocation-free.
 */
public final class ProcessSync implements SyncCallback {

    private final GraphActivation graph;
    private final RecordTransport answers;

    public ProcessSync(GraphActivation graph, int record) {
        this.graph = graph;
        this.answers = new RecordTransport(graph.segment(), record);
    }

    @Override
    public boolean sync(TransportState state, TransportPosition position) {
        return answers.saidReady(graph.cycle(), position.frame());
    }
}
