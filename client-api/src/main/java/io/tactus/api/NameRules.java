package io.tactus.api;

/**
 * The characters a client or port name may hold, as JACK allows them and no more: any Unicode text (it
 * travels as UTF-8), except control characters (C0, DEL, C1) and the invisible bidirectional formatting
 * characters (embeddings, overrides, isolates and the LRM/RLM marks), and a client name holds no ':', which
 * separates it from the port in a full name. The refused ones make a name print as something else: a newline
 * in a port name gives {@code lsp} a line that looks like another port, a U+202E shows a name backwards.
 * The server's graph checks every name here, so in-process and socket clients are refused alike.
 */
public final class NameRules {

    private NameRules() {
    }

    /** Throws {@link TactusException} with one sentence when {@code name} may not name a client. */
    public static void requireClientName(String name) {
        if (name == null || name.isEmpty() || name.indexOf(':') >= 0) {
            throw new TactusException("client name '" + printable(name) + "' is not valid: it must be non-empty"
                    + " and contain no ':'");
        }
        requireCharacters("client name", name);
    }

    /** Throws {@link TactusException} with one sentence when {@code shortName} may not name a port. */
    public static void requirePortName(String clientName, String shortName) {
        if (shortName == null || shortName.isEmpty()) {
            throw new TactusException("a port of client '" + printable(clientName) + "' needs a non-empty name");
        }
        requireCharacters("port name", shortName);
    }

    /** An alias prints as a port name does ({@code lsp -A}), so it is held to the same characters. */
    public static void requireAlias(String alias) {
        if (alias == null || alias.isEmpty()) {
            throw new TactusException("an alias must have at least one character");
        }
        requireCharacters("alias", alias);
    }

    /** A metadata key is non-empty: an empty one stands for "every key" where a change is announced. */
    public static void requirePropertyKey(String key) {
        if (key == null || key.isEmpty()) {
            throw new TactusException("a property key must have at least one character, e.g. "
                    + MetadataKeys.PRETTY_NAME);
        }
    }

    private static void requireCharacters(String what, String name) {
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            if (Character.isSurrogate((char) c)) {
                throw new TactusException(what + " '" + printable(name) + "' is not valid text: it holds the lone"
                        + " surrogate " + code(c) + ", which has no UTF-8 form");
            }
            if (Character.getType(c) == Character.CONTROL) {
                throw new TactusException(what + " '" + printable(name) + "' holds the control character " + code(c)
                        + "; names may hold no control characters (newline, tab, NUL, ...)");
            }
            if (isBidiFormatting(c)) {
                throw new TactusException(what + " '" + printable(name) + "' holds the bidirectional formatting"
                        + " character " + code(c) + "; names may hold no bidirectional overrides, embeddings,"
                        + " isolates or marks");
            }
            i += Character.charCount(c);
        }
    }

    /** U+202A-U+202E (embeddings, overrides, pop), U+2066-U+2069 (isolates), U+200E and U+200F (marks). */
    private static boolean isBidiFormatting(int c) {
        return (c >= 0x202A && c <= 0x202E) || (c >= 0x2066 && c <= 0x2069) || c == 0x200E || c == 0x200F;
    }

    /** The name as it may be printed in a sentence: every refused character shown as its code, e.g. U+000A. */
    static String printable(String name) {
        if (name == null) {
            return "null";
        }
        StringBuilder b = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); ) {
            int c = name.codePointAt(i);
            boolean refused = Character.isSurrogate((char) c) || Character.getType(c) == Character.CONTROL
                    || isBidiFormatting(c);
            if (refused) {
                b.append('<').append(code(c)).append('>');
            } else {
                b.appendCodePoint(c);
            }
            i += Character.charCount(c);
        }
        return b.toString();
    }

    private static String code(int c) {
        return String.format(java.util.Locale.ROOT, "U+%04X", c);
    }
}
