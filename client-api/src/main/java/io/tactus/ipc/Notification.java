package io.tactus.ipc;

import io.tactus.api.GraphEvent;
import io.tactus.api.LatencyMode;

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

    // Notifications and latency (issue 20)

    /**
     * A graph change, numbered per client from 1 in the order the server made the changes; the client turns it
     * into a {@link GraphEvent} for its callbacks.
     */
    sealed interface GraphChange extends Notification {
        GraphEvent event();

        /** The message that carries {@code event}. */
        static GraphChange of(GraphEvent e) {
            return switch (e.kind()) {
                case CLIENT_REGISTERED, CLIENT_UNREGISTERED -> new ClientRegistration(e.sequence(), e.name(),
                        e.kind() == GraphEvent.Kind.CLIENT_REGISTERED);
                case PORT_REGISTERED, PORT_UNREGISTERED -> new PortRegistration(e.sequence(), e.portId(), e.name(),
                        e.kind() == GraphEvent.Kind.PORT_REGISTERED);
                case PORTS_CONNECTED, PORTS_DISCONNECTED -> new PortConnect(e.sequence(), e.name(), e.otherName(),
                        e.kind() == GraphEvent.Kind.PORTS_CONNECTED);
                case PORT_RENAMED -> new PortRename(e.sequence(), e.portId(), e.name(), e.otherName());
                case CAPTURE_LATENCY, PLAYBACK_LATENCY -> new Latency(e.sequence(), e.kind() == GraphEvent.Kind.PLAYBACK_LATENCY);
                case BUFFER_SIZE_CHANGED -> new GraphBufferSize(e.sequence(), e.nframes());
                case FREEWHEEL_STARTED, FREEWHEEL_STOPPED -> new GraphFreewheel(e.sequence(),
                        e.kind() == GraphEvent.Kind.FREEWHEEL_STARTED);
            };
        }
    }

    record ClientRegistration(long sequence, String name, boolean registered) implements GraphChange {
        public ClientRegistration {
            ProtocolLimits.requireName("client name", name);
        }

        @Override
        public GraphEvent event() {
            return GraphEvent.client(name, registered).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.CLIENT_REGISTRATION;
        }
    }

    record PortRegistration(long sequence, int portId, String name, boolean registered) implements GraphChange {
        public PortRegistration {
            ProtocolLimits.requireFullName("port name", name);
        }

        @Override
        public GraphEvent event() {
            return GraphEvent.port(portId, name, registered).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_REGISTRATION;
        }
    }

    record PortConnect(long sequence, String source, String destination, boolean connected) implements GraphChange {
        public PortConnect {
            ProtocolLimits.requireFullName("source port name", source);
            ProtocolLimits.requireFullName("destination port name", destination);
        }

        @Override
        public GraphEvent event() {
            return GraphEvent.connection(source, destination, connected).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_CONNECT;
        }
    }

    record PortRename(long sequence, int portId, String oldName, String newName) implements GraphChange {
        public PortRename {
            ProtocolLimits.requireFullName("old port name", oldName);
            ProtocolLimits.requireFullName("new port name", newName);
        }

        @Override
        public GraphEvent event() {
            return GraphEvent.rename(portId, oldName, newName).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_RENAME;
        }
    }

    /** The latency callback's turn: capture, or playback when {@code playback}. */
    record Latency(long sequence, boolean playback) implements GraphChange {
        @Override
        public GraphEvent event() {
            return GraphEvent.latency(playback ? LatencyMode.PLAYBACK : LatencyMode.CAPTURE).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.LATENCY;
        }
    }

    /**
     * The engine switched to {@code nframes} per period, in its place among the graph's changes. Unlike
     * {@link BufferSizeChanged} (which feeds the client's callback when its process thread does not) every client
     * is sent this one.
     */
    record GraphBufferSize(long sequence, int nframes) implements GraphChange {
        @Override
        public GraphEvent event() {
            return GraphEvent.bufferSize(nframes).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.GRAPH_BUFFER_SIZE;
        }
    }

    /** The engine started ({@code on}) or ended freewheeling, in its place among the graph's changes. */
    record GraphFreewheel(long sequence, boolean on) implements GraphChange {
        @Override
        public GraphEvent event() {
            return GraphEvent.freewheel(on).withSequence(sequence);
        }

        @Override
        public MessageType type() {
            return MessageType.GRAPH_FREEWHEEL;
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
