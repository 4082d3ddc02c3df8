package io.tactus.api;

/**
 * Told, on a normal thread, to bring its ports' latencies up to date ({@code jack_set_latency_callback}): for
 * {@link LatencyMode#CAPTURE} set each output's capture latency from its inputs', for
 * {@link LatencyMode#PLAYBACK} each input's playback latency from its outputs' (adding what the client delays).
 * A client without one gets JACK's default: every output carries the span of its inputs, and the reverse.
 */
@FunctionalInterface
public interface LatencyCallback {

    void latency(LatencyMode mode);
}
