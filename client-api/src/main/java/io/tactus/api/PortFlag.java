package io.tactus.api;

import java.util.EnumSet;
import java.util.Set;

/**
 * What a port is, as JACK's port flags say it. A port is exactly one of {@link #INPUT} or
 * {@link #OUTPUT}; {@link #PHYSICAL}, {@link #TERMINAL} and {@link #CAN_MONITOR} are descriptive and used
 * by tools such as {@code lsp} and automatic connection. Each flag has JACK's bit ({@link #bit()}), which is
 * how the control protocol carries a set of them.
 */
public enum PortFlag {
    /** The port receives audio; an input fed by several outputs receives their sum. */
    INPUT(0x1),
    /** The port produces audio. */
    OUTPUT(0x2),
    /** The port stands for a hardware channel (the driver's {@code system:*} ports). */
    PHYSICAL(0x4),
    /** Data ends or starts here: it is not passed through from another port. */
    TERMINAL(0x10),
    /** Input monitoring can be switched on for the port (JACK's {@code JackPortCanMonitor}). */
    CAN_MONITOR(0x8);

    private final int bit;

    PortFlag(int bit) {
        this.bit = bit;
    }

    /** JACK's value of the flag ({@code JackPortIsInput} is 0x1, ...). */
    public int bit() {
        return bit;
    }

    /** The flags' bits or'ed together, as JACK's {@code unsigned long flags}. */
    public static int bits(PortFlag... flags) {
        int bits = 0;
        for (PortFlag f : flags) {
            bits |= f.bit;
        }
        return bits;
    }

    /** The flags whose bits are set in {@code bits}; unknown bits are ignored. */
    public static Set<PortFlag> of(int bits) {
        Set<PortFlag> flags = EnumSet.noneOf(PortFlag.class);
        for (PortFlag f : values()) {
            if ((bits & f.bit) != 0) {
                flags.add(f);
            }
        }
        return flags;
    }

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
