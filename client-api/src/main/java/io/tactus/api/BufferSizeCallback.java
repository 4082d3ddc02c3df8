package io.tactus.api;

/**
 * Told that the period size changed, as JACK's {@code jack_set_buffer_size_callback}: before the client's first
 * process call at the new size, on the thread that runs that call (the engine thread in the server's JVM, the
 * client's process thread in its own), between two cycles. It may allocate (resize its own buffers): it runs
 * once per switch, not per period.
 */
@FunctionalInterface
public interface BufferSizeCallback {

    void bufferSizeChanged(int nframes);
}
