package io.tactus.bench.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether the kernel gives transparent huge pages to a process that asks for them
 * ({@code /sys/kernel/mm/transparent_hugepage/enabled} set to {@code always} or {@code madvise}). A JVM asked
 * with {@code -XX:+UseTransparentHugePages} where it is {@code never} warns and goes on without them.
 */
public final class TransparentHugePages {

    private static final Path ENABLED = Path.of("/sys/kernel/mm/transparent_hugepage/enabled");

    private TransparentHugePages() {
    }

    /** True when a process that asks (madvise) gets transparent huge pages here. */
    public static boolean available() {
        try {
            return available(Files.readString(ENABLED));
        } catch (IOException e) {
            return false;
        }
    }

    /** The setting's file as the kernel prints it, the one in force in brackets: "always [madvise] never". */
    static boolean available(String enabled) {
        return enabled.contains("[always]") || enabled.contains("[madvise]");
    }
}
