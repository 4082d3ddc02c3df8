package io.tactus.ipc;

import java.util.Objects;

/**
 * A message with the request id that pairs a reply with its request. The id lives in the frame
 * header rather than in every record, so messages stay plain values; the price is this wrapper.
 * A request carries a non-zero id of the client's choosing, its reply echoes it, and a notification
 * carries 0, so a client can tell a reply from a notification from the header alone.
 */
public record ControlFrame(int requestId, ControlMessage message) {

    public ControlFrame {
        Objects.requireNonNull(message, "message");
        String label = message.type().label();
        if (message instanceof Notification && requestId != 0) {
            throw new ProtocolException("the " + label + " notification carries request id " + requestId
                    + " but notifications must carry 0");
        }
        if (!(message instanceof Notification) && requestId == 0) {
            throw new ProtocolException("the " + label + " message carries request id 0, which is reserved"
                    + " for notifications");
        }
    }

    public static ControlFrame notification(Notification message) {
        return new ControlFrame(0, message);
    }

    public boolean isNotification() {
        return requestId == 0;
    }
}
