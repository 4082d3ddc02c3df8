package io.tactus.javasound;

/**
 * Whether bytes are one whole MIDI message a Tactus port can carry: a status byte first, then exactly the data
 * bytes it takes, or a SysEx from 0xF0 to its 0xF7. A port's events carry no running status and no parts of a
 * SysEx, because every reader takes each event on its own; so a message the JDK's classes would let through
 * (a {@code SysexMessage} without its end, a {@code MidiMessage} subclass without a status) is refused here, with
 * the sentence a program's author needs, rather than turned into bytes a synthesizer misreads.
 */
final class MidiMessageCheck {

    private MidiMessageCheck() {
    }

    /** Null when the first {@code length} bytes of {@code m} are one whole message of at most {@code maxBytes}; else why not. */
    static String problem(byte[] m, int length, int maxBytes) {
        if (length < 1) {
            return "a MIDI message needs at least a status byte; this one is empty";
        }
        int status = m[0] & 0xff;
        if (status < 0x80) {
            return String.format("a MIDI message starts with a status byte (0x80 to 0xFF), not 0x%02X; Tactus ports "
                    + "carry no running status", status);
        }
        if (status == 0xF0) {
            return sysexProblem(m, length, maxBytes);
        }
        if (status == 0xF7) {
            return "a SysEx continuation (0xF7 first) cannot go to a Tactus port; send the whole SysEx from 0xF0 to 0xF7"
                    + " in one SysexMessage";
        }
        if (status == 0xFF && length > 1) {
            return "a MetaMessage belongs in a Sequence; a MIDI port carries only the events a Sequencer sends";
        }
        int data = dataBytes(status);
        if (data < 0) {
            return String.format("status 0x%02X is undefined in MIDI", status);
        }
        if (length != data + 1) {
            return String.format("a MIDI message with status 0x%02X has %d data bytes, not %d", status, data, length - 1);
        }
        for (int i = 1; i < length; i++) {
            if ((m[i] & 0x80) != 0) {
                return String.format("data byte %d of a MIDI message with status 0x%02X is 0x%02X; data bytes are below"
                        + " 0x80", i, status, m[i] & 0xff);
            }
        }
        return null;
    }

    private static String sysexProblem(byte[] m, int length, int maxBytes) {
        if (length < 2 || (m[length - 1] & 0xff) != 0xF7) {
            return String.format("a SysEx message ends with 0xF7; this one of %d bytes ends with 0x%02X", length,
                    m[length - 1] & 0xff);
        }
        if (length > maxBytes) {
            return "a SysEx message of " + length + " bytes is longer than the " + maxBytes
                    + " a Tactus MIDI port carries in a period";
        }
        for (int i = 1; i < length - 1; i++) {
            if ((m[i] & 0x80) != 0) {
                return String.format("byte %d of a SysEx message is 0x%02X; between 0xF0 and 0xF7 come only data bytes "
                        + "(below 0x80)", i, m[i] & 0xff);
            }
        }
        return null;
    }

    /** Data bytes after {@code status}, or -1 for the undefined 0xF4 and 0xF5. */
    private static int dataBytes(int status) {
        if (status < 0xF0) {
            int command = status & 0xF0;
            return command == 0xC0 || command == 0xD0 ? 1 : 2;
        }
        return switch (status) {
            case 0xF1, 0xF3 -> 1;
            case 0xF2 -> 2;
            case 0xF4, 0xF5 -> -1;
            default -> 0;
        };
    }
}
