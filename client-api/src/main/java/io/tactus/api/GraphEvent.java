package io.tactus.api;

import java.util.Objects;

/**
 * One change of the server's graph as a client is told of it: JACK's client-registration, port-registration,
 * port-connect, port-rename, latency, buffer-size and freewheel notifications in one type, so that a client can see
 * them all in the order they happened. {@code sequence} counts this client's notifications from 1 without a gap; a gap means the
 * client read too slowly and the server dropped notifications to it (its queue is bounded).
 *
 * @param sequence  this client's count of graph notifications, from 1
 * @param kind      what changed
 * @param portId    the port's id for port registration and rename, else -1
 * @param name      the client's or port's full name; a connection's source; a renamed port's old name; for a
 *                  latency notification the empty string
 * @param otherName a connection's destination, a renamed port's new name, else the empty string
 * @param nframes   for a buffer-size change the new period size, else 0
 */
public record GraphEvent(long sequence, Kind kind, int portId, String name, String otherName, int nframes) {

    /** What changed. */
    public enum Kind {
        CLIENT_REGISTERED, CLIENT_UNREGISTERED, PORT_REGISTERED, PORT_UNREGISTERED, PORTS_CONNECTED,
        PORTS_DISCONNECTED, PORT_RENAMED,
        /** Recompute the capture latencies of your outputs (JACK's latency callback, capture mode). */
        CAPTURE_LATENCY,
        /** Recompute the playback latencies of your inputs (JACK's latency callback, playback mode). */
        PLAYBACK_LATENCY,
        /**
         * The engine runs at {@link #nframes()} per period from now on. Each client's {@link BufferSizeCallback} has
         * its own guarantee (before its first process call at the size); this one only says where in the sequence.
         */
        BUFFER_SIZE_CHANGED,
        /** The engine started freewheeling; the {@link FreewheelCallback}s are told as for a buffer size. */
        FREEWHEEL_STARTED,
        /** The engine ended freewheeling and is back on the driver's clock. */
        FREEWHEEL_STOPPED
    }

    public GraphEvent {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(otherName, "otherName");
    }

    public static GraphEvent client(String client, boolean registered) {
        return new GraphEvent(0, registered ? Kind.CLIENT_REGISTERED : Kind.CLIENT_UNREGISTERED, -1, client, "", 0);
    }

    public static GraphEvent port(int portId, String port, boolean registered) {
        return new GraphEvent(0, registered ? Kind.PORT_REGISTERED : Kind.PORT_UNREGISTERED, portId, port, "", 0);
    }

    public static GraphEvent connection(String source, String destination, boolean connected) {
        Kind kind = connected ? Kind.PORTS_CONNECTED : Kind.PORTS_DISCONNECTED;
        return new GraphEvent(0, kind, -1, source, destination, 0);
    }

    public static GraphEvent rename(int portId, String oldName, String newName) {
        return new GraphEvent(0, Kind.PORT_RENAMED, portId, oldName, newName, 0);
    }

    public static GraphEvent latency(LatencyMode mode) {
        Kind kind = mode == LatencyMode.CAPTURE ? Kind.CAPTURE_LATENCY : Kind.PLAYBACK_LATENCY;
        return new GraphEvent(0, kind, -1, "", "", 0);
    }

    public static GraphEvent bufferSize(int nframes) {
        return new GraphEvent(0, Kind.BUFFER_SIZE_CHANGED, -1, "", "", nframes);
    }

    public static GraphEvent freewheel(boolean on) {
        return new GraphEvent(0, on ? Kind.FREEWHEEL_STARTED : Kind.FREEWHEEL_STOPPED, -1, "", "", 0);
    }

    /** The same change as the {@code sequence}-th a client is told of. */
    public GraphEvent withSequence(long sequence) {
        return new GraphEvent(sequence, kind, portId, name, otherName, nframes);
    }

    /** The change without its sequence number, for comparing what two clients saw. */
    public GraphEvent withoutSequence() {
        return withSequence(0);
    }

    /** For a latency notification: which pass it asks for. */
    public LatencyMode latencyMode() {
        return switch (kind) {
            case CAPTURE_LATENCY -> LatencyMode.CAPTURE;
            case PLAYBACK_LATENCY -> LatencyMode.PLAYBACK;
            default -> throw new IllegalStateException(kind + " is not a latency notification");
        };
    }
}
