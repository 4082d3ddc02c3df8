package io.tactus.server.os;

import io.tactus.rt.ThreadTasks;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The threads of a process as {@code /proc/PID/task} lists them, and per thread what the RT budget cares
 * about: whether it is realtime now and how long it has run. Plain file reads under a root that tests replace
 * by a fake tree; every read that fails (the thread or process is gone, not Linux) answers "none", never throws.
 * Each answer costs a file read or two, so callers keep the set of realtime threads and rescan it rarely.
 */
final class ProcTasks {

    /** The running kernel's {@code /proc}. */
    static final ProcTasks SYSTEM = new ProcTasks(Path.of("/proc"));

    private final Path procRoot;

    ProcTasks(Path procRoot) {
        this.procRoot = procRoot;
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
        try {
            return ThreadTasks.realtimeIn(Files.readString(task(process, tid).resolve("stat")));
        } catch (IOException | RuntimeException gone) {
            return false;
        }
    }

    /** CPU time the thread has run so far (schedstat's first field), in nanoseconds; -1 when it is gone. */
    long runtimeNanos(String process, int tid) {
        try {
            String schedstat = Files.readString(task(process, tid).resolve("schedstat")).trim();
            int blank = schedstat.indexOf(' ');
            return Long.parseLong(blank < 0 ? schedstat : schedstat.substring(0, blank));
        } catch (IOException | RuntimeException gone) {
            return -1;
        }
    }

    private Path task(String process, int tid) {
        return procRoot.resolve(process).resolve("task").resolve(Integer.toString(tid));
    }
}
