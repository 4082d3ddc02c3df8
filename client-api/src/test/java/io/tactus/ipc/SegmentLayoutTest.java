package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SegmentLayoutTest {

    @Test
    void shouldPlaceHeaderControlBlocksAndPortsOnSeparateCacheLines() {
        SegmentLayout layout = SegmentLayout.of(3, 5, 64);

        assertEquals(64, layout.triggerOffset(0));
        assertEquals(68, layout.doneOffset(0));
        assertEquals(72, layout.cycleOffset(0));
        assertEquals(80, layout.nframesOffset(0));
        assertEquals(128, layout.triggerOffset(1));
        assertEquals(64 + 3 * 64, layout.portOffset(0));
        assertEquals(256, layout.portStride());
        assertEquals(64 + 3 * 64 + 5 * 256, layout.size());
    }

    @Test
    void shouldPadPortBuffersToWholeCacheLines() {
        SegmentLayout layout = SegmentLayout.of(1, 3, 33);

        assertEquals(192, layout.portStride(), "33 floats = 132 bytes, padded to 3 lines");
        for (int port = 0; port < 3; port++) {
            assertEquals(0, layout.portOffset(port) % SegmentLayout.CACHE_LINE);
        }
        assertEquals(0, layout.size() % SegmentLayout.CACHE_LINE);
        assertTrue(layout.portOffset(2) + 33 * Float.BYTES <= layout.size());
    }

    @Test
    void shouldAlignFutexWordsAndTheCycleCounter() {
        SegmentLayout layout = SegmentLayout.of(4, 0, 128);
        for (int client = 0; client < 4; client++) {
            assertEquals(0, layout.triggerOffset(client) % 4);
            assertEquals(0, layout.doneOffset(client) % 4);
            assertEquals(0, layout.cycleOffset(client) % 8);
            assertEquals(0, layout.triggerOffset(client) % SegmentLayout.CACHE_LINE, "one line per client");
        }
    }

    @Test
    void shouldRejectImpossibleLayouts() {
        assertThrows(IllegalArgumentException.class, () -> SegmentLayout.of(-1, 1, 64));
        assertThrows(IllegalArgumentException.class, () -> SegmentLayout.of(1, 1, 0));
        assertThrows(IllegalArgumentException.class, () -> SegmentLayout.of(1, 1_000_000, 1_000_000));
        assertThrows(IndexOutOfBoundsException.class, () -> SegmentLayout.of(1, 2, 64).portOffset(2));
        assertThrows(IndexOutOfBoundsException.class, () -> SegmentLayout.of(1, 2, 64).triggerOffset(1));
    }

    @Test
    void shouldBeEqualForTheSameParameters() {
        assertEquals(SegmentLayout.of(2, 8, 64), SegmentLayout.of(2, 8, 64));
        assertEquals(SegmentLayout.of(2, 8, 64).hashCode(), SegmentLayout.of(2, 8, 64).hashCode());
    }
}
