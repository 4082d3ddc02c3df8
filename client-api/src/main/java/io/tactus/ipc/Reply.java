package io.tactus.ipc;

import io.tactus.api.PortDetails;
import io.tactus.api.PortType;

import java.util.List;
import java.util.Objects;

/**
 * The server's answer to one {@link Request}, carrying that request's id. A request that fails gets
 * {@link Error} with a sentence for the user, never a dropped connection: only a peer that breaks
 * the protocol itself is disconnected.
 */
public sealed interface Reply extends ControlMessage {

    /**
     * Answers {@link Request.Hello}: what the client needs to map its port buffers and run.
     * {@code processPriority} is the SCHED_FIFO priority for the client's process thread (the server's
     * minus 5, as in JACK); 0 means SCHED_OTHER (the server itself is not realtime). {@code graphPath} is
     * the server's one graph segment and {@code record} the client's activation record in it
     * (docs/ipc-contract.md, "The shared graph").
     */
    record Welcome(int clientId, int sampleRate, int bufferSize, String graphPath, int record, long serverPid,
                   int processPriority, String clientName, long uuid) implements Reply {
        public Welcome {
            Objects.requireNonNull(graphPath, "graphPath");
            Objects.requireNonNull(clientName, "clientName");
        }

        /**
         * With the name the client asked for and no id. {@code clientName} is the name the server gave (the asked
         * one, or it with a suffix); empty means the asked one. {@code uuid} is the client's id for metadata.
         */
        public Welcome(int clientId, int sampleRate, int bufferSize, String graphPath, int record, long serverPid,
                       int processPriority) {
            this(clientId, sampleRate, bufferSize, graphPath, record, serverPid, processPriority, "", 0);
        }

        @Override
        public MessageType type() {
            return MessageType.WELCOME;
        }
    }

    /**
     * The request succeeded and has nothing to return. Naming the request's type costs two bytes and
     * lets a client catch a reply paired with the wrong request.
     */
    record Ok(MessageType requestType) implements Reply {
        public Ok {
            if (!requestType.isRequest()) {
                throw new ProtocolException("an Ok message can acknowledge only a request, not "
                        + requestType.label());
            }
        }

        @Override
        public MessageType type() {
            return MessageType.OK;
        }
    }

    /** The request was refused; {@code message} is one sentence for the user, e.g. "no port named x". */
    record Error(String message) implements Reply {
        public Error {
            Objects.requireNonNull(message, "message");
        }

        @Override
        public MessageType type() {
            return MessageType.ERROR;
        }
    }

    /** Answers {@link Request.ListPorts}: every port of the server, in registration order. */
    /**
     * Answers {@link Request.RegisterPort}: the port's index in the graph segment, where its buffer lives
     * (an output's samples, or the mix of an input's sources) for as long as the port is registered.
     */
    record PortSlot(int slot) implements Reply {
        public PortSlot {
            if (slot < 0) {
                throw new ProtocolException("a port slot is a port index in the graph segment, never negative: " + slot);
            }
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_SLOT;
        }
    }

    record PortList(List<PortInfo> ports) implements Reply {
        public PortList {
            ports = List.copyOf(ports);
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_LIST;
        }
    }

    /** One port: full name, direction, type, and the full names of its peers (empty unless asked for). */
    record PortInfo(String name, boolean isInput, PortType portType, List<String> connections) {
        /** An audio port. */
        public PortInfo(String name, boolean isInput, List<String> connections) {
            this(name, isInput, PortType.AUDIO, connections);
        }

        public PortInfo {
            ProtocolLimits.requireFullName("port name", name);
            Objects.requireNonNull(portType, "portType");
            connections = List.copyOf(connections);
            for (String peer : connections) {
                ProtocolLimits.requireFullName("connected port name", peer);
            }
        }
    }

    /**
     * Answers {@link Request.Status}: the figures {@code ./tactus status} prints. {@code timeouts} counts
     * (client, cycle) pairs in which a client's outputs were silence because it had not answered;
     * {@code clientTiming} says how the engine times clients in other processes: "sync" (waited for within
     * the period), "async" (collected a period later) or "time-limit".
     */
    record StatusReport(int sampleRate, int bufferSize, int clients, long cycles, long xruns, long timeouts,
                        double dspLoadPercent, String scheduling, String clientTiming, String watchdog)
            implements Reply {
        public StatusReport {
            Objects.requireNonNull(scheduling, "scheduling");
            Objects.requireNonNull(clientTiming, "clientTiming");
            Objects.requireNonNull(watchdog, "watchdog");
        }

        @Override
        public MessageType type() {
            return MessageType.STATUS_REPORT;
        }
    }

    /**
     * Answers {@link Request.Top}: the graph's load and the watchdog's view of every client it has a file
     * on. Times in microseconds (recent means), shares in percent of the period; {@code scheduling} is the
     * engine thread's policy as the kernel has it now.
     */
    record TopReport(double dspLoadPercent, long xruns, String scheduling, String watchdog, long actions,
                     List<TopLine> clients) implements Reply {
        public TopReport {
            Objects.requireNonNull(scheduling, "scheduling");
            Objects.requireNonNull(watchdog, "watchdog");
            clients = List.copyOf(clients);
        }

        @Override
        public MessageType type() {
            return MessageType.TOP_REPORT;
        }
    }

    /** One client in {@link TopReport}: state is GRACE, ACTIVE, MUTED, EVICTED or GONE. */
    record TopLine(String name, String priority, String state, double waitMicros, double busyMicros,
                   double sharePercent, double busyMaxMicros, long timeouts, long xruns, int actions) {
        public TopLine {
            ProtocolLimits.requireName("client name", name);
            Objects.requireNonNull(priority, "priority");
            Objects.requireNonNull(state, "state");
        }
    }

    /**
     * The transport as the engine last published it: state (STOPPED, ROLLING, STARTING), frame, and BBT with
     * its meter and tempo when {@code bbtValid}.
     */
    record TransportReport(String state, long frame, int frameRate, boolean bbtValid, int bar, int beat, int tick,
                           double barStartTick, double beatsPerBar, double beatType, double ticksPerBeat,
                           double beatsPerMinute) implements Reply {
        public TransportReport {
            ProtocolLimits.requireName("transport state", state);
        }

        @Override
        public MessageType type() {
            return MessageType.TRANSPORT_REPORT;
        }
    }

    // Notifications and latency (issue 20)

    /** Answers {@link Request.GetLatencyRange}: frames. */
    record LatencyReport(int min, int max) implements Reply {
        @Override
        public MessageType type() {
            return MessageType.LATENCY_REPORT;
        }
    }

    /** Answers {@link Request.ListLatencies}: every port, in registration order. */
    record LatencyList(List<PortLatency> ports) implements Reply {
        public LatencyList {
            ports = List.copyOf(ports);
        }

        @Override
        public MessageType type() {
            return MessageType.LATENCY_LIST;
        }
    }

    /**
     * One port's capture and playback latency ranges, in frames, and JACK's deprecated single figure
     * ({@code jack_port_get_latency}): for a physical port the middle of the range in the direction it faces, else 0.
     */
    record PortLatency(String name, int latency, int captureMin, int captureMax, int playbackMin, int playbackMax) {
        public PortLatency {
            ProtocolLimits.requireFullName("port name", name);
        }
    }

    // Port queries, aliases, rename, statistics and metadata (issue 20)

    /** Answers {@link Request.QueryPorts}: the full names of the matching ports, in registration order. */
    record PortNames(List<String> names) implements Reply {
        public PortNames {
            names = List.copyOf(names);
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_NAMES;
        }
    }

    /** Answers {@link Request.DescribePort} and {@link Request.PortById}. */
    record PortDescription(PortDetails port) implements Reply {
        public PortDescription {
            Objects.requireNonNull(port, "port");
            ProtocolLimits.requireFullName("port name", port.name());
        }

        @Override
        public MessageType type() {
            return MessageType.PORT_DESCRIPTION;
        }
    }

    /** Answers {@link Request.Statistics}: DSP load in percent, delays in microseconds. */
    record StatisticsReport(double cpuLoadPercent, double maxDelayedMicros, double xrunDelayedMicros) implements Reply {
        @Override
        public MessageType type() {
            return MessageType.STATISTICS_REPORT;
        }
    }

    /** Answers the {@link Request.Property} actions that return properties. */
    record PropertyList(List<io.tactus.api.Property> properties) implements Reply {
        public PropertyList {
            properties = List.copyOf(properties);
        }

        @Override
        public MessageType type() {
            return MessageType.PROPERTY_LIST;
        }
    }

    /** Answers {@link Request.ClientUuid}. */
    record Uuid(long uuid) implements Reply {
        @Override
        public MessageType type() {
            return MessageType.UUID;
        }
    }

    // Client names by uuid (issue 21)

    /** Answers {@link Request.ClientNameByUuid}. */
    record ClientName(String name) implements Reply {
        public ClientName {
            ProtocolLimits.requireName("client name", name);
        }

        @Override
        public MessageType type() {
            return MessageType.CLIENT_NAME;
        }
    }

    // Internal clients (issue 21)

    /**
     * Answers the internal-client requests: the client's {@code handle} (0 when none), JACK's status bits
     * ({@code jack_status_t}: 0 on success, JackFailure 0x01 with the reason's bit otherwise), the client's name, and
     * on failure one sentence saying what happened and what to do (empty otherwise).
     */
    record InternalClient(long handle, int status, String clientName, String sentence) implements Reply {
        public InternalClient {
            Objects.requireNonNull(clientName, "clientName");
            Objects.requireNonNull(sentence, "sentence");
        }

        @Override
        public MessageType type() {
            return MessageType.INTERNAL_CLIENT;
        }
    }
}
