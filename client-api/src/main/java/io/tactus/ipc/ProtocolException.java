package io.tactus.ipc;

import io.tactus.api.TactusException;

/**
 * The peer sent bytes that are not a valid Tactus control message, or a message was built that could
 * not be sent. Received, it is fatal to the connection: the peer speaks something else, so close it
 * rather than guess where the next message starts. The message is one sentence naming the fault.
 */
public class ProtocolException extends TactusException {

    public ProtocolException(String message) {
        super(message);
    }
}
