package io.tactus.bench.os;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ProportionalSetSizeTest {

    @Test
    void shouldReadThisProcessesPssBelowItsResidentSize() {
        assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/proc/self/smaps_rollup")), "no smaps_rollup");
        long pss = ProportionalSetSize.selfKilobytes();
        long rss = ResidentMemory.kilobytes();
        assertTrue(pss > 1024, "a JVM's Pss is more than 1 MiB: " + pss + " KiB");
        assertTrue(pss <= rss + 1024, "Pss " + pss + " KiB cannot exceed Rss " + rss + " KiB (read a moment apart)");
        assertEquals(pss / 1024, ProportionalSetSize.kilobytes(ProcessHandle.current().pid()) / 1024, 16.0);
    }

    @Test
    void shouldSayMinusOneForAProcessThatIsNotThere() {
        assertEquals(-1, ProportionalSetSize.kilobytes(Long.MAX_VALUE));
    }
}
