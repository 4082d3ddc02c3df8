package io.tactus.bench.cli;

import io.tactus.api.ClientRegistrationCallback;
import io.tactus.api.FrameClock;
import io.tactus.api.GraphEventCallback;
import io.tactus.api.GraphOrderCallback;
import io.tactus.api.LatencyCallback;
import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.Port;
import io.tactus.api.PortConnectCallback;
import io.tactus.api.PortFlag;
import io.tactus.api.PortRegistrationCallback;
import io.tactus.api.PortRenameCallback;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.SampleRateCallback;
import io.tactus.api.ShutdownCallback;
import io.tactus.api.TactusClient;
import io.tactus.api.Transport;
import io.tactus.api.XrunCallback;

import java.util.ArrayList;
import java.util.List;

/**
 * A client that remembers the ports registered through it, in order, and passes everything else on: the
 * ready clients keep their ports private, and {@code client --connect} needs to know which are inputs.
 */
final class PortRecorder implements TactusClient {

    private final TactusClient client;
    private final List<Port> ports = new ArrayList<>();

    PortRecorder(TactusClient client) {
        this.client = client;
    }

    List<Port> inputs() {
        return ports.stream().filter(Port::isInput).toList();
    }

    List<Port> outputs() {
        return ports.stream().filter(Port::isOutput).toList();
    }

    @Override public String name() { return client.name(); }
    @Override public int sampleRate() { return client.sampleRate(); }
    @Override public int bufferSize() { return client.bufferSize(); }

    @Override
    public Port registerPort(String shortName, PortType type, PortFlag... flags) {
        Port port = client.registerPort(shortName, type, flags);
        ports.add(port);
        return port;
    }

    @Override
    public void unregisterPort(Port port) {
        client.unregisterPort(port);
        ports.remove(port);
    }

    @Override public void setProcessCallback(ProcessCallback callback) { client.setProcessCallback(callback); }
    @Override public void setShutdownCallback(ShutdownCallback callback) { client.setShutdownCallback(callback); }
    @Override public void setXrunCallback(XrunCallback callback) { client.setXrunCallback(callback); }
    @Override public void setGraphOrderCallback(GraphOrderCallback callback) { client.setGraphOrderCallback(callback); }
    @Override public void activate() { client.activate(); }
    @Override public void deactivate() { client.deactivate(); }
    @Override public void connect(String source, String destination) { client.connect(source, destination); }
    @Override public void disconnect(String source, String destination) { client.disconnect(source, destination); }
    @Override public FrameClock clock() { return client.clock(); }
    @Override public Transport transport() { return client.transport(); }
    @Override public List<String> getPorts() { return client.getPorts(); }
    @Override public List<String> getConnections(String port) { return client.getConnections(port); }
    @Override public void close() { client.close(); }

    // Notifications and latency (issue 20)
    @Override public void setGraphEventCallback(GraphEventCallback c) { client.setGraphEventCallback(c); }
    @Override
    public void setClientRegistrationCallback(ClientRegistrationCallback c) {
        client.setClientRegistrationCallback(c);
    }

    @Override
    public void setPortRegistrationCallback(PortRegistrationCallback c) {
        client.setPortRegistrationCallback(c);
    }

    @Override public void setPortConnectCallback(PortConnectCallback c) { client.setPortConnectCallback(c); }
    @Override public void setPortRenameCallback(PortRenameCallback c) { client.setPortRenameCallback(c); }
    @Override public void setSampleRateCallback(SampleRateCallback c) { client.setSampleRateCallback(c); }
    @Override public void setLatencyCallback(LatencyCallback c) { client.setLatencyCallback(c); }

    @Override
    public void setLatencyRange(Port port, LatencyMode mode, LatencyRange range) {
        client.setLatencyRange(port, mode, range);
    }

    @Override
    public LatencyRange latencyRange(String port, LatencyMode mode) {
        return client.latencyRange(port, mode);
    }

    @Override public void recomputeTotalLatencies() { client.recomputeTotalLatencies(); }
}
