package io.tactus.api;

/**
 * A request the server could not carry out. The message is one sentence that says what happened and,
 * where there is one, what to do; the server and every other client go on unaffected.
 */
public class TactusException extends RuntimeException {

    public TactusException(String message) {
        super(message);
    }

    public TactusException(String message, Throwable cause) {
        super(message, cause);
    }
}
