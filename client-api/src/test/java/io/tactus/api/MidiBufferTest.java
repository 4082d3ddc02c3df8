package io.tactus.api;

import io.tactus.rt.StringConstants;
import org.junit.jupiter.api.Test;

import java.lang.management.ManagementFactory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MidiBufferTest {

    private static final int NFRAMES = 64;

    @Test
    void shouldReadBackWhatWasWrittenInFrameOrder() {
        MidiBuffer buffer = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, NFRAMES);
        assertTrue(buffer.write(0, 0x90, 60, 100));
        assertTrue(buffer.write(10, new byte[]{(byte) 0xF0, 1, 2, 3, (byte) 0xF7}, 0, 5));
        int reserved = buffer.reserve(10, 2);
        buffer.set(reserved, 0, 0xC0);
        buffer.set(reserved, 1, 5);

        assertEquals(3, buffer.eventCount());
        MidiEvent event = new MidiEvent();
        buffer.read(0, event);
        assertEquals(0, event.frame());
        assertEquals(3, event.size());
        assertEquals(0x90, event.get(0));
        assertEquals(100, event.get(2));
        buffer.read(1, event);
        assertEquals(10, event.frame());
        assertEquals(5, event.size());
        assertEquals(0xF7, event.get(4));
        assertEquals(0xC0, buffer.get(2, 0));
        assertEquals(5, buffer.get(2, 1));
        assertEquals(0, buffer.lostEvents());
    }

    @Test
    void shouldRefuseAndCountAWritePastCapacityOrOutOfOrder() {
        MidiBuffer buffer = MidiBuffer.allocate(MidiBuffer.HEADER + 2 * (MidiBuffer.ENTRY + 3), NFRAMES);
        assertTrue(buffer.write(5, 0x90, 60, 1));
        assertFalse(buffer.write(4, 0x90, 61, 1), "earlier than the last event");
        assertTrue(buffer.write(5, 0x90, 62, 1));
        assertEquals(0, buffer.maxEventSize());
        assertFalse(buffer.write(6, 0x90, 63, 1), "no room");
        assertEquals(-1, buffer.reserve(7, 1));
        assertEquals(2, buffer.eventCount());
        assertEquals(3, buffer.lostEvents());
        buffer.clear();
        assertEquals(0, buffer.eventCount());
        assertEquals(0, buffer.lostEvents());
        assertEquals(MidiBuffer.ENTRY + 2 * 3, buffer.maxEventSize(), "two entries free again, less the next one's");
    }

    @Test
    void shouldSayWhyAnEventOutsideThePeriodIsRefused() {
        MidiBuffer buffer = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, NFRAMES);
        assertEquals("a MIDI event at frame 64 is outside the period of 64 frames (0 to 63)",
                assertThrows(IllegalArgumentException.class, () -> buffer.write(64, 0x90, 60, 1)).getMessage());
        assertThrows(IllegalArgumentException.class, () -> buffer.reserve(-1, 3));
        assertThrows(IllegalArgumentException.class, () -> buffer.reserve(0, 0));
        assertEquals(0, buffer.lostEvents(), "a bad offset is a mistake, not a lost event");
    }

    @Test
    void shouldRefuseWritesThroughAnInputsReadOnlyView() {
        MidiBuffer buffer = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, NFRAMES);
        buffer.write(3, 0x80, 60, 0);
        MidiBuffer view = buffer.readOnlyView();
        assertEquals(1, view.eventCount());
        assertEquals(3, view.frame(0));
        assertThrows(IllegalStateException.class, view::clear);
        assertThrows(IllegalStateException.class, () -> view.write(4, 0x80, 61, 0));
        buffer.clear();
        assertEquals(0, view.eventCount(), "the view shares its source's memory");
    }

    @Test
    void shouldAllocateNothingWritingAndReadingEvents() {
        MidiBuffer buffer = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, NFRAMES);
        MidiBuffer view = buffer.readOnlyView();
        MidiEvent event = new MidiEvent();
        byte[] sysex = {(byte) 0xF0, 0x7E, 0x7F, (byte) 0xF7};
        long sum = cycles(buffer, view, event, sysex, 20_000); // warm-up: compile every path
        StringConstants.resolveInitialised(); // or a late C2 compile resolves this test's literals on this thread
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        long before = threads.getCurrentThreadAllocatedBytes();
        sum += cycles(buffer, view, event, sysex, 20_000);
        long allocated = threads.getCurrentThreadAllocatedBytes() - before;
        assertEquals(0, allocated, "bytes allocated by 20 000 periods of MIDI traffic");
        assertTrue(sum > 0);
    }

    private static long cycles(MidiBuffer buffer, MidiBuffer view, MidiEvent event, byte[] sysex, int periods) {
        long sum = 0;
        for (int p = 0; p < periods; p++) {
            buffer.clear();
            for (int f = 0; f < NFRAMES; f += 4) {
                buffer.write(f, 0x90, p & 0x7f, f);
            }
            buffer.write(NFRAMES - 1, sysex, 0, sysex.length);
            buffer.write(0, 0x80, 1, 1); // out of order: lost
            for (int i = 0; i < view.eventCount(); i++) {
                view.read(i, event);
                sum += event.frame() + event.get(0) + view.lostEvents();
            }
        }
        return sum;
    }
}
