package io.tactus.server.driver.wav;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.nio.file.Path;

import static io.tactus.server.driver.wav.WavFixtures.NFRAMES;
import static io.tactus.server.driver.wav.WavFixtures.RATE;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WavDriverAllocationTest {

    private static final int WARM_UP_PERIODS = 20_000;
    private static final int MEASURED_PERIODS = 1_000;
    private static final int WINDOWS = 3;

    @TempDir
    Path dir;

    @ParameterizedTest(name = "direct buffers: {0}")
    @ValueSource(booleans = {true, false})
    void shouldAllocateNothingInReadAndWriteAfterWarmUp(boolean direct) throws Exception {
        int frames = (WARM_UP_PERIODS + WINDOWS * MEASURED_PERIODS + 10) * NFRAMES;
        Path in = WavFixtures.randomWav(dir.resolve("in.wav"), WavSampleFormat.PCM16, 2, frames, 11);
        WavDriver driver = new WavDriver(WavDriverSettings.of(in, dir.resolve("out.wav")));
        driver.open(RATE, NFRAMES);
        FloatBuffer[] capture = WavFixtures.buffers(2, direct);
        com.sun.management.ThreadMXBean threads =
                (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        try {
            runPeriods(driver, capture, WARM_UP_PERIODS);
            // Compiling and deoptimising cost the thread a few bytes; measure once the JIT is quiet,
            // with the same compiled method that warmed up.
            io.tactus.server.JitQuiet.await();

            // Several windows: the test's own loop may still be moved to C2 code once (a few dozen bytes,
            // the harness's, not the driver's); a driver that allocated per period would show in every window.
            long[] allocated = new long[WINDOWS];
            boolean more = true;
            for (int w = 0; w < WINDOWS; w++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                more &= runPeriods(driver, capture, MEASURED_PERIODS);
                allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
            }

            assertTrue(more, "the input lasts through the measurement");
            assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated by read + write over "
                    + MEASURED_PERIODS + " periods, in each of " + WINDOWS + " windows: " + java.util.Arrays.toString(allocated));
        } finally {
            driver.close();
        }
    }

    /** What the engine does with the driver each period: read capture, write it back as playback. */
    private static boolean runPeriods(WavDriver driver, FloatBuffer[] capture, int periods) {
        boolean more = true;
        for (int p = 0; p < periods; p++) {
            more &= driver.read(capture, NFRAMES);
            driver.write(capture, NFRAMES);
        }
        return more;
    }
}
