package io.tactus.javasound;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

/** Which bytes a Tactus MIDI port carries as one event, and the sentence for those it does not. */
class MidiMessageCheckTest {

    private static String problem(int... bytes) {
        byte[] m = new byte[bytes.length];
        for (int i = 0; i < bytes.length; i++) {
            m[i] = (byte) bytes[i];
        }
        return MidiMessageCheck.problem(m, m.length, 16);
    }

    @Test
    void shouldAcceptWholeMessagesOfEveryKind() {
        assertNull(problem(0x90, 60, 100));
        assertNull(problem(0xC3, 5));
        assertNull(problem(0xF2, 1, 2));
        assertNull(problem(0xF8));
        assertNull(problem(0xFF));
        assertNull(problem(0xF0, 0x7D, 0x01, 0xF7));
    }

    @Test
    void shouldRefuseMalformedMessagesWithOneSentenceEach() {
        assertEquals("a MIDI message starts with a status byte (0x80 to 0xFF), not 0x3C; Tactus ports carry no running"
                + " status", problem(60, 100));
        assertEquals("a SysEx message ends with 0xF7; this one of 3 bytes ends with 0x01", problem(0xF0, 0x7D, 0x01));
        assertEquals("a MIDI message with status 0x90 has 2 data bytes, not 1", problem(0x90, 60));
        assertEquals("data byte 2 of a MIDI message with status 0x90 is 0x80; data bytes are below 0x80",
                problem(0x90, 60, 0x80));
        assertEquals("status 0xF4 is undefined in MIDI", problem(0xF4));
        assertEquals("a SysEx message of 17 bytes is longer than the 16 a Tactus MIDI port carries in a period",
                problem(0xF0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 0xF7));
        assertEquals("a MIDI message needs at least a status byte; this one is empty", problem());
    }
}
