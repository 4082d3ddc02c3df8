package io.tactus.bench.jmh;

import io.tactus.api.GraphOrderCallback;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.ProcessCallback;
import io.tactus.api.ShutdownCallback;
import io.tactus.api.TactusClient;
import io.tactus.api.XrunCallback;
import io.tactus.server.graph.ClientNode;
import io.tactus.server.graph.Graph;
import io.tactus.server.graph.PortNode;

import java.util.Arrays;
import java.util.List;

/**
 * A client written straight onto a {@link Graph}, with no server, controller or plan switching, so a
 * benchmark can run the real client classes ({@code Jt3Client}) on an engine it drives by hand. The
 * trade-off: nothing reaches the engine until the caller builds a plan and switches to it.
 */
final class GraphClient implements TactusClient {

    private final Graph graph;
    private final ClientNode node;
    private final int sampleRate;

    GraphClient(Graph graph, String name, int sampleRate) {
        this.graph = graph;
        this.node = graph.addClient(name);
        this.sampleRate = sampleRate;
    }

    @Override
    public String name() {
        return node.name();
    }

    @Override
    public int sampleRate() {
        return sampleRate;
    }

    @Override
    public int bufferSize() {
        return graph.nframes();
    }

    @Override
    public Port registerPort(String shortName, PortType type, PortFlag... flags) {
        boolean input = Arrays.asList(flags).contains(PortFlag.INPUT);
        boolean physical = Arrays.asList(flags).contains(PortFlag.PHYSICAL);
        return graph.addPort(node, shortName, input, physical);
    }

    @Override
    public void unregisterPort(Port port) {
        graph.removePort((PortNode) port);
    }

    @Override
    public void setProcessCallback(ProcessCallback callback) {
        node.setProcess(callback);
    }

    @Override
    public void setShutdownCallback(ShutdownCallback callback) {
        node.setShutdownCallback(callback);
    }

    @Override
    public void setXrunCallback(XrunCallback callback) {
        node.setXrunCallback(callback);
    }

    @Override
    public void setGraphOrderCallback(GraphOrderCallback callback) {
        node.setGraphOrderCallback(callback);
    }

    @Override
    public void activate() {
        graph.setActive(node, true);
    }

    @Override
    public void deactivate() {
        graph.setActive(node, false);
    }

    @Override
    public void connect(String source, String destination) {
        graph.connect(source, destination);
    }

    @Override
    public void disconnect(String source, String destination) {
        graph.disconnect(source, destination);
    }

    @Override
    public List<String> getPorts() {
        return graph.portNames();
    }

    @Override
    public List<String> getConnections(String port) {
        return graph.connectionsOf(port);
    }

    @Override
    public void close() {
        if (graph.clientOrNull(node.name()) == node) {
            graph.removeClient(node);
        }
    }
}
