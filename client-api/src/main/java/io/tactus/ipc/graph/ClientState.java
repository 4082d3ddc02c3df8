package io.tactus.ipc.graph;

/**
 * The low half of an activation record's state word, as JACK2 names a client's states, plus the one
 * JACK2 has not: {@link #TIMED_OUT}, the server having stepped in for a late client. The codes are part
 * of the shared-memory protocol (docs/ipc-contract.md) and never change.
 */
public final class ClientState {

    /** Reset by the engine at cycle start; waiting for its feeders. */
    public static final int NOT_TRIGGERED = 0;
    /** Its count reached zero and its signal word was bumped; it has not begun. */
    public static final int TRIGGERED = 1;
    /** Its process thread has begun the cycle. */
    public static final int RUNNING = 2;
    /** It finished in time; its outputs are valid for the cycle and its successors were signalled. */
    public static final int FINISHED = 3;
    /** The server gave up on it: its outputs are silence this cycle, its successors were signalled for it. */
    public static final int TIMED_OUT = 4;

    private ClientState() {
    }

    /** "NOT_TRIGGERED" ... "TIMED_OUT", or "state N" for a code the protocol does not define. */
    public static String name(int state) {
        return switch (state) {
            case NOT_TRIGGERED -> "NOT_TRIGGERED";
            case TRIGGERED -> "TRIGGERED";
            case RUNNING -> "RUNNING";
            case FINISHED -> "FINISHED";
            case TIMED_OUT -> "TIMED_OUT";
            default -> "state " + state;
        };
    }
}
