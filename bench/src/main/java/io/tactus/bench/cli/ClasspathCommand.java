package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.rt.JvmSafepoints;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.security.CodeSource;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code tactus classpath}: what a Java program needs on its class path to be a Tactus client: the
 * client-api jar and JNA, its one runtime dependency. The paths are where this JVM loaded them from, so
 * they are exactly the build the launcher runs (a jar after {@code mvn package}, classes in tests). With
 * {@code --java-options} it prints the JVM options a client's JVM should start with instead
 * ({@link JvmSafepoints#OPTIONS}), so that
 * {@code java $(tactus classpath --java-options) -cp "$(tactus classpath)" ...} gives a program all it needs.
 */
@Command(name = "classpath", mixinStandardHelpOptions = true,
        description = "Prints the class path a Java program needs to be a Tactus client (absolute paths, ':'-separated).")
public final class ClasspathCommand implements Callable<Integer> {

    @Option(names = "--java-options", description = "print the JVM options a realtime client should start with"
            + " (no periodic safepoint) instead of the class path")
    boolean javaOptions;

    @Override
    public Integer call() {
        System.out.println(javaOptions ? String.join(" ", JvmSafepoints.OPTIONS) : classpath());
        System.out.flush();
        return 0;
    }

    static String classpath() {
        Set<String> entries = new LinkedHashSet<>();
        entries.add(locationOf(io.tactus.api.Tactus.class, "the Tactus client API"));
        entries.add(locationOf(com.sun.jna.Native.class, "JNA"));
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static String locationOf(Class<?> type, String what) {
        CodeSource source = type.getProtectionDomain().getCodeSource();
        if (source == null || source.getLocation() == null) {
            throw new TactusException("cannot tell where " + what + " was loaded from; run this through ./tactus");
        }
        try {
            return Path.of(source.getLocation().toURI()).toAbsolutePath().normalize().toString();
        } catch (URISyntaxException | IllegalArgumentException e) {
            throw new TactusException("cannot tell where " + what + " was loaded from (" + source.getLocation() + ")");
        }
    }
}
