package io.tactus.server.os;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;

class KernelRtBudgetCgroupMountTest {

    @TempDir
    Path dir;

    @Test
    void shouldFindTheCpuControllerMountedAlone() {
        List<String> mountinfo = List.of(
                "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755",
                "33 31 0:30 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct",
                "34 31 0:31 / /sys/fs/cgroup/cpuset rw,relatime - cgroup cgroup rw,cpuset",
                "32 31 0:29 / /sys/fs/cgroup/cpu rw,relatime - cgroup cgroup rw,cpu",
                "41 31 0:38 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw");

        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/cpu")), CpuCgroupMount.fromMountinfo(mountinfo));
    }

    @Test
    void shouldFindTheCpuControllerMountedWithCpuacctAndOptionalFields() {
        List<String> mountinfo = List.of(
                "27 22 0:24 / /sys/fs/cgroup/cpu,cpuacct rw,nosuid,nodev,noexec,relatime shared:9 - cgroup cgroup rw,cpu,cpuacct");

        assertEquals(Optional.of(Path.of("/sys/fs/cgroup/cpu,cpuacct")), CpuCgroupMount.fromMountinfo(mountinfo));
    }

    @Test
    void shouldIgnoreABindMountedSubtreeAndCgroupV2() {
        List<String> mountinfo = List.of(
                "27 22 0:24 /docker/abc /sys/fs/cgroup/cpu rw - cgroup cgroup rw,cpu",
                "28 22 0:25 / /sys/fs/cgroup rw - cgroup2 cgroup2 rw,nsdelegate");

        assertEquals(Optional.empty(), CpuCgroupMount.fromMountinfo(mountinfo));
    }

    @Test
    void shouldReadProcMountsAndUnescapeSpaces() {
        List<String> mounts = List.of(
                "cgroup /sys/fs/cgroup/cpuset cgroup rw,relatime,cpuset 0 0",
                "cgroup /mnt/my\\040cgroups cgroup rw,relatime,cpu 0 0");

        assertEquals(Optional.of(Path.of("/mnt/my cgroups")), CpuCgroupMount.fromMounts(mounts));
    }

    @Test
    void shouldUseTheMountOnlyWhenItHasRtGroupFiles() throws Exception {
        Path cpu = Files.createDirectories(dir.resolve("cg/cpu"));
        Path self = Files.createDirectories(dir.resolve("proc/self"));
        Files.writeString(self.resolve("mountinfo"), "32 31 0:29 / " + cpu + " rw,relatime - cgroup cgroup rw,cpu\n");

        assertEquals(Optional.empty(), KernelRtBudget.findCpuCgroup(dir.resolve("proc")), "no RT group scheduling");

        Files.writeString(cpu.resolve("cpu.rt_runtime_us"), "950000\n");
        assertEquals(Optional.of(cpu), KernelRtBudget.findCpuCgroup(dir.resolve("proc")));
    }

    @Test
    void shouldFallBackToProcMounts() throws Exception {
        Path cpu = Files.createDirectories(dir.resolve("cg/cpu"));
        Files.writeString(cpu.resolve("cpu.rt_runtime_us"), "950000\n");
        Files.createDirectories(dir.resolve("proc"));
        Files.writeString(dir.resolve("proc/mounts"), "cgroup " + cpu + " cgroup rw,cpu 0 0\n");

        assertEquals(Optional.of(cpu), KernelRtBudget.findCpuCgroup(dir.resolve("proc")));
    }
}
