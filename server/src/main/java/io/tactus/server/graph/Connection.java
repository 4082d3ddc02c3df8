package io.tactus.server.graph;

/** An edge from an output port to an input port. */
public record Connection(PortNode source, PortNode destination) {
}
