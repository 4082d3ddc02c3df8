package io.tactus.api;

/**
 * The client's audio work for one period. It runs on the server's realtime thread (in-process) or on
 * the client's realtime process thread (out-of-process), so it must not block, lock, allocate, log or
 * do I/O: every microsecond it takes is charged to this client, and a client whose own work overruns its
 * budget is the one the watchdog sheds.
 */
@FunctionalInterface
public interface ProcessCallback {

    /** Reads the input ports' buffers and writes the output ports' buffers for {@code nframes} frames. */
    void process(int nframes);
}
