package io.tactus.api;

/**
 * The server's transport as a client sees it (JACK's transport API): one state and position shared by
 * every client, which any client may start, stop and move. Requests take effect at the start of a later
 * cycle (the engine applies them at cycle boundaries), so every client sees the same state, frame and BBT
 * within a cycle. {@link #query} and {@link #frame} are allocation-free and may be called from the process
 * callback; the requests and callbacks' registration belong on a normal thread.
 */
public interface Transport {

    /** Fills {@code into} with the current position and returns the state ({@code jack_transport_query}). */
    TransportState query(TransportPosition into);

    /** The current frame position, allocation-free ({@code jack_get_current_transport_frame}). */
    long frame();

    /** Starts rolling (through STARTING while slow-sync clients get ready). */
    void start();

    void stop();

    /** Moves to {@code frame}; a negative frame is refused in one sentence. */
    void locate(long frame);

    /** Moves to {@code position}'s frame ({@code jack_transport_reposition}); BBT is the timebase master's. */
    void reposition(TransportPosition position);

    /** Makes this client a slow-sync client (null: no longer); see {@link SyncCallback}. */
    void setSyncCallback(SyncCallback callback);

    /** How long the transport waits in STARTING for slow-sync clients (JACK's default: 2 s). */
    void setSyncTimeout(long micros);

    /**
     * Makes this client the timebase master. With {@code conditional}, refused (one sentence) when another
     * client is master already; otherwise it takes over.
     */
    void setTimebaseCallback(boolean conditional, TimebaseCallback callback);

    /** Gives up being the timebase master; refused when this client is not. */
    void releaseTimebase();
}
