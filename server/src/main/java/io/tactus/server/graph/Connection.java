package io.tactus.server.graph;

/**
 * An edge from an output port to an input port. A {@code feedback} connection closed a loop when it was made (as
 * JACK2 marks one): its reader runs before its writer and so hears the writer's output of the previous period, one
 * period late; the graph order and the activation counts do not follow it (see {@link Graph#connect}).
 */
public record Connection(PortNode source, PortNode destination, boolean feedback) {

    /** An ordinary, forward connection. */
    public Connection(PortNode source, PortNode destination) {
        this(source, destination, false);
    }

    /**
     * The client that runs first on this connection (JACK's activation edge goes from it to {@link #runsAfter}):
     * the writer of a forward connection, the reader of a feedback one, which so takes the previous period's output
     * before its writer overwrites it. The two are the same client for a loop-back, which orders nothing.
     */
    ClientNode runsFirst() {
        return feedback ? destination.client() : source.client();
    }

    ClientNode runsAfter() {
        return feedback ? source.client() : destination.client();
    }
}
