package io.tactus.ipc.client;

import io.tactus.api.SyncCallback;
import io.tactus.api.TactusException;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.Transport;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;

/**
 * The transport of a client in its own process: queries read what the engine published in the graph segment
 * for the cycle (allocation-free, fit for the process callback); start, stop and locate are a round trip on
 * the control socket, so they belong on another thread. Sync and timebase callbacks would need the server to
 * read a client's answer in the segment every cycle, and are refused for now.
 */
final class RemoteTransport implements Transport {

    private static final String NOT_YET = "clients in their own process cannot have %s yet; run the client in "
            + "the server's JVM";

    private final RemoteTactusClient client;

    RemoteTransport(RemoteTactusClient client) {
        this.client = client;
    }

    /** Realtime, allocation-free: what the engine published for the current cycle. */
    @Override
    public TransportState query(TransportPosition into) {
        return client.sharedTransport().read(into);
    }

    /** Realtime, allocation-free. */
    @Override
    public long frame() {
        return client.sharedTransport().frame();
    }

    @Override
    public void start() {
        client.transportRequest("start", 0, 0);
    }

    @Override
    public void stop() {
        client.transportRequest("stop", 0, 0);
    }

    @Override
    public void locate(long frame) {
        client.transportRequest("locate", frame, 0);
    }

    @Override
    public void reposition(TransportPosition position) {
        locate(position.frame());
    }

    @Override
    public void setSyncCallback(SyncCallback callback) {
        throw new TactusException(String.format(NOT_YET, "a sync callback"));
    }

    @Override
    public void setSyncTimeout(long micros) {
        throw new TactusException(String.format(NOT_YET, "a say in the sync timeout"));
    }

    @Override
    public void setTimebaseCallback(boolean conditional, TimebaseCallback callback) {
        throw new TactusException(String.format(NOT_YET, "a timebase callback"));
    }

    @Override
    public void releaseTimebase() {
        throw new TactusException(String.format(NOT_YET, "a timebase callback"));
    }
}
