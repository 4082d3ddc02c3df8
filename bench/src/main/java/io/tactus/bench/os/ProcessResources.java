package io.tactus.bench.os;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * What a process holds that a leak would grow: open file descriptors ({@code /proc/PID/fd}), threads
 * ({@code /proc/PID/task}, and of those the ones named {@code tactus…}, which are Tactus's own and not the JVM's
 * compiler or GC threads that come and go on demand), and files of a given prefix in a directory (a server's
 * shared-memory segments in {@code /dev/shm}). Each figure is -1 where it cannot be read.
 *
 * @param fileDescriptors open file descriptors
 * @param threads         all the process's threads
 * @param tactusThreads   threads whose kernel name starts with {@code tactus}
 * @param files           files in the directory whose name starts with the prefix
 */
public record ProcessResources(int fileDescriptors, int threads, int tactusThreads, int files) {

    /** The kernel's name of a thread is at most 15 characters: Java's thread names are cut to that. */
    private static final String TACTUS = "tactus";

    /** This process's figures, and the files in {@code directory} that start with {@code prefix}. */
    public static ProcessResources self(Path directory, String prefix) {
        return of(ProcessHandle.current().pid(), directory, prefix);
    }

    public static ProcessResources of(long pid, Path directory, String prefix) {
        Path proc = Path.of("/proc", Long.toString(pid));
        return new ProcessResources(count(proc.resolve("fd")), count(proc.resolve("task")), tactusThreads(proc),
                count(directory, prefix + "*"));
    }

    private static int count(Path directory) {
        return count(directory, "*");
    }

    private static int count(Path directory, String glob) {
        int n = 0;
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(directory, glob)) {
            for (Path ignored : entries) {
                n++;
            }
            return n;
        } catch (IOException e) {
            return -1;
        }
    }

    private static int tactusThreads(Path proc) {
        try (Stream<Path> tasks = Files.list(proc.resolve("task"))) {
            return (int) tasks.filter(task -> {
                try {
                    return Files.readString(task.resolve("comm")).startsWith(TACTUS);
                } catch (IOException gone) {
                    return false; // the thread ended between the listing and the read
                }
            }).count();
        } catch (IOException e) {
            return -1;
        }
    }
}
