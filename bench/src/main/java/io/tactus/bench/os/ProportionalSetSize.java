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

    /**
     * This process's Pss in KiB and its three parts (anonymous memory, file mappings, shared memory: for a ZGC
     * JVM mostly its heap, plus the server's segments), to tell which grows; null where there is no smaps_rollup.
     */
    public static Parts selfParts() {
        long[] kb = {-1, -1, -1, -1};
        String[] keys = {"Pss:", "Pss_Anon:", "Pss_File:", "Pss_Shmem:"};
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/smaps_rollup"))) {
                for (int k = 0; k < keys.length; k++) {
                    if (line.startsWith(keys[k])) {
                        kb[k] = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            }
        } catch (IOException | NumberFormatException e) {
            return null;
        }
        return kb[0] < 0 ? null : new Parts(kb[0], kb[1], kb[2], kb[3]);
    }

    /** A Pss and its parts, in KiB ({@code -1} for a part this kernel does not report). */
    public record Parts(long totalKb, long anonKb, long fileKb, long shmemKb) {

        /** "PSS 210.3 MiB (anon 70.1, file 3.4, shmem 124.0)". */
        public String describe() {
            return String.format("PSS %.1f MiB (anon %.1f, file %.1f, shmem %.1f)", totalKb / 1024.0, anonKb / 1024.0,
                    fileKb / 1024.0, shmemKb / 1024.0);
        }
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
