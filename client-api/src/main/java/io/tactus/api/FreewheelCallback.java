package io.tactus.api;

/**
 * Told that the server starts or ends freewheeling, as JACK's {@code jack_set_freewheel_callback}: before the
 * client's first process call in (or after) freewheel, on the thread that runs that call, between two cycles.
 * While freewheeling the engine runs cycles as fast as the graph allows, off the driver's clock and off the
 * realtime class (an offline render).
 */
@FunctionalInterface
public interface FreewheelCallback {

    void freewheelChanged(boolean starting);
}
