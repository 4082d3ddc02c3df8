package io.tactus.server.driver.javasound;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.util.Arrays;

import static io.tactus.server.driver.javasound.JavaSoundFixtures.RATE;
import static io.tactus.server.driver.javasound.JavaSoundFixtures.device;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JavaSoundDriverAllocationTest {

    private static final int NFRAMES = 32;
    private static final int WARM_UP_PERIODS = 12_000;
    private static final int MEASURED_PERIODS = 1_000;
    private static final int WINDOWS = 3;

    @Test
    void shouldAllocateNothingInReadWriteAndXrunsAfterWarmUp() {
        JavaSoundDriver driver = new JavaSoundDriver(device(3));
        driver.open(RATE, NFRAMES);
        FloatBuffer[] buffers = {FloatBuffer.allocate(NFRAMES), FloatBuffer.allocate(NFRAMES)};
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try {
            // Four times faster than the device: the rings are by turns full and empty, so the copies and
            // the xrun paths are both taken, and compiled, before the measurement.
            runPeriods(driver, buffers, WARM_UP_PERIODS);
            io.tactus.server.JitQuiet.await();

            long[] allocated = new long[WINDOWS];
            for (int w = 0; w < WINDOWS; w++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                runPeriods(driver, buffers, MEASURED_PERIODS);
                allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
            }

            assertTrue(driver.playbackOverruns() > 0 && driver.framesWritten() > 0, "both write paths were taken");
            assertTrue(driver.captureUnderruns() > 0 || driver.captureOverruns() > 0, "an xrun path of read was taken");
            assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes allocated by read + write + xruns over "
                    + MEASURED_PERIODS + " periods, in each of " + WINDOWS + " windows: " + Arrays.toString(allocated));
        } finally {
            driver.close();
        }
    }

    /** The engine's calls each period, paced at four times the device's rate by spinning (no allocation). */
    private static void runPeriods(JavaSoundDriver driver, FloatBuffer[] buffers, int periods) {
        long step = 1_000_000_000L * NFRAMES / RATE / 4;
        long next = System.nanoTime();
        long sum = 0;
        for (int p = 0; p < periods; p++) {
            driver.read(buffers, NFRAMES);
            driver.write(buffers, NFRAMES);
            sum += driver.xruns();
            next += step;
            while (System.nanoTime() < next) {
                Thread.onSpinWait();
            }
        }
        if (sum < 0) {
            throw new AssertionError("never: keeps xruns() from being optimised away");
        }
    }
}
