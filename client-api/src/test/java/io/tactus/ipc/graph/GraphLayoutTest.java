package io.tactus.ipc.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class GraphLayoutTest {

    private static final GraphLayout LAYOUT = GraphLayout.of(4, 3, 48);

    @Test
    void shouldPlaceTheDocumentedOffsets() {
        assertEquals(512, LAYOUT.recordOffset(0));
        assertEquals(512 + 512, LAYOUT.activationOffset(1));
        assertEquals(512 + 512 + 8, LAYOUT.signalOffset(1));
        assertEquals(512 + 512 + 16, LAYOUT.triggeredOffset(1));
        assertEquals(512 + 512 + 64, LAYOUT.stateOffset(1));
        assertEquals(512 + 512 + 72, LAYOUT.startedOffset(1));
        assertEquals(512 + 512 + 80, LAYOUT.finishedOffset(1));
        assertEquals(512 + 512 + 128, LAYOUT.feedersOffset(1, 0));
        assertEquals(512 + 512 + 132, LAYOUT.successorCountOffset(1, 0));
        assertEquals(512 + 512 + 136 + 4 * 29, LAYOUT.successorOffset(1, 0, 29));
        assertEquals(512 + 512 + 256, LAYOUT.feedersOffset(1, 1));
        assertEquals(512 + 512 + 384, LAYOUT.transportAnswersOffset(1));
        assertEquals(128, GraphLayout.clockOffset(0));
        assertEquals(192, GraphLayout.clockOffset(1));
        assertEquals(256, GraphLayout.transportOffset(0));
        assertEquals(384, GraphLayout.transportOffset(1));
        int portsStart = 512 + 4 * 512;
        int stride = 192 + 4096; // a slot holds a MIDI block of 4 KiB or 48 floats
        assertEquals(portsStart + 2 * stride, LAYOUT.validOffset(2));
        assertEquals(portsStart + 2 * stride + 8, LAYOUT.ownerOffset(2));
        assertEquals(portsStart + 2 * stride + 64, LAYOUT.sourceCountOffset(2, 0));
        assertEquals(portsStart + 2 * stride + 68 + 4 * 14, LAYOUT.sourceOffset(2, 0, 14));
        assertEquals(portsStart + 2 * stride + 128, LAYOUT.sourceCountOffset(2, 1));
        assertEquals(portsStart + 2 * stride + 192, LAYOUT.bufferOffset(2));
        assertEquals(portsStart + 3 * stride, LAYOUT.size());
    }

    @Test
    void shouldKeepWordsWrittenByDifferentProcessesOnDifferentCacheLines() {
        for (int r = 0; r < LAYOUT.records(); r++) {
            int predecessorsLine = LAYOUT.activationOffset(r) / 64;
            assertEquals(predecessorsLine, LAYOUT.signalOffset(r) / 64);
            assertEquals(predecessorsLine, LAYOUT.triggeredOffset(r) / 64);
            int clientLine = LAYOUT.stateOffset(r) / 64;
            assertEquals(clientLine, LAYOUT.finishedOffset(r) / 64);
            assertTrue(clientLine != predecessorsLine);
            assertTrue(LAYOUT.feedersOffset(r, 0) / 64 > clientLine, "the plan banks are read-mostly lines of their own");
            assertTrue(LAYOUT.transportAnswersOffset(r) / 64 > LAYOUT.feedersOffset(r, 1) / 64,
                    "the client's transport answers are lines of their own, after the plan banks");
            assertTrue(LAYOUT.transportAnswersOffset(r) + 128 <= LAYOUT.recordOffset(r) + GraphLayout.RECORD_BYTES);
        }
        for (int p = 0; p < LAYOUT.ports(); p++) {
            assertEquals(0, LAYOUT.validOffset(p) % 64);
            assertEquals(0, LAYOUT.bufferOffset(p) % 64);
        }
    }

    @Test
    void shouldAlignEveryWordToItsWidthAndOverlapNothing() {
        List<int[]> words = new ArrayList<>();
        for (int r = 0; r < LAYOUT.records(); r++) {
            words.add(new int[] {LAYOUT.activationOffset(r), 8});
            words.add(new int[] {LAYOUT.signalOffset(r), 4});
            words.add(new int[] {LAYOUT.triggeredOffset(r), 8});
            words.add(new int[] {LAYOUT.stateOffset(r), 8});
            words.add(new int[] {LAYOUT.startedOffset(r), 8});
            words.add(new int[] {LAYOUT.finishedOffset(r), 8});
            for (int b = 0; b < GraphLayout.BANKS; b++) {
                words.add(new int[] {LAYOUT.feedersOffset(r, b), 4});
                words.add(new int[] {LAYOUT.successorCountOffset(r, b), 4});
                for (int i = 0; i < GraphLayout.MAX_SUCCESSORS; i++) {
                    words.add(new int[] {LAYOUT.successorOffset(r, b, i), 4});
                }
            }
        }
        for (int p = 0; p < LAYOUT.ports(); p++) {
            words.add(new int[] {LAYOUT.validOffset(p), 8});
            words.add(new int[] {LAYOUT.ownerOffset(p), 4});
            for (int b = 0; b < GraphLayout.BANKS; b++) {
                words.add(new int[] {LAYOUT.sourceCountOffset(p, b), 4});
                for (int i = 0; i < GraphLayout.MAX_SOURCES; i++) {
                    words.add(new int[] {LAYOUT.sourceOffset(p, b, i), 4});
                }
            }
            words.add(new int[] {LAYOUT.bufferOffset(p), LAYOUT.nframes() * 4});
        }
        words.sort((a, b) -> Integer.compare(a[0], b[0]));
        int end = GraphLayout.HEADER_BYTES;
        for (int[] word : words) {
            assertEquals(0, word[0] % Math.min(word[1], 8), "offset " + word[0] + " is aligned to its width");
            assertTrue(word[0] >= end, "offset " + word[0] + " overlaps the word before it");
            end = word[0] + word[1];
        }
        assertTrue(end <= LAYOUT.size());
    }

    @Test
    void shouldRefuseOutOfRangeIndicesAndSizes() {
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.recordOffset(4));
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.portOffset(-1));
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.feedersOffset(0, 2));
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.successorOffset(0, 0, GraphLayout.MAX_SUCCESSORS));
        assertThrows(IllegalArgumentException.class, () -> LAYOUT.sourceOffset(0, 0, GraphLayout.MAX_SOURCES));
        assertThrows(IllegalArgumentException.class, () -> GraphLayout.of(0, 1, 64));
        assertThrows(IllegalArgumentException.class, () -> GraphLayout.of(1, 1 << 20, 1 << 12));
    }
}
