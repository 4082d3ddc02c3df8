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

    // Buffer size and freewheel at run time (issue 20)
    @Override public void setBufferSize(int nframes) { client.setBufferSize(nframes); }
    @Override public void setBufferSizeCallback(io.tactus.api.BufferSizeCallback callback) { client.setBufferSizeCallback(callback); }
    @Override public void setFreewheel(boolean on) { client.setFreewheel(on); }
    @Override public void setFreewheelCallback(io.tactus.api.FreewheelCallback callback) { client.setFreewheelCallback(callback); }

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

    // Port queries, aliases, rename, statistics and metadata (issue 20)
    @Override public List<String> getPorts(String names, String types, PortFlag... flags) { return client.getPorts(names, types, flags); }
    @Override public io.tactus.api.PortDetails portByName(String name) { return client.portByName(name); }
    @Override public io.tactus.api.PortDetails portById(long id) { return client.portById(id); }
    @Override public void setAlias(String port, String alias) { client.setAlias(port, alias); }
    @Override public void unsetAlias(String port, String alias) { client.unsetAlias(port, alias); }
    @Override public void renamePort(Port port, String newShortName) { client.renamePort(port, newShortName); }
    @Override public long uuid() { return client.uuid(); }
    @Override public long clientUuid(String clientName) { return client.clientUuid(clientName); }
    @Override public double cpuLoad() { return client.cpuLoad(); }
    @Override public double maxDelayedMicros() { return client.maxDelayedMicros(); }
    @Override public double xrunDelayedMicros() { return client.xrunDelayedMicros(); }
    @Override public void resetMaxDelayedMicros() { client.resetMaxDelayedMicros(); }
    @Override public void setProperty(long subject, String key, String value, String type) { client.setProperty(subject, key, value, type); }
    @Override public java.util.Optional<io.tactus.api.Property> getProperty(long subject, String key) { return client.getProperty(subject, key); }
    @Override public List<io.tactus.api.Property> getProperties(long subject) { return client.getProperties(subject); }
    @Override public List<io.tactus.api.Property> getAllProperties() { return client.getAllProperties(); }
    @Override public void removeProperty(long subject, String key) { client.removeProperty(subject, key); }
    @Override public int removeProperties(long subject) { return client.removeProperties(subject); }
    @Override public void removeAllProperties() { client.removeAllProperties(); }
    @Override public void setPropertyChangeCallback(io.tactus.api.PropertyChangeCallback callback) { client.setPropertyChangeCallback(callback); }
}
