package io.tactus.ipc;

import org.junit.jupiter.api.Test;

import java.nio.ByteBuffer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The one reply that may carry request id 0: the server's Error for a message it could not read. */
class ControlFrameTest {

    @Test
    void shouldCarryAnErrorForAnUnreadableMessageWithRequestIdZero() {
        ControlFrame error = new ControlFrame(0, new Reply.Error("message length 2147483648 exceeds the 65536-byte limit"));
        assertFalse(error.isNotification(), "an Error is a reply, whatever its id");
        ByteBuffer bytes = ControlCodec.encode(error);
        assertEquals(error, new ControlDecoder().decode(bytes));
    }

    @Test
    void shouldStillRefuseOtherRepliesAndRequestsWithRequestIdZero() {
        assertThrows(ProtocolException.class, () -> new ControlFrame(0, new Reply.Ok(MessageType.ACTIVATE)));
        assertThrows(ProtocolException.class, () -> new ControlFrame(0, new Request.Status()));
        assertTrue(ControlFrame.notification(new Notification.Xrun(1.5)).isNotification());
    }
}
