package io.tactus.api;

/**
 * What a port is, as JACK's port flags say it. A port is exactly one of {@link #INPUT} or
 * {@link #OUTPUT}; {@link #PHYSICAL} and {@link #TERMINAL} are descriptive and used by tools such as
 * {@code lsp} and automatic connection.
 */
public enum PortFlag {
    /** The port receives audio; an input fed by several outputs receives their sum. */
    INPUT,
    /** The port produces audio. */
    OUTPUT,
    /** The port stands for a hardware channel (the driver's {@code system:*} ports). */
    PHYSICAL,
    /** Data ends or starts here: it is not passed through from another port. */
    TERMINAL
}
