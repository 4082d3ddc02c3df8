package io.tactus.javasound;

import io.tactus.api.MidiBuffer;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The MIDI event ring on one thread: order, wrap-around of slots and bytes, and refusal when full. */
class MidiEventRingTest {

    @Test
    void shouldHandBackEventsInOrderWithTheirTimesAcrossTheWrapOfBothRings() {
        MidiEventRing ring = new MidiEventRing(3, 8);
        byte[] out = new byte[8];
        for (int i = 0; i < 20; i++) {
            assertTrue(ring.offer(1_000L * i, new byte[] {(byte) 0x90, (byte) i, 100}, 0, 3), "event " + i + " fits");
            assertEquals(1, ring.readable());
            assertEquals(1_000L * i, ring.headTime());
            assertEquals(3, ring.headLength());
            assertEquals(3, ring.poll(out));
            assertArrayEquals(new byte[] {(byte) 0x90, (byte) i, 100}, java.util.Arrays.copyOf(out, 3));
        }
    }

    @Test
    void shouldRefuseAnEventThatFindsNoSlotOrNoRoomForItsBytes() {
        MidiEventRing slots = new MidiEventRing(2, 64);
        assertTrue(slots.offer(-1, new byte[] {(byte) 0xF8}, 0, 1));
        assertTrue(slots.offer(-1, new byte[] {(byte) 0xF8}, 0, 1));
        assertFalse(slots.offer(-1, new byte[] {(byte) 0xF8}, 0, 1), "two slots, two events");
        MidiEventRing bytes = new MidiEventRing(8, 5);
        assertTrue(bytes.offer(0, new byte[] {(byte) 0x90, 60, 100}, 0, 3));
        assertFalse(bytes.offer(0, new byte[] {(byte) 0x80, 60, 0}, 0, 3), "five bytes hold one note, not two");
        assertEquals(1, bytes.readable(), "the refused event left nothing behind");
    }

    @Test
    void shouldMoveTheOldestEventIntoAPortBufferOnlyWhenItFits() {
        MidiEventRing ring = new MidiEventRing(4, 64);
        ring.offer(5, new byte[] {(byte) 0x90, 60, 100}, 0, 3);
        MidiBuffer buffer = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, 64);
        assertTrue(ring.moveHeadInto(buffer, 17));
        assertEquals(0, ring.readable());
        assertEquals(17, buffer.frame(0));
        assertEquals(60, buffer.get(0, 1));
        MidiEventRing back = new MidiEventRing(4, 64);
        assertTrue(back.offer(1_017, buffer, 0), "the realtime side copies a port's event in");
        assertEquals(1_017, back.headTime());
        assertEquals(3, back.headLength());
    }
}
