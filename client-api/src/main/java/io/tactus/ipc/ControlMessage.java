package io.tactus.ipc;

/**
 * One message of the control protocol, as a plain value: records with no wire knowledge, so client
 * and server code match on them and only {@link ControlCodec} knows the bytes. The three sub-types
 * say who sends it and whether it answers a request; the request id that pairs a reply with its
 * request travels beside the message, in {@link ControlFrame}.
 */
public sealed interface ControlMessage permits Request, Reply, Notification {

    MessageType type();
}
