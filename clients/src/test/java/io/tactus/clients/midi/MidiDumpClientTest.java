package io.tactus.clients.midi;

import org.junit.jupiter.api.Test;

import static io.tactus.clients.midi.MidiDumpClient.format;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The dump's lines, as jack_midi_dump prints them: frame, bytes in hex, a name for the common messages. */
class MidiDumpClientTest {

    private static byte[] bytes(int... values) {
        byte[] b = new byte[values.length];
        for (int i = 0; i < values.length; i++) {
            b[i] = (byte) values[i];
        }
        return b;
    }

    @Test
    void shouldNameTheCommonChannelMessages() {
        assertEquals("48000: 90 40 64  note on (channel 1): key 64, velocity 100", format(48_000, bytes(0x90, 64, 100), 3));
        assertEquals("7: 8f 40 00  note off (channel 16): key 64, velocity 0", format(7, bytes(0x8F, 64, 0), 3));
        assertEquals("7: 99 4c 00  note off (channel 10): key 76, velocity 0", format(7, bytes(0x99, 76, 0), 3));
        assertEquals("0: b3 07 7f  control change (channel 4): controller 7, value 127", format(0, bytes(0xB3, 7, 127), 3));
        assertEquals("1: c0 05  program change (channel 1): program 5", format(1, bytes(0xC0, 5), 2));
        assertEquals("2: e0 00 40  pitch bend (channel 1): 0", format(2, bytes(0xE0, 0x00, 0x40), 3));
        assertEquals("2: e1 7f 7f  pitch bend (channel 2): 8191", format(2, bytes(0xE1, 0x7F, 0x7F), 3));
        assertEquals("2: e1 00 00  pitch bend (channel 2): -8192", format(2, bytes(0xE1, 0, 0), 3));
    }

    @Test
    void shouldPrintOtherMessagesAsBytesOnlyAndMarkALongOneTruncated() {
        assertEquals("123: f8", format(123, bytes(0xF8), 1));
        assertEquals("123: d0 40", format(123, bytes(0xD0, 0x40), 2));
        assertEquals("9: f0 7e 7f ... (SysEx of 6 bytes, truncated)", format(9, bytes(0xF0, 0x7E, 0x7F), 6));
    }
}
