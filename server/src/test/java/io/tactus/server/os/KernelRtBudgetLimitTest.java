package io.tactus.server.os;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import static io.tactus.server.os.KernelRtBudgetTest.assertMentions;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class KernelRtBudgetLimitTest {

    private static final String SYSCTL = "proc/sys/kernel/sched_rt_runtime_us";
    private static final String ROOT = "cgroup/cpu/cpu.rt_runtime_us";

    @TempDir
    Path dir;

    private FakeKernel machine() throws IOException {
        return new FakeKernel(dir, 950_000, 1_000_000).group("", 950_000, 1_000_000);
    }

    @Test
    void fakeKernelShouldRefuseAGlobalBudgetBelowTheRootGroupAsTheRealOneDoes() throws Exception {
        FakeKernel kernel = machine();

        assertThrows(IOException.class, () -> kernel.write(kernel.proc.resolve("sys/kernel/sched_rt_runtime_us"), 500_000));

        assertEquals(950_000, kernel.sysctl());
    }

    @Test
    void shouldLowerTheRootGroupBeforeTheSysctl() throws Exception {
        FakeKernel kernel = machine();

        try (RtLimit limit = kernel.budget().limitTo(50)) {
            assertEquals(List.of(ROOT + "=500000", SYSCTL + "=500000"), kernel.writes);
            assertEquals(500_000, kernel.sysctl());
            assertEquals(500_000, kernel.runtime(""));
            assertEquals(500_000, limit.runtimeUs());
            assertEquals(1_000_000, limit.periodUs());
            assertEquals(0.5, kernel.budget().share());
        }
    }

    @Test
    void shouldRaiseTheSysctlBeforeTheRootGroupOnClose() throws Exception {
        FakeKernel kernel = machine();

        kernel.budget().limitTo(50).close();

        assertEquals(List.of(ROOT + "=500000", SYSCTL + "=500000", SYSCTL + "=950000", ROOT + "=950000"), kernel.writes);
        assertEquals(950_000, kernel.sysctl());
        assertEquals(950_000, kernel.runtime(""));
    }

    @Test
    void shouldShrinkChildrenBeforeTheirParentAndRestoreParentsFirst() throws Exception {
        FakeKernel kernel = machine().group("a", 600_000, 1_000_000).group("a/sub", 400_000, 1_000_000)
                .group("b", 300_000, 1_000_000);

        RtLimit limit = kernel.budget().limitTo(50);
        List<String> applied = List.copyOf(kernel.writes);
        limit.close();
        List<String> restored = kernel.writes.subList(applied.size(), kernel.writes.size());

        List<String> order = files(applied);
        assertEquals(List.of("cgroup/cpu/a/sub", "cgroup/cpu/a", "cgroup/cpu/b", "cgroup/cpu", "proc"), order);
        assertEquals(List.of("proc", "cgroup/cpu", "cgroup/cpu/b", "cgroup/cpu/a", "cgroup/cpu/a/sub"), files(restored));
        assertEquals(5, limit.writes().size());
        assertEquals(List.of(400_000L, 600_000L, 300_000L, 950_000L, 950_000L),
                limit.writes().stream().map(RtWrite::oldValue).toList());
        long a = limit.writes().get(1).newValue();
        long b = limit.writes().get(2).newValue();
        assertTrue(a + b <= 500_000 && a + b > 499_000, "children scaled to fill the new root budget: " + a + " + " + b);
        assertTrue(limit.writes().get(0).newValue() <= a, "sub fits under a");
        assertEquals(List.of(950_000L, 950_000L, 600_000L, 400_000L, 300_000L),
                List.of(kernel.sysctl(), kernel.runtime(""), kernel.runtime("a"), kernel.runtime("a/sub"), kernel.runtime("b")));
    }

    @Test
    void shouldLeaveChildrenThatStillFitAlone() throws Exception {
        FakeKernel kernel = machine().group("a", 100_000, 1_000_000).group("b", 200_000, 1_000_000);

        try (RtLimit limit = kernel.budget().limitTo(30)) {
            assertEquals(List.of(ROOT + "=300000", SYSCTL + "=300000"), kernel.writes);
        }
    }

    @Test
    void shouldScaleAGroupWithAnotherPeriodByItsShare() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000).group("", 475_000, 500_000);

        try (RtLimit limit = kernel.budget().limitTo(50)) {
            assertEquals(List.of(ROOT + "=250000", SYSCTL + "=500000"), kernel.writes);
        }
    }

    @Test
    void shouldWriteOnlyTheSysctlWithoutGroupScheduling() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, 950_000, 1_000_000);

        kernel.sysctlOnly().limitTo(25).close();

        assertEquals(List.of(SYSCTL + "=250000", SYSCTL + "=950000"), kernel.writes);
    }

    @Test
    void shouldRaiseTheSysctlFirstWhenTheLimitIsAboveTheCurrentBudget() throws Exception {
        FakeKernel kernel = machine();

        kernel.budget().limitTo(100).close();

        assertEquals(List.of(SYSCTL + "=1000000", ROOT + "=1000000", ROOT + "=950000", SYSCTL + "=950000"), kernel.writes);
    }

    @Test
    void shouldPutBackAnUnlimitedBudget() throws Exception {
        FakeKernel kernel = new FakeKernel(dir, -1, 1_000_000).group("", -1, 1_000_000);

        kernel.budget().limitTo(50).close();

        assertEquals(List.of(ROOT + "=500000", SYSCTL + "=500000", SYSCTL + "=-1", ROOT + "=-1"), kernel.writes);
    }

    @Test
    void shouldRestoreWhenTheBodyThrows() throws Exception {
        FakeKernel kernel = machine().group("a", 800_000, 1_000_000);
        IllegalStateException boom = new IllegalStateException("boom");

        RtLimit[] held = new RtLimit[1];
        IllegalStateException thrown = assertThrows(IllegalStateException.class, () -> {
            try (RtLimit limit = kernel.budget().limitTo(40)) {
                held[0] = limit;
                throw boom;
            }
        });

        assertSame(boom, thrown);
        assertEquals(0, thrown.getSuppressed().length);
        assertTrue(held[0].isRestored());
        assertEquals(List.of(950_000L, 950_000L, 800_000L), List.of(kernel.sysctl(), kernel.runtime(""), kernel.runtime("a")));
    }

    @Test
    void shouldRestoreOnceWhenClosedTwice() throws Exception {
        FakeKernel kernel = machine();
        RtLimit limit = kernel.budget().limitTo(50);

        limit.close();
        limit.close();

        assertEquals(4, kernel.writes.size());
    }

    @Test
    void shouldRestoreFromTheShutdownHookAndLeaveNothingForClose() throws Exception {
        FakeKernel kernel = machine();
        RtLimit limit = kernel.budget().limitTo(50);
        Thread hook = limit.shutdownHook();
        assertThrows(IllegalArgumentException.class, () -> Runtime.getRuntime().addShutdownHook(hook), "registered");

        hook.run(); // what the JVM does on Ctrl-C
        assertEquals(950_000, kernel.sysctl());
        assertEquals(950_000, kernel.runtime(""));
        limit.close();

        assertEquals(4, kernel.writes.size());
        assertFalse(Runtime.getRuntime().removeShutdownHook(hook), "close removes the hook");
    }

    @Test
    void shouldUndoEarlierWritesAndNameTheRefusedOne() throws Exception {
        FakeKernel kernel = machine();
        Path sysctl = kernel.proc.resolve("sys/kernel/sched_rt_runtime_us");
        kernel.failures.put(kernel.key(sysctl, 500_000), new IOException("Device or resource busy"));

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().limitTo(50));

        assertEquals("the kernel refused to write 500000 to " + sysctl + " (Device or resource busy); "
                + "the RT budget is unchanged", e.getMessage());
        assertEquals(List.of(ROOT + "=500000", SYSCTL + "=500000", ROOT + "=950000"), kernel.writes);
        assertEquals(950_000, kernel.runtime(""));
    }

    @Test
    void shouldSayItNeedsRootWhenTheKernelDeniesTheWrite() throws Exception {
        FakeKernel kernel = machine();
        kernel.failures.put(kernel.key(kernel.cgroup.resolve("cpu.rt_runtime_us"), 500_000),
                new java.nio.file.AccessDeniedException("cpu.rt_runtime_us"));

        TactusException e = assertThrows(TactusException.class, () -> kernel.budget().limitTo(50));

        assertEquals(RtLimit.NOT_ROOT + "; the RT budget is unchanged", e.getMessage());
    }

    @Test
    void shouldNameEachFileAndValueToWriteBackWhenRestoreFails() throws Exception {
        FakeKernel kernel = machine();
        Path sysctl = kernel.proc.resolve("sys/kernel/sched_rt_runtime_us");
        RtLimit limit = kernel.budget().limitTo(50);
        kernel.failures.put(kernel.key(sysctl, 950_000), new IOException("Input/output error"));

        TactusException e = assertThrows(TactusException.class, limit::close);

        // The root group cannot go back above the still lowered sysctl either: both are named, in order.
        assertEquals("could not restore the kernel RT budget (Input/output error); write it back by hand, in this "
                + "order: echo 950000 > " + sysctl + "; echo 950000 > " + kernel.cgroup.resolve("cpu.rt_runtime_us"),
                e.getMessage());
        assertFalse(limit.isRestored());

        kernel.failures.clear();
        limit.close(); // a retry, as the shutdown hook would
        assertTrue(limit.isRestored());
        assertEquals(950_000, kernel.sysctl());
        assertEquals(950_000, kernel.runtime(""));
        assertFalse(Runtime.getRuntime().removeShutdownHook(limit.shutdownHook()));
    }

    /** The directory part of each recorded write: which file, in which order. */
    private static List<String> files(List<String> writes) {
        return writes.stream().map(w -> w.startsWith("proc/") ? "proc" : w.substring(0, w.lastIndexOf('/'))).toList();
    }
}
