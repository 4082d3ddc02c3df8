package io.tactus.ipc;

import java.util.Objects;

/**
 * What the server tells a client unasked. Notifications carry request id 0 and may arrive between a
 * request and its reply, so a client reads them on the same socket without a second connection, at
 * the price of having to sort what it reads (see {@link ControlFrame#isNotification()}).
 */
public sealed interface Notification extends ControlMessage {

    /** The server is closing this client's connection; the reason becomes the shutdown callback's. */
    record Shutdown(String reason) implements Notification {
        public Shutdown {
            Objects.requireNonNull(reason, "reason");
        }

        @Override
        public MessageType type() {
            return MessageType.SHUTDOWN;
        }
    }

    /** A period missed its deadline by {@code lateMicros}; feeds the xrun callback. */
    record Xrun(double lateMicros) implements Notification {
        @Override
        public MessageType type() {
            return MessageType.XRUN;
        }
    }

    /** The graph's execution order changed; feeds the graph-order callback. */
    record GraphOrder() implements Notification {
        @Override
        public MessageType type() {
            return MessageType.GRAPH_ORDER;
        }
    }

    // Buffer size and freewheel at run time (issue 20)

    /**
     * The engine runs at {@code nframes} per period from now on. An active client of its own process learns it
     * first from the graph segment, before its first process call at the new size; this tells the others.
     */
    record BufferSizeChanged(int nframes) implements Notification {
        @Override
        public MessageType type() {
            return MessageType.BUFFER_SIZE_CHANGED;
        }
    }

    /** The engine started ({@code on}) or ended freewheeling; as {@link BufferSizeChanged}, for clients not running. */
    record FreewheelChanged(boolean on) implements Notification {
        @Override
        public MessageType type() {
            return MessageType.FREEWHEEL_CHANGED;
        }
    }
}
