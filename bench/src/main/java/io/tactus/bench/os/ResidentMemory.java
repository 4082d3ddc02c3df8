package io.tactus.bench.os;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This process's resident set size from {@code /proc/self/status}, to show that a long run does not leak. */
public final class ResidentMemory {

    private ResidentMemory() {
    }

    /** VmRSS in KiB, or -1 where there is no /proc. */
    public static long kilobytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmRSS:")) {
                    return Long.parseLong(line.replaceAll("[^0-9]", ""));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
