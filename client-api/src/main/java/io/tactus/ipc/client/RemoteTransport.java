package io.tactus.ipc.client;

import io.tactus.api.SyncCallback;
import io.tactus.api.TactusException;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.Transport;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.ipc.Reply;

/**
 * The transport of a client in its own process, over the control socket: each query and request is a round
 * trip, so none belongs in the process callback. Sync and timebase callbacks need the shared graph segment,
 * where the server can read a client's answer each cycle, and are refused until then.
 */
final class RemoteTransport implements Transport {

    private static final String NOT_YET = "clients in their own process cannot have %s yet; run the client in "
            + "the server's JVM";

    private final RemoteTactusClient client;

    RemoteTransport(RemoteTactusClient client) {
        this.client = client;
    }

    @Override
    public TransportState query(TransportPosition into) {
        Reply.TransportReport report = client.transportReport();
        into.setFrame(report.frame(), report.frameRate(), 0);
        if (report.bbtValid()) {
            into.setBbt(report.bar(), report.beat(), report.tick()).setBarStartTick(report.barStartTick())
                    .setMeter((float) report.beatsPerBar(), (float) report.beatType())
                    .setTicksPerBeat(report.ticksPerBeat()).setBeatsPerMinute(report.beatsPerMinute());
        } else {
            into.setBbtValid(false);
        }
        return TransportState.valueOf(report.state());
    }

    @Override
    public long frame() {
        return client.transportReport().frame();
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
