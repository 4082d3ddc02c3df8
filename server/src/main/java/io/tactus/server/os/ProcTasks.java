package io.tactus.server.os;

import io.tactus.rt.ThreadTasks;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The threads of a process as {@code /proc/PID/task} lists them, and per thread what the RT budget cares
 * about: whether it is realtime now and how long it has run. Plain file reads under a root that tests replace
 * by a fake tree; every read that fails (the thread or process is gone, not Linux) answers "none", never throws.
 * Each answer costs a file read, so callers keep the set of realtime threads and rescan it rarely. A read lands in
 * the calling thread's buffer and is parsed there: the governor's monitor reads every thread of 20 clients a
 * second, which through {@code Files.readString} (an 8 KiB array grown per read, a String, a split) was most of
 * what a server allocated.
 */
final class ProcTasks {

    /** The running kernel's {@code /proc}. */
    static final ProcTasks SYSTEM = new ProcTasks(Path.of("/proc"));

    /** A task's stat line is under 1 KiB; schedstat is three numbers. */
    private static final int BUFFER_BYTES = 4096;
    private static final ThreadLocal<byte[]> BUFFER = ThreadLocal.withInitial(() -> new byte[BUFFER_BYTES]);

    private final Path procRoot;
    private final String procPrefix;

    ProcTasks(Path procRoot) {
        this.procRoot = procRoot;
        this.procPrefix = procRoot + "/";
    }

    /** The thread ids of {@code process} ("self" or a pid) now; empty when it is gone. */
    List<Integer> threads(String process) {
        List<Integer> tids = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(procRoot.resolve(process).resolve("task"))) {
            for (Path task : tasks) {
                try {
                    tids.add(Integer.parseInt(task.getFileName().toString()));
                } catch (NumberFormatException notATask) {
                    // only numeric entries are threads
                }
            }
        } catch (IOException | RuntimeException gone) {
            return List.of();
        }
        return tids;
    }

    /** True when the kernel schedules the thread FIFO, RR or DEADLINE now; false when it is gone. */
    boolean realtime(String process, int tid) {
        byte[] buffer = BUFFER.get();
        try {
            return ThreadTasks.realtimeIn(buffer, read(file(process, tid, "/stat"), buffer));
        } catch (IOException | RuntimeException gone) {
            return false;
        }
    }

    /** CPU time the thread has run so far (schedstat's first field), in nanoseconds; -1 when it is gone. */
    long runtimeNanos(String process, int tid) {
        byte[] buffer = BUFFER.get();
        try {
            int length = read(file(process, tid, "/schedstat"), buffer);
            long nanos = 0;
            int i = 0;
            while (i < length && buffer[i] >= '0' && buffer[i] <= '9') {
                nanos = nanos * 10 + (buffer[i++] - '0');
            }
            return i == 0 ? -1 : nanos;
        } catch (IOException | RuntimeException gone) {
            return -1;
        }
    }

    /** Reads {@code file} into {@code buffer} (its first bytes, if longer) and returns how many bytes it holds. */
    private static int read(String file, byte[] buffer) throws IOException {
        try (RandomAccessFile in = new RandomAccessFile(file, "r")) {
            int length = 0;
            int n;
            while (length < buffer.length && (n = in.read(buffer, length, buffer.length - length)) > 0) {
                length += n;
            }
            return length;
        }
    }

    /** {@code /proc/PROCESS/task/TID} and {@code name}, as one string: a Path per part would be four objects. */
    private String file(String process, int tid, String name) {
        return procPrefix + process + "/task/" + tid + name;
    }
}
