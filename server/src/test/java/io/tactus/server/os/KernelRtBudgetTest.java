package io.tactus.server.os;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class KernelRtBudgetTest {

    @TempDir
    Path dir;

    @Test
    void shouldGiveTheShareAsRuntimeOverPeriod() throws Exception {
        KernelRtBudget budget = new FakeKernel(dir, 950_000, 1_000_000).budget();

        assertEquals(0.95, budget.share(), 1e-12);
        assertEquals(950_000, budget.runtimeUs());
        assertEquals(1_000_000, budget.periodUs());
    }

    @Test
    void shouldGiveTheWholeShareWhenUnlimited() throws Exception {
        assertEquals(1.0, new FakeKernel(dir, -1, 1_000_000).budget().share());
    }

    @Test
    void shouldReadTheSysctlThroughThePublicConstructor() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 800_000, 1_000_000);

        assertEquals(0.8, new KernelRtBudget(kernel.proc).share(), 1e-12);
    }

    @Test
    void shouldReadTheRunningKernelsValuesWhole() throws Exception {
        Path runtime = Path.of("/proc/sys/kernel/sched_rt_runtime_us");
        assumeTrue(Files.isReadable(runtime), "Linux with /proc");

        // Sysctl files answer EOF to a read past offset 0; a reader that reads in pieces gets one digit.
        assertEquals(Files.readAllLines(runtime).get(0).trim(), Long.toString(KernelRtBudget.system().runtimeUs()));
        assertEquals(Files.readAllLines(runtime.resolveSibling("sched_rt_period_us")).get(0).trim(),
                Long.toString(KernelRtBudget.system().periodUs()));
    }

    @Test
    void shouldNameAMissingFile() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000);
        Files.delete(kernel.proc.resolve("sys/kernel/sched_rt_runtime_us"));

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().share());

        assertMentions(e, "sched_rt_runtime_us", "no such file");
    }

    @Test
    void shouldNameAFileThatHoldsNoNumber() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000);
        Files.writeString(kernel.proc.resolve("sys/kernel/sched_rt_period_us"), "soon\n");

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().share());

        assertMentions(e, "sched_rt_period_us", "'soon'");
    }

    @Test
    void shouldNameAnUnreadableCgroupFileAndWriteNothing() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000).group("", 950_000, 1_000_000)
                .group("a", 100_000, 1_000_000);
        Path file = kernel.cgroup.resolve("a/cpu.rt_period_us");
        Files.delete(file);
        Files.createDirectory(file); // a directory where a value should be: unreadable even for root

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().limitTo(50));

        assertMentions(e, file.toString());
        assertEquals(0, kernel.writes.size());
    }

    @ParameterizedTest
    @ValueSource(doubles = {0, 4.99, 100.01, -50, Double.NaN, Double.POSITIVE_INFINITY})
    void shouldRefuseAPercentageOutsideFiveToHundred(double percent) throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000).group("", 950_000, 1_000_000);

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().limitTo(percent));

        assertMentions(e, "--rt-limit", "between 5 and 100");
        assertEquals(0, kernel.writes.size());
    }

    @Test
    void shouldSayItNeedsRootWhenTheSysctlIsNotWritable() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000).group("", 950_000, 1_000_000);
        kernel.writable = false;

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().limitTo(50));

        assertEquals("--rt-limit needs root to write /proc/sys/kernel/sched_rt_runtime_us; "
                + "run as root or leave --rt-limit out", e.getMessage());
        assertEquals(0, kernel.writes.size());
    }

    static void assertMentions(Exception e, String... parts) {
        for (String part : parts) {
            assertTrue(e.getMessage().contains(part), () -> "'" + e.getMessage() + "' should mention " + part);
        }
    }
}
