package io.tactus.bench.jmh;

import io.tactus.api.TactusClient;
import io.tactus.server.GraphChanges;
import io.tactus.server.InProcessClient;
import io.tactus.server.graph.Graph;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * A {@link Graph} whose changes are applied to it alone, with no server, controller or plan switching, so a
 * benchmark can run the real client classes ({@code Jt3Client}) as the server's own {@link InProcessClient}s on
 * an engine it drives by hand. The trade-off: nothing reaches the engine until the caller builds a plan and
 * switches to it.
 */
final class HandDrivenGraph implements GraphChanges {

    private final Graph graph;

    private HandDrivenGraph(Graph graph) {
        this.graph = graph;
    }

    /** Adds a client named {@code name} to {@code graph}. */
    static TactusClient client(Graph graph, String name, int sampleRate) {
        return new InProcessClient(sampleRate, graph.nframes(), new HandDrivenGraph(graph), graph.addClient(name));
    }

    @Override
    public Graph graph() {
        return graph;
    }

    @Override
    public <T> T change(Function<Graph, T> change) {
        return change.apply(graph);
    }

    @Override
    public void changeVoid(Consumer<Graph> change) {
        change.accept(graph);
    }
}
