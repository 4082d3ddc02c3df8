package io.tactus.api;

/**
 * The timebase master's work ({@code jack_set_timebase_callback}): each cycle that the transport rolls, and
 * after every reposition, it fills the BBT fields of the position every client will see in this cycle
 * (the frame is already set). In-process, it runs on the engine thread at the start of the cycle, under the
 * process callback's rules.
 */
@FunctionalInterface
public interface TimebaseCallback {

    /**
     * {@code newPosition} is true on the first call and after a locate or reposition: the master must compute
     * BBT from the frame rather than advance its previous value.
     */
    void timebase(TransportState state, int nframes, TransportPosition position, boolean newPosition);
}
