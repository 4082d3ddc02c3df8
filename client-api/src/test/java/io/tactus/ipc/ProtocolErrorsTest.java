package io.tactus.ipc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import org.junit.jupiter.api.Test;

/** Every way a peer can break the protocol, each answered with one sentence. */
class ProtocolErrorsTest {

    @Test
    void shouldRefuseALengthOf2GBWithoutAllocatingIt() {
        long before = Allocation.currentThreadBytes();
        assertError("message length 2147483648 exceeds the 65536-byte limit",
                ByteBuffer.allocate(12).putInt(0x8000_0000).putInt(0x0001_0001).flip());
        assertTrue(Allocation.currentThreadBytes() - before < 1 << 20, "allocated less than 1 MiB");
    }

    @Test
    void shouldRefuseTheLargestSignedLength() {
        assertError("message length 2147483647 exceeds the 65536-byte limit",
                ByteBuffer.allocate(4).putInt(Integer.MAX_VALUE).flip());
    }

    @Test
    void shouldRefuseALengthOneOverTheLimit() {
        assertError("message length 65537 exceeds the 65536-byte limit",
                ByteBuffer.allocate(4).putInt(65537).flip());
    }

    @Test
    void shouldRefuseALengthShorterThanTheHeader() {
        assertError("message length 3 is shorter than the 8-byte header",
                ByteBuffer.allocate(7).putInt(3).put(new byte[3]).flip());
    }

    @Test
    void shouldRefuseAnotherProtocolVersion() {
        assertError("protocol version " + (ProtocolLimits.VERSION + 1) + " is not supported; this Tactus speaks version " + ProtocolLimits.VERSION,
                RawFrame.header(ProtocolLimits.VERSION + 1, MessageType.ACTIVATE.code(), 1).toBuffer());
    }

    @Test
    void shouldRefuseAnUnknownMessageType() {
        assertError("message type 999 is unknown to protocol version " + ProtocolLimits.VERSION,
                RawFrame.header(ProtocolLimits.VERSION, 999, 1).toBuffer());
    }

    @Test
    void shouldRefuseAFrameShorterThanItsFields() {
        assertError("the RegisterPort message is truncated: its next field needs 1 byte but 0 remain",
                RawFrame.header(MessageType.REGISTER_PORT, 1).string("in").toBuffer());
    }

    @Test
    void shouldRefuseAStringLongerThanItsFrame() {
        assertError("the Error message is truncated: its next field needs 300 bytes but 3 remain",
                RawFrame.header(MessageType.ERROR, 1).int16(300).bytes((byte) 'a', (byte) 'b', (byte) 'c')
                        .toBuffer());
    }

    @Test
    void shouldRefuseTrailingGarbageInsideAFrame() {
        assertError("the Activate message has 3 bytes of trailing garbage after its last field",
                RawFrame.header(MessageType.ACTIVATE, 1).bytes((byte) 1, (byte) 2, (byte) 3).toBuffer());
    }

    @Test
    void shouldRefuseAPortNameOf10kB() {
        assertError("the port name is 10000 bytes long but the limit is 255 bytes of UTF-8",
                RawFrame.header(MessageType.REGISTER_PORT, 1).string("p".repeat(10_000)).int8(1).bytes(new byte[8]).toBuffer());
    }

    @Test
    void shouldRefuseAClientNameOf256Bytes() {
        assertError("the client name is 256 bytes long but the limit is 255 bytes of UTF-8",
                RawFrame.header(MessageType.HELLO, 1).string("c".repeat(256)).bytes(new byte[12])
                        .string("normal").int8(1).toBuffer());
    }

    @Test
    void shouldRefuseAnEmptyClientName() {
        assertError("the client name is empty but must have at least one character",
                RawFrame.header(MessageType.HELLO, 1).string("").bytes(new byte[12]).string("normal").int8(1).toBuffer());
    }

    @Test
    void shouldRefuseANegativePortCount() {
        assertError("the PortList message announces -1 ports, and a count cannot be negative",
                RawFrame.header(MessageType.PORT_LIST, 1).int32(-1).toBuffer());
    }

    @Test
    void shouldRefuseANegativeConnectionCount() {
        assertError("the PortList message announces -5 connections, and a count cannot be negative",
                RawFrame.header(MessageType.PORT_LIST, 1).int32(1).string("a:in").int8(1).int32(0).int32(-5).toBuffer());
    }

    @Test
    void shouldRefuseAPortTypeItDoesNotKnowInAPortList() {
        assertError("port type 7 is not one this Tactus knows (0 audio, 1 MIDI)",
                RawFrame.header(MessageType.PORT_LIST, 1).int32(1).string("a:in").int8(1).int32(7).int32(0).toBuffer());
    }

    @Test
    void shouldRefuseACountTheFrameCannotHold() {
        assertError("the PortList message announces 2147483647 ports but holds only 0 bytes more",
                RawFrame.header(MessageType.PORT_LIST, 1).int32(Integer.MAX_VALUE).toBuffer());
    }

    @Test
    void shouldRefuseInvalidUtf8() {
        assertError("a string in the Error message is not valid UTF-8",
                RawFrame.header(MessageType.ERROR, 1).int16(2).bytes((byte) 0xC3, (byte) 0x28).toBuffer());
    }

    @Test
    void shouldRefuseABooleanThatIsNeitherZeroNorOne() {
        assertError("the ListPorts message holds 7 where a boolean (0 or 1) belongs",
                RawFrame.header(MessageType.LIST_PORTS, 1).int8(7).toBuffer());
    }

    @Test
    void shouldRefuseARequestWithoutARequestId() {
        assertError("the Status message carries request id 0, which is reserved for notifications",
                RawFrame.header(MessageType.STATUS, 0).toBuffer());
    }

    @Test
    void shouldRefuseANotificationWithARequestId() {
        assertError("the GraphOrder notification carries request id 3 but notifications must carry 0",
                RawFrame.header(MessageType.GRAPH_ORDER, 3).toBuffer());
    }

    @Test
    void shouldRefuseAnOkForAnUnknownType() {
        assertError("message type 999 is unknown to protocol version " + ProtocolLimits.VERSION,
                RawFrame.header(MessageType.OK, 1).int16(999).toBuffer());
    }

    @Test
    void shouldRefuseAnOkForANotification() {
        assertError("an Ok message can acknowledge only a request, not Xrun",
                RawFrame.header(MessageType.OK, 1).int16(MessageType.XRUN.code()).toBuffer());
    }

    private static void assertError(String expected, ByteBuffer wire) {
        var e = assertThrows(ProtocolException.class, () -> new ControlDecoder().decode(wire));
        assertEquals(expected, e.getMessage());
        Sentences.assertOneSentence(e.getMessage());
    }
}
