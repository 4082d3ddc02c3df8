package io.tactus.server;

import io.tactus.api.SyncCallback;
import io.tactus.api.TimebaseCallback;
import io.tactus.api.Transport;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.server.graph.ClientNode;

/**
 * An in-process client's {@link Transport}: requests and queries through the server's
 * {@link TransportProxy}; the sync and timebase callbacks registered on the client's node, so the next
 * plan carries them to the engine (which calls them on its own thread at the start of each cycle).
 */
final class TransportHandle implements Transport {

    private final TransportProxy proxy;
    private final GraphChanges controller;
    private final ClientNode node;

    TransportHandle(TransportProxy proxy, GraphChanges controller, ClientNode node) {
        this.proxy = proxy;
        this.controller = controller;
        this.node = node;
    }

    /** Realtime, allocation-free. */
    @Override
    public TransportState query(TransportPosition into) {
        return proxy.query(into);
    }

    /** Realtime, allocation-free. */
    @Override
    public long frame() {
        return proxy.frame();
    }

    @Override
    public void start() {
        proxy.start();
    }

    @Override
    public void stop() {
        proxy.stop();
    }

    @Override
    public void locate(long frame) {
        proxy.locate(frame);
    }

    @Override
    public void reposition(TransportPosition position) {
        proxy.locate(position.frame());
    }

    @Override
    public void setSyncCallback(SyncCallback callback) {
        controller.changeVoid(graph -> node.setSyncCallback(callback));
    }

    @Override
    public void setSyncTimeout(long micros) {
        proxy.syncTimeout(micros);
    }

    @Override
    public void setTimebaseCallback(boolean conditional, TimebaseCallback callback) {
        controller.changeVoid(graph -> graph.setTimebaseMaster(node, conditional, callback));
    }

    @Override
    public void releaseTimebase() {
        controller.changeVoid(graph -> graph.releaseTimebase(node));
    }
}
