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
    TERMINAL;

    /**
     * Whether {@code flags} make an input port: exactly one of INPUT and OUTPUT must be there, or the
     * sentence a user gets names the port and its client.
     *
     * @throws TactusException when neither or both are given
     */
    public static boolean isInput(String client, String shortName, PortFlag... flags) {
        boolean input = has(flags, INPUT);
        if (input == has(flags, OUTPUT)) {
            throw new TactusException("port '" + shortName + "' of client '" + client
                    + "' must be exactly one of INPUT or OUTPUT");
        }
        return input;
    }

    /** Whether {@code flag} is among {@code flags}. */
    public static boolean has(PortFlag[] flags, PortFlag flag) {
        for (PortFlag f : flags) {
            if (f == flag) {
                return true;
            }
        }
        return false;
    }
}
