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
    void shouldSplitThisProcessesPssIntoItsThreeParts() {
        assumeTrue(java.nio.file.Files.exists(java.nio.file.Path.of("/proc/self/smaps_rollup")), "no smaps_rollup");
        ProportionalSetSize.Parts parts = ProportionalSetSize.selfParts();
        assertTrue(parts.anonKb() > 0 && parts.fileKb() >= 0 && parts.shmemKb() >= 0, parts.describe());
        // The kernel sums Pss from the same pages it splits (rounding per mapping aside).
        assertEquals(parts.totalKb(), parts.anonKb() + parts.fileKb() + parts.shmemKb(), 1024.0, parts.describe());
        assertTrue(parts.describe().matches("PSS [0-9.]+ MiB \\(anon [0-9.]+, file [0-9.]+, shmem [0-9.]+\\)"),
                parts.describe());
    }

    @Test
    void shouldSayMinusOneForAProcessThatIsNotThere() {
        assertEquals(-1, ProportionalSetSize.kilobytes(Long.MAX_VALUE));
    }
}
