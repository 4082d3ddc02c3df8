package io.tactus.ipc;

import java.util.Objects;

/**
 * A message with the request id that pairs a reply with its request. The id lives in the frame
 * header rather than in every record, so messages stay plain values; the price is this wrapper.
 * A request carries a non-zero id of the client's choosing, its reply echoes it, and a notification
 * carries 0. The one exception is an {@link Reply.Error} with id 0: the server's last word on a
 * connection whose message it could not read (so it cannot know the id) before it closes it.
 */
public record ControlFrame(int requestId, ControlMessage message) {

    public ControlFrame {
        Objects.requireNonNull(message, "message");
        String label = message.type().label();
        if (message instanceof Notification && requestId != 0) {
            throw new ProtocolException("the " + label + " notification carries request id " + requestId
                    + " but notifications must carry 0");
        }
        if (!(message instanceof Notification) && !(message instanceof Reply.Error) && requestId == 0) {
            throw new ProtocolException("the " + label + " message carries request id 0, which is reserved"
                    + " for notifications");
        }
    }

    public static ControlFrame notification(Notification message) {
        return new ControlFrame(0, message);
    }

    /** By type, not by id: an {@link Reply.Error} with id 0 is a reply to a request the server could not read. */
    public boolean isNotification() {
        return message instanceof Notification;
    }
}
