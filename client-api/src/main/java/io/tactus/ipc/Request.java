package io.tactus.ipc;

import io.tactus.api.PortType;

import java.util.Objects;

/**
 * What a client asks of the server; each gets exactly one {@link Reply} carrying the same request id.
 * Names are checked for size here, when the message is built, so an over-long name fails in the
 * client's own call instead of as a broken connection; whether a port exists is the server's answer.
 */
public sealed interface Request extends ControlMessage {

    /** The first request on a connection; answered by {@link Reply.Welcome}. */
    record Hello(String clientName, long pid, int processThreadTid, String priority) implements Request {
        public Hello {
            ProtocolLimits.requireName("client name", clientName);
            // The watchdog's shedding priority ("normal", "low", ...), a word the server parses.
            ProtocolLimits.requireName("client priority", priority);
        }

        @Override
        public MessageType type() {
            return MessageType.HELLO;
        }
    }

    /** A port of {@code portType} ({@link PortType#AUDIO} or MIDI). */
    record RegisterPort(String shortName, boolean isInput, PortType portType) implements Request {
        public RegisterPort {
            ProtocolLimits.requireName("port name", shortName);
            Objects.requireNonNull(portType, "portType");
        }

        public RegisterPort(String shortName, boolean isInput) {
            this(shortName, isInput, PortType.AUDIO);
        }

        @Override
        public MessageType type() {
            return MessageType.REGISTER_PORT;
        }
    }

    record UnregisterPort(String shortName) implements Request {
        public UnregisterPort {
            ProtocolLimits.requireName("port name", shortName);
        }

        @Override
        public MessageType type() {
            return MessageType.UNREGISTER_PORT;
        }
    }

    /** Both ends are full {@code client:port} names, so any client can connect any two ports. */
    record Connect(String source, String destination) implements Request {
        public Connect {
            ProtocolLimits.requireFullName("source port name", source);
            ProtocolLimits.requireFullName("destination port name", destination);
        }

        @Override
        public MessageType type() {
            return MessageType.CONNECT;
        }
    }

    record Disconnect(String source, String destination) implements Request {
        public Disconnect {
            ProtocolLimits.requireFullName("source port name", source);
            ProtocolLimits.requireFullName("destination port name", destination);
        }

        @Override
        public MessageType type() {
            return MessageType.DISCONNECT;
        }
    }

    record Activate() implements Request {
        @Override
        public MessageType type() {
            return MessageType.ACTIVATE;
        }
    }

    record Deactivate() implements Request {
        @Override
        public MessageType type() {
            return MessageType.DEACTIVATE;
        }
    }

    /** Without connections the reply is smaller, which is all {@code lsp} without {@code -c} needs. */
    record ListPorts(boolean withConnections) implements Request {
        @Override
        public MessageType type() {
            return MessageType.LIST_PORTS;
        }
    }

    record Status() implements Request {
        @Override
        public MessageType type() {
            return MessageType.STATUS;
        }
    }

    /** Asks for {@code tactus top}'s view: every client as the watchdog sees it. */
    record Top() implements Request {
        @Override
        public MessageType type() {
            return MessageType.TOP;
        }
    }

    /** Asks for the transport's state and position; answered by {@link Reply.TransportReport}. */
    record TransportQuery() implements Request {
        @Override
        public MessageType type() {
            return MessageType.TRANSPORT_QUERY;
        }
    }

    /**
     * Moves the transport: {@code action} is one of {@link #ACTIONS}; {@code frame} is read by "locate",
     * {@code beatsPerMinute} by "tempo" (the server's own timebase), both 0 otherwise. Answered by
     * {@link Reply.Ok}, or an error sentence for a bad frame or tempo.
     */
    record TransportRequest(String action, long frame, double beatsPerMinute) implements Request {
        public static final java.util.List<String> ACTIONS = java.util.List.of("start", "stop", "locate", "tempo");

        public TransportRequest {
            if (!ACTIONS.contains(action)) {
                throw new ProtocolException("the transport action is not one of " + String.join(", ", ACTIONS));
            }
        }

        @Override
        public MessageType type() {
            return MessageType.TRANSPORT_REQUEST;
        }
    }

    /** Leaves cleanly; the server answers {@link Reply.Ok} and closes. Closing the socket also works. */
    record Goodbye() implements Request {
        @Override
        public MessageType type() {
            return MessageType.GOODBYE;
        }
    }

    // Notifications and latency (issue 20)

    /** Sets a latency range of one of the sender's own ports; {@code playback} picks the direction. */
    record SetLatencyRange(String shortName, boolean playback, int min, int max) implements Request {
        public SetLatencyRange {
            ProtocolLimits.requireName("port name", shortName);
        }

        @Override
        public MessageType type() {
            return MessageType.SET_LATENCY_RANGE;
        }
    }

    /** Asks for the latency range of any port; answered by {@link Reply.LatencyReport}. */
    record GetLatencyRange(String port, boolean playback) implements Request {
        public GetLatencyRange {
            ProtocolLimits.requireFullName("port name", port);
        }

        @Override
        public MessageType type() {
            return MessageType.GET_LATENCY_RANGE;
        }
    }

    /** {@code jack_recompute_total_latencies}: answered by {@link Reply.Ok} once recomputed and notified. */
    record RecomputeLatencies() implements Request {
        @Override
        public MessageType type() {
            return MessageType.RECOMPUTE_LATENCIES;
        }
    }

    /** Every port's latency ranges, for {@code lsp -l}; answered by {@link Reply.LatencyList}. */
    record ListLatencies() implements Request {
        @Override
        public MessageType type() {
            return MessageType.LIST_LATENCIES;
        }
    }
}
