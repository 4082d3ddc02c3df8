package io.tactus.bench.rt;

import io.tactus.bench.cli.NativeLibrary;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

/**
 * The realtime paths' timed system calls call no malloc: a futex wait with a timeout, a wake and an absolute
 * {@code clock_nanosleep}, 2000 of each on a warmed-up thread of a real JVM, counted by glibc's malloc shim
 * ({@code native/target/lib/libtactus_malloc_count.so}, preloaded). The engine waits for its process clients and
 * for each period this way, and a process client's thread for each trigger; a malloc there takes glibc's arena
 * lock on a realtime thread (as a {@code long[]} timespec did: JNA's direct mapping copies an array through a
 * malloc'ed buffer at every call).
 */
class TimedCallsMallocSystemTest {

    @Test
    void shouldCallNoMallocInATimedWaitAWakeOrAnAbsoluteSleepAfterWarmUp() throws Exception {
        Path shim = NativeLibrary.locate().requireBuilt().resolve("libtactus_malloc_count.so");
        String output = runProbe(shim);
        assumeFalse(output.equals("unavailable"), "no futex or clock_nanosleep binding here");
        String[] words = output.split(" "); // baseline B calls C known K
        assertEquals(6, words.length, output);
        long baseline = Long.parseLong(words[1]);
        long calls = Long.parseLong(words[3]);
        long known = Long.parseLong(words[5]);
        System.out.println("timed calls under the malloc shim: " + output);
        assertTrue(known >= baseline + 1, "the shim counts this thread's mallocs: " + output);
        assertEquals(baseline, calls, TimedCallsMallocProbe.CALLS + " rounds of the timed calls, mallocs beyond two"
                + " reads of the count: " + output);
    }

    private static String runProbe(Path shim) throws IOException, InterruptedException {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder = new ProcessBuilder(List.of(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                TimedCallsMallocProbe.class.getName())).redirectErrorStream(true);
        builder.environment().put("LD_PRELOAD", shim.toString());
        Process probe = builder.start();
        try {
            assertTrue(probe.waitFor(120, TimeUnit.SECONDS), "the probe finished within 2 minutes");
            String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            assertEquals(0, probe.exitValue(), output);
            return output.lines().reduce((first, last) -> last).orElse("");
        } finally {
            probe.destroyForcibly();
        }
    }
}
