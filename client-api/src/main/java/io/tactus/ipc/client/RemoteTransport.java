package io.tactus.ipc.client;

import io.tactus.api.SyncCallback;
import io.tactus.api.TactusException;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.Transport;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.Request;

import java.util.Objects;

/**
 * The transport of a client in its own process: queries read what the engine published in the graph segment
 * for the cycle (allocation-free, fit for the process callback); start, stop and locate are a round trip on
 * the control socket, so they belong on another thread. The sync and timebase callbacks run on the process
 * thread ({@link TransportDuties}), their answers written into the client's record for the engine; registering
 * one is a round trip that tells the server to read them.
 */
final class RemoteTransport implements Transport {

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

    /** The callback answers from the next cycle on; the server reads the answers once it has said Ok. */
    @Override
    public void setSyncCallback(SyncCallback callback) {
        TransportDuties duties = client.transportDuties();
        if (callback != null) {
            duties.setSync(callback);
            client.transportCallbackRequest(new Request.SetSyncCallback(true));
        } else {
            client.transportCallbackRequest(new Request.SetSyncCallback(false));
            duties.setSync(null);
        }
    }

    @Override
    public void setSyncTimeout(long micros) {
        if (micros < 0) {
            throw new TactusException("a sync timeout of " + micros + " us is negative; give 0 or more");
        }
        client.transportCallbackRequest(new Request.SetSyncTimeout(micros));
    }

    /**
     * The callback is in place before the server makes this client the master, so its BBT is there for the
     * engine's first look; a refusal takes it away again.
     */
    @Override
    public void setTimebaseCallback(boolean conditional, TimebaseCallback callback) {
        Objects.requireNonNull(callback, "callback");
        TransportDuties duties = client.transportDuties();
        duties.setTimebase(callback);
        try {
            client.transportCallbackRequest(new Request.SetTimebase(conditional));
        } catch (TactusException refused) {
            duties.setTimebase(null);
            throw refused;
        }
    }

    @Override
    public void releaseTimebase() {
        client.transportCallbackRequest(new Request.ReleaseTimebase());
        client.transportDuties().setTimebase(null);
    }
}
