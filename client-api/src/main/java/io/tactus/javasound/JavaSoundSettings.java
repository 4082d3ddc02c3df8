package io.tactus.javasound;

import io.tactus.api.ClientOptions;

import java.util.Properties;

/**
 * What a Java Sound program can tell the Tactus mixer, all through system properties because the program
 * itself is not changed: which server, which client name, where to connect, how much to buffer, and whether
 * the mixer shows itself at all. Read once per opened line, so a property set before {@code open()} counts.
 *
 * <p>The mixer is opt-in: the JDK asks class-path providers before its own, so a mixer that always offered
 * lines would capture every program (the server's own {@code javasound} driver included) that merely has the
 * client jar on its class path. It offers lines only when a Java Sound default-line property names it.
 */
record JavaSoundSettings(String serverName, String clientName, boolean connect, String playbackPrefix,
                         String capturePrefix, int bufferMillis) {

    /** The server to join; the same name {@code ./tactus server --name} takes. */
    static final String SERVER = "tactus.server";
    /** The client's name; made unique with "-2", "-3"... when the server has one of that name already. */
    static final String NAME = "tactus.javasound.name";
    /** {@code false}: register the ports but connect nothing. */
    static final String CONNECT = "tactus.javasound.connect";
    /** A playback line's {@code out_N} goes to {@code <prefix>N}. */
    static final String PLAYBACK = "tactus.javasound.playback";
    /** A capture line's {@code in_N} comes from {@code <prefix>N}. */
    static final String CAPTURE = "tactus.javasound.capture";
    /** Buffer of a line opened without a size, in milliseconds of the line's audio. */
    static final String BUFFER_MILLIS = "tactus.javasound.buffer.ms";
    /** {@code true}: offer both kinds of line even without the Java Sound properties (mixer chosen by name). */
    static final String ENABLE = "tactus.javasound";

    static final String SOURCE_LINE_PROPERTY = "javax.sound.sampled.SourceDataLine";
    static final String TARGET_LINE_PROPERTY = "javax.sound.sampled.TargetDataLine";

    static final String DEFAULT_CLIENT_NAME = "javasound";
    static final String DEFAULT_PLAYBACK = "system:playback_";
    static final String DEFAULT_CAPTURE = "system:capture_";
    /**
     * Long enough to ride out the tens of milliseconds a virtual machine may take to wake a parked writer and a
     * G1 pause in the program; short enough that stop and start still feel immediate. The JDK's own lines
     * default to half a second.
     */
    static final int DEFAULT_BUFFER_MILLIS = 200;
    static final int MAX_CLIENT_NAME = 48;

    static JavaSoundSettings current() {
        return of(System.getProperties());
    }

    static JavaSoundSettings of(Properties p) {
        String name = p.getProperty(NAME);
        return new JavaSoundSettings(
                p.getProperty(SERVER, ClientOptions.DEFAULT_SERVER),
                sanitize(name != null && !name.isBlank() ? name : programName(p.getProperty("sun.java.command"))),
                !"false".equalsIgnoreCase(p.getProperty(CONNECT, "true").trim()),
                p.getProperty(PLAYBACK, DEFAULT_PLAYBACK),
                p.getProperty(CAPTURE, DEFAULT_CAPTURE),
                millis(p.getProperty(BUFFER_MILLIS)));
    }

    /**
     * True when the property for {@code lineProperty} names this mixer or its provider, or {@value #ENABLE} is true.
     */
    static boolean offers(Properties p, String lineProperty) {
        if ("true".equalsIgnoreCase(p.getProperty(ENABLE, "").trim())) {
            return true;
        }
        return names(p.getProperty(lineProperty), TactusMixer.NAME, TactusMixerProvider.class);
    }

    /**
     * True when {@code value}, a default-device property in the JDK's syntax ("provider#name", "#name" or
     * "provider"), names the device {@code name} or the provider {@code provider}.
     */
    static boolean names(String value, String name, Class<?> provider) {
        if (value == null) {
            return false;
        }
        int hash = value.indexOf('#');
        String providerName = (hash < 0 ? value : value.substring(0, hash)).trim();
        String device = hash < 0 ? "" : value.substring(hash + 1).trim();
        return name.equals(device) || (device.isEmpty() && provider.getName().equals(providerName));
    }

    /** The main class's simple name or the jar's base name, from the launcher's {@code sun.java.command}. */
    static String programName(String command) {
        if (command == null || command.isBlank()) {
            return DEFAULT_CLIENT_NAME;
        }
        String first = command.trim().split("\\s+")[0];
        for (String suffix : new String[] {".jar", ".java"}) {
            if (first.endsWith(suffix)) {
                String file = first.substring(first.lastIndexOf('/') + 1);
                return file.substring(0, file.length() - suffix.length());
            }
        }
        return first.substring(first.lastIndexOf('.') + 1);
    }

    /** Letters, digits, '.', '_' and '-' survive; a client name must not hold ':' and should read well in lsp. */
    static String sanitize(String name) {
        String clean = name.replaceAll("[^A-Za-z0-9._-]", "_");
        if (clean.isEmpty() || clean.chars().allMatch(c -> c == '_')) {
            return DEFAULT_CLIENT_NAME;
        }
        return clean.length() > MAX_CLIENT_NAME ? clean.substring(0, MAX_CLIENT_NAME) : clean;
    }

    private static int millis(String value) {
        if (value == null || value.isBlank()) {
            return DEFAULT_BUFFER_MILLIS;
        }
        try {
            int ms = Integer.parseInt(value.trim());
            if (ms >= 5 && ms <= 10_000) {
                return ms;
            }
        } catch (NumberFormatException ignored) {
            // falls through to the sentence below
        }
        throw new IllegalArgumentException(BUFFER_MILLIS + " must be a whole number of milliseconds from 5 to 10000, not '"
                + value + "'");
    }
}
