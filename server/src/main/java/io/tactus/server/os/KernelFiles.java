package io.tactus.server.os;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * The reads and writes of kernel tunables, behind an interface so the ordering rules can be tested
 * against a fake tree that refuses writes the way the kernel does. A value is written in one
 * {@code write()} call, as {@code echo} would, because procfs and cgroupfs parse each write whole.
 */
interface KernelFiles {

    String read(Path file) throws IOException;

    void write(Path file, long value) throws IOException;

    /** Whether this process may write {@code file} (for root, only a read-only mount says no). */
    boolean writable(Path file);

    /** The number in {@code file}, or one sentence naming the file and what went wrong. */
    default long readLong(Path file) {
        String text;
        try {
            text = read(file).trim();
        } catch (IOException e) {
            throw new TactusException("cannot read " + file + " (" + reason(e) + "); the kernel RT budget "
                    + "is only available on Linux with /proc and the cpu cgroup mounted", e);
        }
        try {
            return Long.parseLong(text);
        } catch (NumberFormatException e) {
            throw new TactusException("unexpected content '" + text + "' in " + file + "; expected a number of microseconds");
        }
    }

    /** A short reason for an I/O failure: the errno text where the JDK gives one. */
    static String reason(IOException e) {
        if (e instanceof NoSuchFileException) {
            return "no such file";
        }
        if (e instanceof AccessDeniedException) {
            return "permission denied";
        }
        return e.getMessage() != null ? e.getMessage() : e.getClass().getSimpleName();
    }

    KernelFiles DIRECT = new KernelFiles() {
        @Override
        public String read(Path file) throws IOException {
            // One read() from offset 0 with room to spare: sysctl files answer EOF to a read at any other
            // offset, and Files.readString (size hint 0 on procfs) would get just the first digit.
            try (InputStream in = Files.newInputStream(file)) {
                byte[] buffer = new byte[4096];
                return new String(buffer, 0, in.readNBytes(buffer, 0, buffer.length), StandardCharsets.US_ASCII);
            }
        }

        @Override
        public void write(Path file, long value) throws IOException {
            // No CREATE: a missing tunable is an error, never a new file.
            Files.write(file, (value + "\n").getBytes(StandardCharsets.US_ASCII),
                    StandardOpenOption.WRITE, StandardOpenOption.TRUNCATE_EXISTING);
        }

        @Override
        public boolean writable(Path file) {
            return Files.isWritable(file);
        }
    };
}
