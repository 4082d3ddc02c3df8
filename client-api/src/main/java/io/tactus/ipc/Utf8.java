package io.tactus.ipc;

import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Strict UTF-8 both ways. {@link String#getBytes} would quietly turn a bad sequence into '?' and two
 * different names into one; a port name must arrive exactly as it was sent or not at all.
 */
final class Utf8 {

    private Utf8() {
    }

    static byte[] encode(String s) {
        Objects.requireNonNull(s, "string");
        try {
            ByteBuffer bytes = StandardCharsets.UTF_8.newEncoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .encode(CharBuffer.wrap(s));
            byte[] out = new byte[bytes.remaining()];
            bytes.get(out);
            return out;
        } catch (CharacterCodingException e) {
            throw new ProtocolException("a string holds an unpaired surrogate and cannot be sent as UTF-8");
        }
    }

    /** Decodes {@code length} bytes from {@code src}; the caller has checked they are there. */
    static String decode(ByteBuffer src, int length, String where) {
        ByteBuffer slice = src.slice(src.position(), length);
        src.position(src.position() + length);
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(slice)
                    .toString();
        } catch (CharacterCodingException e) {
            throw new ProtocolException("a string in the " + where + " message is not valid UTF-8");
        }
    }
}
