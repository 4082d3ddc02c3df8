package io.tactus.server.os;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A cgroup v1 cpu group's RT bandwidth ({@code cpu.rt_runtime_us} of {@code cpu.rt_period_us}) and its
 * child groups, read once. Runtime -1 means unlimited, which the kernel only allows while the global
 * budget is unlimited too.
 */
record RtGroup(Path dir, long runtimeUs, long periodUs, List<RtGroup> children) {

    static final String RUNTIME = "cpu.rt_runtime_us";
    static final String PERIOD = "cpu.rt_period_us";

    Path runtimeFile() {
        return dir.resolve(RUNTIME);
    }

    /** The runtime the kernel counts: an unlimited group counts as its whole period. */
    long effectiveRuntimeUs() {
        return runtimeUs < 0 ? periodUs : runtimeUs;
    }

    /** Reads {@code dir} and every directory below it that has an RT runtime file. */
    static RtGroup read(KernelFiles files, Path dir) {
        long runtime = files.readLong(dir.resolve(RUNTIME));
        long period = files.readLong(dir.resolve(PERIOD));
        List<Path> subdirs = new ArrayList<>();
        try (DirectoryStream<Path> entries = Files.newDirectoryStream(dir,
                p -> Files.isDirectory(p) && Files.exists(p.resolve(RUNTIME)))) {
            entries.forEach(subdirs::add);
        } catch (IOException e) {
            throw new TactusException("cannot list the cpu cgroup " + dir + " (" + KernelFiles.reason(e) + ")", e);
        }
        subdirs.sort(null);
        List<RtGroup> children = new ArrayList<>(subdirs.size());
        for (Path subdir : subdirs) {
            children.add(read(files, subdir));
        }
        return new RtGroup(dir, runtime, period, List.copyOf(children));
    }
}
