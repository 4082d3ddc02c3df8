package io.tactus.api;

/**
 * JACK's two latency directions: capture latency is how long ago the signal at a port entered the system (it
 * grows downstream, from the driver's capture ports); playback latency is how long until the signal at a port
 * leaves it (it grows upstream, from the driver's playback ports).
 */
public enum LatencyMode {
    CAPTURE, PLAYBACK
}
