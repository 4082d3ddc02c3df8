package io.tactus.server.os;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The kernel's realtime budget: how much of each {@code sched_rt_period_us} realtime threads may run
 * before the kernel throttles them all ({@code sched_rt_runtime_us}, -1 for unlimited). Read by the
 * {@code governor} policy to set its ceiling, and lowered for a run by {@code --rt-limit} to test how
 * policies cope with a small budget.
 *
 * <p>With cgroup v1 RT group scheduling the global value alone cannot be lowered: the kernel refuses any
 * global budget below a group's, so {@link #limitTo} lowers the cpu cgroups first (children before
 * parents) and puts everything back in the reverse order. Reads go to the files every time (no caching):
 * cheap, and always what the kernel has now. The file roots are constructor arguments so the logic runs
 * against a fake tree in tests.
 */
public final class KernelRtBudget {

    public static final double MIN_PERCENT = 5;
    public static final double MAX_PERCENT = 100;

    private final KernelFiles files;
    private final Path runtimeFile;
    private final Path periodFile;
    private final Path cpuCgroupRoot;

    /**
     * The sysctl that holds the system-wide RT runtime; a {@link Path}, so callers' messages name it without copying
     * it.
     */
    public static final Path SYSCTL_PATH = Path.of("/proc/sys/kernel/sched_rt_runtime_us");

    /** True when this process may change the system-wide budget (it runs as root): what {@code --rt-limit} needs. */
    public static boolean systemWritable() {
        return Files.isWritable(SYSCTL_PATH);
    }

    /** The running kernel: {@code /proc}, and the cgroup v1 cpu hierarchy if it has RT group scheduling. */
    public static KernelRtBudget system() {
        return new KernelRtBudget(KernelFiles.DIRECT, Path.of("/proc"), findCpuCgroup(Path.of("/proc")).orElse(null));
    }

    /** Only the sysctl under {@code procRoot} (a fake {@code /proc}); no RT group scheduling. */
    public KernelRtBudget(Path procRoot) {
        this(KernelFiles.DIRECT, procRoot, null);
    }

    /** The sysctl under {@code procRoot} and the cgroup v1 cpu hierarchy rooted at {@code cpuCgroupRoot}. */
    public KernelRtBudget(Path procRoot, Path cpuCgroupRoot) {
        this(KernelFiles.DIRECT, procRoot, cpuCgroupRoot);
    }

    KernelRtBudget(KernelFiles files, Path procRoot, Path cpuCgroupRoot) {
        this.files = files;
        this.runtimeFile = procRoot.resolve("sys/kernel/sched_rt_runtime_us");
        this.periodFile = procRoot.resolve("sys/kernel/sched_rt_period_us");
        this.cpuCgroupRoot = cpuCgroupRoot;
    }

    /** The cgroup v1 cpu mount whose root group has {@code cpu.rt_runtime_us}, if any. */
    static Optional<Path> findCpuCgroup(Path procRoot) {
        Optional<Path> mount = readLines(procRoot.resolve("self/mountinfo")).flatMap(CpuCgroupMount::fromMountinfo)
                .or(() -> readLines(procRoot.resolve("mounts")).flatMap(CpuCgroupMount::fromMounts));
        return mount.filter(dir -> Files.exists(dir.resolve(RtGroup.RUNTIME)));
    }

    private static Optional<List<String>> readLines(Path file) {
        try {
            return Optional.of(Files.readAllLines(file));
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** {@code sched_rt_runtime_us}: -1 when unlimited. */
    public long runtimeUs() {
        return files.readLong(runtimeFile);
    }

    /** {@code sched_rt_period_us}. */
    public long periodUs() {
        return files.readLong(periodFile);
    }

    /** The share of each period realtime threads may use, in (0, 1]; 1.0 when unlimited. */
    public double share() {
        long runtime = runtimeUs();
        return runtime < 0 ? 1.0 : (double) runtime / periodUs();
    }

    /** The root of the cpu cgroup hierarchy whose RT budgets are adjusted too, if there is one. */
    public Optional<Path> cpuCgroupRoot() {
        return Optional.ofNullable(cpuCgroupRoot);
    }

    /**
     * Sets the global RT budget to {@code percent} % of the period (and the root cpu cgroup with it, after
     * shrinking child groups that would no longer fit) until the returned handle is closed.
     *
     * @param percent 5 to 100
     * @throws TactusException in one sentence when the percentage is out of range, the process is not root,
     *                         a file cannot be read, or the kernel refuses a write; nothing stays changed then
     */
    public RtLimit limitTo(double percent) {
        if (!(percent >= MIN_PERCENT && percent <= MAX_PERCENT)) {
            throw new TactusException("--rt-limit must be between 5 and 100 (percent of sched_rt_period_us), not " + percent);
        }
        long period = periodUs();
        long runtime = runtimeUs();
        if (period <= 0 || runtime > period) {
            throw new TactusException("the kernel reports an RT runtime of " + runtime + " us per " + period
                    + " us period, which makes no sense; check " + runtimeFile.getParent());
        }
        RtGroup root = cpuCgroupRoot == null ? null : RtGroup.read(files, cpuCgroupRoot);
        if (!files.writable(runtimeFile)) {
            throw new TactusException(RtLimit.NOT_ROOT);
        }
        long target = Math.round(period * percent / 100);
        RtLimit limit = new RtLimit(files, percent, target, period);
        limit.apply(RtLimitPlan.plan(runtimeFile, runtime, period, target, root));
        return limit;
    }
}
