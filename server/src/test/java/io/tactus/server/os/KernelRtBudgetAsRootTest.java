package io.tactus.server.os;

import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * Lowers the real kernel RT budget to 50 % for a few milliseconds. The machine is shared: the limit is
 * held only while two files are read, and a finally block puts back every value it saw before, whatever
 * the code under test did.
 */
class KernelRtBudgetAsRootTest {

    private static final Path SYSCTL = Path.of("/proc/sys/kernel/sched_rt_runtime_us");

    @Test
    void shouldHalveTheBudgetAndPutEverythingBackWhenTheBodyThrows() throws Exception {
        assumeTrue(System.getProperty("os.name").startsWith("Linux"), "Linux only");
        assumeTrue("root".equals(System.getProperty("user.name")), "writing the RT budget needs root");
        KernelRtBudget budget = KernelRtBudget.system();
        Map<Path, String> before = snapshot(budget);
        try {
            long period = budget.periodUs();
            assertEquals(before.get(SYSCTL), Long.toString(budget.runtimeUs()), "the sysctl read whole");
            Path rootGroup = budget.cpuCgroupRoot().map(dir -> dir.resolve("cpu.rt_runtime_us")).orElse(null);
            long[] seen = {0, -2};
            RuntimeException boom = new RuntimeException("boom");

            RuntimeException thrown = assertThrows(RuntimeException.class, () -> {
                try (RtLimit limit = budget.limitTo(50)) {
                    seen[0] = budget.runtimeUs();
                    seen[1] = rootGroup == null ? -2 : Long.parseLong(read(rootGroup));
                    throw boom;
                }
            });

            assertSame(boom, thrown);
            assertEquals(period / 2, seen[0], "sched_rt_runtime_us under the limit");
            if (rootGroup != null) {
                long groupPeriod = Long.parseLong(read(rootGroup.resolveSibling("cpu.rt_period_us")));
                assertEquals(period / 2 * groupPeriod / period, seen[1], "root cpu cgroup under the limit");
            }
            assertEquals(before, snapshot(budget));
        } finally {
            putBack(before);
        }
    }

    /** The sysctl pair and every cgroup's RT runtime, parents before children. */
    private static Map<Path, String> snapshot(KernelRtBudget budget) throws IOException {
        Map<Path, String> values = new LinkedHashMap<>();
        values.put(SYSCTL, read(SYSCTL));
        values.put(SYSCTL.resolveSibling("sched_rt_period_us"), read(SYSCTL.resolveSibling("sched_rt_period_us")));
        if (budget.cpuCgroupRoot().isPresent()) {
            try (Stream<Path> files = Files.walk(budget.cpuCgroupRoot().get())) {
                for (Path file : files.filter(p -> p.getFileName().toString().equals("cpu.rt_runtime_us"))
                        .sorted(Comparator.comparingInt(Path::getNameCount)).collect(Collectors.toList())) {
                    values.put(file, read(file));
                }
            }
        }
        return values;
    }

    /** A whole /proc or cgroup value: readAllLines reads 8 KiB at once (sysctls answer EOF past offset 0). */
    private static String read(Path file) throws IOException {
        return Files.readAllLines(file).get(0).trim();
    }

    /** Writes back what differs: the sysctl first (raising), then groups parents first; twice, in case order mattered. */
    private static void putBack(Map<Path, String> before) {
        List<String> failed = new ArrayList<>();
        for (int pass = 0; pass < 2; pass++) {
            failed.clear();
            for (Map.Entry<Path, String> entry : before.entrySet()) {
                try {
                    if (!read(entry.getKey()).equals(entry.getValue())) {
                        Files.writeString(entry.getKey(), entry.getValue() + "\n");
                    }
                } catch (IOException e) {
                    failed.add("echo " + entry.getValue() + " > " + entry.getKey() + " (" + e.getMessage() + ")");
                }
            }
        }
        if (!failed.isEmpty()) {
            System.err.println("KernelRtBudgetAsRootTest could not put back: " + String.join("; ", failed));
        }
    }
}
