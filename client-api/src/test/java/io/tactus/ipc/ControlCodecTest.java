package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

class ControlCodecTest {

    static List<ControlFrame> samples() {
        return Samples.everyMessageType();
    }

    @Test
    void samplesShouldCoverEveryMessageType() {
        Set<MessageType> covered = samples().stream().map(f -> f.message().type()).collect(Collectors.toSet());
        assertEquals(EnumSet.allOf(MessageType.class), covered);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void shouldRoundTripEveryMessageType(ControlFrame frame) {
        ByteBuffer wire = ControlCodec.encode(frame);
        assertEquals(wire.remaining() - 4, wire.getInt(0), "the length prefix counts what follows it");

        ControlDecoder decoder = new ControlDecoder();
        assertEquals(frame, decoder.decode(wire));
        assertFalse(wire.hasRemaining());
        decoder.endOfStream(); // nothing left over
    }

    @Test
    void shouldWriteTheDocumentedLayout() {
        ByteBuffer wire = ControlCodec.encode(17, new Request.RegisterPort("in", true));
        byte[] expected = {
            0, 0, 0, 21, // length of what follows
            0, 7, // version
            0, 2, // type RegisterPort
            0, 0, 0, 17, // request id
            0, 2, 'i', 'n', // string
            1, // isInput
            0, 0, 0, 0, // port type: audio
            0, 0, 0, 1 // flags: JackPortIsInput
        };
        byte[] actual = new byte[wire.remaining()];
        wire.get(actual);
        assertArrayEquals(expected, actual);
    }

    @Test
    void shouldCarryAMidiPortsTypeAndRefuseATypeItDoesNotKnow() {
        Request.RegisterPort midi = new Request.RegisterPort("midi_in", true, io.tactus.api.PortType.MIDI);
        assertEquals(new ControlFrame(3, midi), new ControlDecoder().decode(ControlCodec.encode(3, midi)));
        ByteBuffer wire = ControlCodec.encode(3, midi);
        wire.put(wire.limit() - 5, (byte) 7); // the type, before the flags' four bytes
        ProtocolException refused = assertThrows(ProtocolException.class, () -> new ControlDecoder().decode(wire));
        assertTrue(refused.getMessage().contains("port type 7 is not one this Tactus knows"), refused.getMessage());
    }

    @Test
    void shouldDecodeSeveralMessagesFromOneBuffer() {
        ByteBuffer all = concat(samples());
        ControlDecoder decoder = new ControlDecoder();
        List<ControlFrame> decoded = new ArrayList<>();
        for (ControlFrame f = decoder.decode(all); f != null; f = decoder.decode(all)) {
            decoded.add(f);
        }
        assertEquals(samples(), decoded);
        assertNull(decoder.decode(all));
    }

    @Test
    void shouldCarryNamesOfExactly255BytesInMultiByteCharacters() {
        String name = "ü".repeat(127) + "x"; // 254 + 1 bytes
        ControlFrame frame = new ControlFrame(1, new Request.RegisterPort(name, false));
        assertEquals(frame, new ControlDecoder().decode(ControlCodec.encode(frame)));
    }

    @Test
    void shouldCarryAMessageOfExactlyTheFrameLimit() {
        // header 8 + string length 2 + text = 65536
        String text = "e".repeat(ProtocolLimits.MAX_FRAME_LENGTH - 10);
        ControlFrame frame = new ControlFrame(5, new Reply.Error(text));
        ByteBuffer wire = ControlCodec.encode(frame);
        assertEquals(ProtocolLimits.MAX_FRAME_LENGTH, wire.getInt(0));
        assertEquals(frame, new ControlDecoder().decode(wire));
    }

    @Test
    void shouldTellNotificationsFromRepliesByTheirRequestId() {
        assertTrue(ControlFrame.notification(new Notification.GraphOrder()).isNotification());
        assertFalse(new ControlFrame(3, new Reply.Ok(MessageType.ACTIVATE)).isNotification());
        assertEquals(0, ControlCodec.encode(new Notification.Xrun(1.0)).getInt(8));
    }

    @Test
    void shouldRefuseToBuildAPortNameOf10kB() {
        var e = assertThrows(ProtocolException.class, () -> new Request.RegisterPort("p".repeat(10_000), true));
        assertEquals("the port name is 10000 bytes long but the limit is 255 bytes of UTF-8", e.getMessage());
    }

    @Test
    void shouldRefuseToBuildAnEmptyClientName() {
        var e = assertThrows(ProtocolException.class, () -> new Request.Hello("", 1, 1, "normal"));
        assertEquals("the client name is empty but must have at least one character", e.getMessage());
    }

    @Test
    void shouldRefuseToBuildAFullPortNameLongerThanTwoNamesAndAColon() {
        var e = assertThrows(ProtocolException.class,
                () -> new Request.Connect("a".repeat(512), "b:in"));
        assertEquals("the source port name is 512 bytes long but the limit is 511 bytes of UTF-8", e.getMessage());
    }

    @Test
    void shouldRefuseAnUnpairedSurrogate() {
        var e = assertThrows(ProtocolException.class, () -> new Request.UnregisterPort("in\uD800"));
        assertEquals("a string holds an unpaired surrogate and cannot be sent as UTF-8", e.getMessage());
    }

    @Test
    void shouldRefuseARequestWithIdZero() {
        var e = assertThrows(ProtocolException.class, () -> ControlCodec.encode(0, new Request.Activate()));
        assertEquals("the Activate message carries request id 0, which is reserved for notifications",
                e.getMessage());
    }

    @Test
    void shouldRefuseANotificationWithARequestId() {
        var e = assertThrows(ProtocolException.class, () -> ControlCodec.encode(5, new Notification.Xrun(1)));
        assertEquals("the Xrun notification carries request id 5 but notifications must carry 0", e.getMessage());
    }

    @Test
    void shouldRefuseAnOkForSomethingThatIsNotARequest() {
        var e = assertThrows(ProtocolException.class, () -> new Reply.Ok(MessageType.WELCOME));
        assertEquals("an Ok message can acknowledge only a request, not Welcome", e.getMessage());
    }

    @Test
    void shouldRefuseToEncodeAMessageOverTheFrameLimit() {
        // 200 ports of 400-byte names: 8 header + 4 count + 200 * (2 + 400 + 1 + 4 + 4) = 82212
        List<Reply.PortInfo> ports = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            ports.add(new Reply.PortInfo(String.format("%0400d", i), true, List.of()));
        }
        var e = assertThrows(ProtocolException.class,
                () -> ControlCodec.encode(1, new Reply.PortList(ports)));
        assertEquals("message length 82212 exceeds the 65536-byte limit", e.getMessage());
    }

    @Test
    void shouldRefuseToEncodeAStringLongerThanItsLengthField() {
        var e = assertThrows(ProtocolException.class,
                () -> ControlCodec.encode(1, new Reply.Error("x".repeat(70_000))));
        assertEquals("a string of 70000 bytes is too long to send; the limit is 65535 bytes of UTF-8",
                e.getMessage());
    }

    static ByteBuffer concat(List<ControlFrame> frames) {
        List<ByteBuffer> parts = frames.stream().map(ControlCodec::encode).toList();
        ByteBuffer all = ByteBuffer.allocate(parts.stream().mapToInt(ByteBuffer::remaining).sum());
        parts.forEach(all::put);
        return all.flip();
    }

    static byte[] concatBytes(List<ControlFrame> frames) {
        ByteBuffer all = concat(frames);
        return Arrays.copyOfRange(all.array(), 0, all.limit());
    }
}
