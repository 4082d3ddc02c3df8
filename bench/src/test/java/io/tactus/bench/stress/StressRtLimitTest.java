package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@code --rt-limit} always gives the kernel its budget back: after a run, and after a run that failed
 * once the budget was already lowered. Needs root (it writes /proc/sys/kernel/sched_rt_runtime_us); each
 * test keeps the limit for a second or two.
 */
class StressRtLimitTest {

    private static final Path RUNTIME = Path.of("/proc/sys/kernel/sched_rt_runtime_us");

    /** One read from offset 0: procfs sysctl files answer a second, offset read with end-of-file. */
    private static long runtime() throws IOException {
        try (InputStream in = Files.newInputStream(RUNTIME)) {
            return Long.parseLong(new String(in.readNBytes(64), StandardCharsets.US_ASCII).trim());
        }
    }

    private static StressSettings shortRun(double rtLimit) {
        return new StressSettings(2, 1, 64, 48_000, 1, 1, SchedulingSettings.fifo(70), 0, false, 200,
                io.tactus.bench.load.LoadKind.NONE, 0,
                new Degradation(WatchdogSettings.defaults(PolicyKind.GOVERNOR), HogSettings.none(), rtLimit, 0, 0));
    }

    @Test
    void shouldRunUnderTheLimitAndRestoreTheBudgetAfterwards() throws Exception {
        assumeTrue(Files.isWritable(RUNTIME), "needs root to write " + RUNTIME);
        long before = runtime();
        StressResult result = new StressTest(shortRun(50), System.err).run();
        assertEquals(before, runtime(), "the kernel's RT budget is back to its old value");
        assertTrue(result.watchdog().rtLimit().startsWith("50 % (sched_rt_runtime_us 500000 of 1000000"),
                result.watchdog().rtLimit());
        assertTrue(result.metrics().cycles() > 100, "the run ran under the limit: " + result.metrics().cycles() + " cycles");
    }

    @Test
    void shouldRestoreTheBudgetWhenTheRunFailsAfterLoweringIt() throws Exception {
        assumeTrue(Files.isWritable(RUNTIME), "needs root to write " + RUNTIME);
        long before = runtime();
        // A server of the stress test's name is already running in this JVM: the run lowers the budget,
        // then fails to start its own server.
        try (TactusServer squatter = TactusServer.start(ServerSettings.defaults().withName(StressTest.SERVER_NAME)
                .withDriver(new DummyDriver(1, 1)).withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE)))) {
            TactusException failure = assertThrows(TactusException.class, () -> new StressTest(shortRun(40), System.err).run());
            assertTrue(failure.getMessage().contains("already running"), failure.getMessage());
            assertEquals(before, runtime(), "restored although the run failed");
            assertTrue(squatter.cyclesRun() > 0);
        }
        TimeUnit.MILLISECONDS.sleep(1);
        assertEquals(before, runtime());
    }
}
