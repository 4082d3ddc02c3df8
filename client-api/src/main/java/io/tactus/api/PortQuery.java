package io.tactus.api;

import java.util.Set;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * The filter of {@code jack_get_ports}: a regular expression the port's full name must contain a match of, one
 * its type's name ({@link PortType#jackName()}) must contain a match of, and flags it must all have. A null or
 * empty pattern and no flags match every port. Built where the call is made, so a pattern that is not a regular
 * expression fails there in one sentence and nothing is sent; the server builds it again from the same strings.
 */
public final class PortQuery {

    private final String namePattern;
    private final String typePattern;
    private final Pattern name;
    private final Pattern type;
    private final int flags;

    private PortQuery(String namePattern, String typePattern, int flags) {
        this.namePattern = namePattern == null ? "" : namePattern;
        this.typePattern = typePattern == null ? "" : typePattern;
        this.name = compile("port name", this.namePattern);
        this.type = compile("port type", this.typePattern);
        this.flags = flags;
    }

    /** @throws TactusException when a pattern is not a regular expression */
    public static PortQuery of(String namePattern, String typePattern, PortFlag... flags) {
        return new PortQuery(namePattern, typePattern, PortFlag.bits(flags));
    }

    /** From JACK's flag bits, as the control protocol carries them. */
    public static PortQuery of(String namePattern, String typePattern, int flagBits) {
        return new PortQuery(namePattern, typePattern, flagBits);
    }

    public String namePattern() {
        return namePattern;
    }

    public String typePattern() {
        return typePattern;
    }

    /** The flags a port must all have, as JACK's bits. */
    public int flagBits() {
        return flags;
    }

    /** Whether a port of that full name, type and flags is one the query asks for. */
    public boolean matches(String portName, PortType portType, Set<PortFlag> portFlags) {
        return (name == null || name.matcher(portName).find())
                && (type == null || type.matcher(portType.jackName()).find())
                && (PortFlag.bits(portFlags.toArray(new PortFlag[0])) & flags) == flags;
    }

    private static Pattern compile(String what, String pattern) {
        if (pattern.isEmpty()) {
            return null;
        }
        try {
            return Pattern.compile(pattern);
        } catch (PatternSyntaxException e) {
            throw new TactusException("the " + what + " pattern '" + pattern + "' is not a regular expression ("
                    + e.getDescription() + " at index " + e.getIndex() + "); fix it or leave it empty to match any");
        }
    }
}
