package io.tactus.ipc.graph;

/**
 * Which cycle's figures a reader of the segment's clock and transport wants: a client's process thread, inside
 * its cycle, wants that cycle's (the engine may already have stamped the next one, in the other bank); any other
 * thread wants the newest. Allocation-free.
 */
@FunctionalInterface
public interface ReaderCycle {

    /** No cycle of its own: the newest stamp. */
    long NEWEST = -1;

    /** Every thread reads the newest stamp (a reader with no process thread, such as the command line). */
    ReaderCycle ALWAYS_NEWEST = () -> NEWEST;

    /** The graph cycle the calling thread is processing, or {@link #NEWEST}. */
    long cycle();
}
