package io.tactus.javasound;

import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

class FrameRingTest {

    @Test
    void shouldDeliverFramesInOrderAcrossTheWrap() {
        FrameRing ring = new FrameRing(2, 5);
        FloatBuffer[] out = {FloatBuffer.allocate(3), FloatBuffer.allocate(3)};
        float next = 0;
        float expected = 0;
        for (int round = 0; round < 10; round++) {
            float[] frames = new float[6];
            for (int i = 0; i < 6; i += 2) {
                frames[i] = next;
                frames[i + 1] = -next;
                next++;
            }
            assertEquals(5, ring.writable());
            ring.write(frames, 3);
            assertEquals(3, ring.readInto(out, 3));
            for (int f = 0; f < 3; f++) {
                assertEquals(expected, out[0].get(f));
                assertEquals(-expected, out[1].get(f));
                expected++;
            }
        }
    }

    @Test
    void shouldHandOutOnlyWhatWasWrittenAndDiscardTheRest() {
        FrameRing ring = new FrameRing(1, 8);
        ring.write(new float[] {1, 2, 3}, 3);
        FloatBuffer[] out = {FloatBuffer.allocate(4)};
        assertEquals(2, ring.readInto(new FloatBuffer[] {FloatBuffer.allocate(2)}, 2));
        ring.write(new float[] {4, 5}, 2);
        assertEquals(3, ring.discard());
        assertEquals(0, ring.readable());
        assertEquals(0, ring.readInto(out, 4));
        assertEquals(8, ring.writable());
    }

    @Test
    void shouldCaptureFromPortsAndReadBackInterleaved() {
        FrameRing ring = new FrameRing(2, 4);
        FloatBuffer left = FloatBuffer.wrap(new float[] {1, 2, 3});
        FloatBuffer right = FloatBuffer.wrap(new float[] {-1, -2, -3});
        assertEquals(3, ring.writeFrom(new FloatBuffer[] {left, right}, 3));
        assertEquals(1, ring.writeFrom(new FloatBuffer[] {left, right}, 3), "a full ring takes only what fits");
        float[] read = new float[8];
        assertEquals(4, ring.read(read, 4));
        assertArrayEquals(new float[] {1, -1, 2, -2, 3, -3, 1, -1}, read);
    }

    @Test
    void shouldAllocateNothingOnTheRealtimeSide() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        FrameRing ring = new FrameRing(2, 256);
        FloatBuffer[] ports = {FloatBuffer.allocate(64), FloatBuffer.allocate(64)};
        float[] block = new float[128];
        for (int i = 0; i < 20_000; i++) { // warm-up: the JIT's own allocations stay out of the window
            ring.write(block, 64);
            ring.readInto(ports, 64);
            ring.writeFrom(ports, 64);
            ring.readInto(ports, 64);
        }
        // Three windows: a late JIT transition can land in one; a ring that allocated shows in all.
        long[] allocated = new long[3];
        for (int w = 0; w < allocated.length; w++) {
            long before = threads.getCurrentThreadAllocatedBytes();
            for (int i = 0; i < 1_000; i++) {
                ring.writeFrom(ports, 64);
                ring.readInto(ports, 64);
            }
            allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
        }
        assertEquals(0, java.util.Arrays.stream(allocated).min().orElseThrow(), "bytes allocated per window of "
                + "1000 writes and reads: " + java.util.Arrays.toString(allocated));
    }
}
