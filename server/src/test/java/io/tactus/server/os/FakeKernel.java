package io.tactus.server.os;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AccessDeniedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A fake {@code /proc} and cgroup v1 cpu hierarchy in plain files that refuses writes the way the kernel
 * did on the test machine (6.18, RT group scheduling): EINVAL when after the write a group's share
 * exceeds the global share, a group's children add up to more than the group, or a runtime exceeds its
 * period. It records every write, accepted or not, as {@code "relative/path=value"}.
 */
final class FakeKernel implements KernelFiles {

    final Path proc;
    final Path cgroup;
    final List<String> writes = new ArrayList<>();
    /** Writes to fail with this message, keyed by {@code "relative/path=value"}; removed when cleared. */
    final Map<String, IOException> failures = new HashMap<>();
    boolean writable = true;
    private final Path base;

    FakeKernel(Path base, long runtime, long period) throws IOException {
        this.base = base;
        this.proc = base.resolve("proc");
        this.cgroup = base.resolve("cgroup/cpu");
        Files.createDirectories(proc.resolve("sys/kernel"));
        Files.createDirectories(cgroup);
        put(proc.resolve("sys/kernel/sched_rt_runtime_us"), runtime);
        put(proc.resolve("sys/kernel/sched_rt_period_us"), period);
    }

    FakeKernel group(String relative, long runtime, long period) throws IOException {
        Path dir = relative.isEmpty() ? cgroup : cgroup.resolve(relative);
        Files.createDirectories(dir);
        put(dir.resolve("cpu.rt_runtime_us"), runtime);
        put(dir.resolve("cpu.rt_period_us"), period);
        Files.writeString(dir.resolve("cpu.shares"), "1024\n"); // other files are there too, and ignored
        return this;
    }

    KernelRtBudget budget() {
        return new KernelRtBudget(this, proc, cgroup);
    }

    KernelRtBudget sysctlOnly() {
        return new KernelRtBudget(this, proc, null);
    }

    long sysctl() throws IOException {
        return value(proc.resolve("sys/kernel/sched_rt_runtime_us"));
    }

    long runtime(String group) throws IOException {
        return value((group.isEmpty() ? cgroup : cgroup.resolve(group)).resolve("cpu.rt_runtime_us"));
    }

    String key(Path file, long value) {
        return base.relativize(file) + "=" + value;
    }

    @Override
    public String read(Path file) throws IOException {
        return Files.readString(file, StandardCharsets.US_ASCII);
    }

    @Override
    public void write(Path file, long value) throws IOException {
        String key = key(file, value);
        writes.add(key);
        IOException failure = failures.get(key);
        if (failure != null) {
            throw failure;
        }
        if (!writable) {
            throw new AccessDeniedException(file.toString());
        }
        long old = value(file);
        put(file, value);
        if (!valid()) {
            put(file, old);
            throw new IOException("Invalid argument");
        }
    }

    @Override
    public boolean writable(Path file) {
        return writable;
    }

    private boolean valid() throws IOException {
        long global = sysctl();
        long globalRatio = global < 0 ? Long.MAX_VALUE : ratio(value(proc.resolve("sys/kernel/sched_rt_period_us")), global);
        try (Stream<Path> files = Files.walk(cgroup)) {
            for (Path dir : files.filter(p -> Files.exists(p.resolve("cpu.rt_runtime_us"))).collect(Collectors.toList())) {
                long runtime = value(dir.resolve("cpu.rt_runtime_us"));
                long period = value(dir.resolve("cpu.rt_period_us"));
                if (runtime > period || ratio(period, runtime) > globalRatio) {
                    return false;
                }
                long children = 0;
                try (Stream<Path> subdirs = Files.list(dir)) {
                    for (Path sub : subdirs.filter(p -> Files.exists(p.resolve("cpu.rt_runtime_us"))).collect(Collectors.toList())) {
                        children += ratio(value(sub.resolve("cpu.rt_period_us")), value(sub.resolve("cpu.rt_runtime_us")));
                    }
                }
                if (children > ratio(period, runtime)) {
                    return false;
                }
            }
        }
        return true;
    }

    /** kernel/sched/core.c {@code to_ratio}: fixed point with 20 fractional bits, -1 is the whole unit. */
    private static long ratio(long period, long runtime) {
        return runtime < 0 ? 1L << 20 : (runtime << 20) / period;
    }

    private static long value(Path file) throws IOException {
        return Long.parseLong(Files.readString(file).trim());
    }

    private static void put(Path file, long value) throws IOException {
        Files.writeString(file, value + "\n");
    }
}
