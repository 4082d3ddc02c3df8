package io.tactus.bench.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A process's proportional set size from {@code /proc/PID/smaps_rollup}: its resident pages, each shared page
 * divided by the number of processes that map it. Unlike the resident set, it adds up over processes (twenty
 * client JVMs share one libjvm and one class-data archive) and does not count a ZGC heap's three views thrice.
 */
public final class ProportionalSetSize {

    private ProportionalSetSize() {
    }

    /** Pss of this process in KiB, or -1 where there is no smaps_rollup. */
    public static long selfKilobytes() {
        return kilobytes(Path.of("/proc/self/smaps_rollup"));
    }

    /** Pss of process {@code pid} in KiB, or -1 when it is gone or cannot be read. */
    public static long kilobytes(long pid) {
        return kilobytes(Path.of("/proc", Long.toString(pid), "smaps_rollup"));
    }

    static long kilobytes(Path rollup) {
        try {
            for (String line : Files.readAllLines(rollup)) {
                if (line.startsWith("Pss:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
