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

    // Metadata (issue 20)

    /**
     * A property changed ({@link io.tactus.api.PropertyChangeCallback}); an empty key stands for all of the
     * subject's keys (JACK's NULL key), subject 0 with it for every subject.
     */
    record PropertyChanged(long subject, String key, io.tactus.api.PropertyChange change) implements Notification {
        public PropertyChanged {
            Objects.requireNonNull(key, "key");
            Objects.requireNonNull(change, "change");
        }

        @Override
        public MessageType type() {
            return MessageType.PROPERTY_CHANGED;
        }
    }
}
