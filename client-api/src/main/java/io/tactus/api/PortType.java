package io.tactus.api;

/**
 * The kind of data a port carries. Only 32-bit float mono audio exists today, one buffer of
 * {@code nframes} samples per period, as JACK's default audio type.
 */
public enum PortType {
    AUDIO
}
