package io.tactus.server;

import io.tactus.server.graph.Graph;

import java.util.function.Consumer;
import java.util.function.Function;

/**
 * Where an {@link InProcessClient}'s changes go. The server's {@link GraphController} switches the engine to
 * each resulting plan and waits for it; a benchmark that drives an engine by hand applies them to its graph
 * alone and builds the plan itself.
 */
public interface GraphChanges {

    Graph graph();

    <T> T change(Function<Graph, T> change);

    void changeVoid(Consumer<Graph> change);
}
