package io.tactus.ipc;

import io.tactus.api.PortType;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;

/**
 * The wire layout of every control message, written and read side by side in this one place. The
 * layout is positional (no field tags), which keeps it small and trivially parseable, at the price
 * that any change of a layout needs a new message type or a new {@link ProtocolLimits#VERSION}.
 *
 * <pre>
 * frame  = length:int32  version:int16  type:int16  requestId:int32  body
 * string = byteCount:uint16  UTF-8 bytes
 * bool   = one byte, 0 or 1
 * list   = count:int32  elements
 * </pre>
 * Big-endian throughout; {@code length} counts the bytes after itself, header included.
 */
public final class ControlCodec {

    /** Smallest encoded {@link Reply.PortInfo}: empty name, flag, type, zero connections. */
    private static final int MIN_PORT_INFO_BYTES = Short.BYTES + 1 + Integer.BYTES + Integer.BYTES;
    /** Three empty strings, four doubles, two longs, an int: the least a TopLine can take. */
    private static final int MIN_TOP_LINE_BYTES = 3 * Short.BYTES + 4 * Double.BYTES + 2 * Long.BYTES + Integer.BYTES;

    private ControlCodec() {
    }

    /** The complete frame, length prefix included, ready to write to a channel. */
    public static ByteBuffer encode(ControlFrame frame) {
        ControlMessage message = frame.message();
        FrameWriter w = new FrameWriter()
                .int16(ProtocolLimits.VERSION)
                .int16(message.type().code())
                .int32(frame.requestId());
        writeBody(message, w);
        return w.finish();
    }

    public static ByteBuffer encode(int requestId, ControlMessage message) {
        return encode(new ControlFrame(requestId, message));
    }

    /** A notification, which always carries request id 0. */
    public static ByteBuffer encode(Notification message) {
        return encode(ControlFrame.notification(message));
    }

    private static void writeBody(ControlMessage message, FrameWriter w) {
        switch (message.type()) {
            case HELLO -> {
                Request.Hello m = (Request.Hello) message;
                w.string(m.clientName()).int64(m.pid()).int32(m.processThreadTid()).string(m.priority()).bool(m.exactName());
            }
            case REGISTER_PORT -> {
                Request.RegisterPort m = (Request.RegisterPort) message;
                w.string(m.shortName()).bool(m.isInput()).int32(m.portType().ordinal()).int32(m.flags());
            }
            case UNREGISTER_PORT -> w.string(((Request.UnregisterPort) message).shortName());
            case CONNECT -> {
                Request.Connect m = (Request.Connect) message;
                w.string(m.source()).string(m.destination());
            }
            case DISCONNECT -> {
                Request.Disconnect m = (Request.Disconnect) message;
                w.string(m.source()).string(m.destination());
            }
            case LIST_PORTS -> w.bool(((Request.ListPorts) message).withConnections());
            case WELCOME -> {
                Reply.Welcome m = (Reply.Welcome) message;
                w.int32(m.clientId()).int32(m.sampleRate()).int32(m.bufferSize()).string(m.graphPath())
                        .int32(m.record()).int64(m.serverPid()).int32(m.processPriority()).string(m.clientName())
                        .int64(m.uuid());
            }
            case OK -> w.int16(((Reply.Ok) message).requestType().code());
            case ERROR -> w.string(((Reply.Error) message).message());
            case PORT_SLOT -> w.int32(((Reply.PortSlot) message).slot());
            case PORT_LIST -> writePorts(((Reply.PortList) message).ports(), w);
            case STATUS_REPORT -> {
                Reply.StatusReport m = (Reply.StatusReport) message;
                w.int32(m.sampleRate()).int32(m.bufferSize()).int32(m.clients()).int64(m.cycles())
                        .int64(m.xruns()).int64(m.timeouts()).float64(m.dspLoadPercent()).string(m.scheduling())
                        .string(m.clientTiming()).string(m.watchdog());
            }
            case TOP_REPORT -> {
                Reply.TopReport m = (Reply.TopReport) message;
                w.float64(m.dspLoadPercent()).int64(m.xruns()).string(m.scheduling()).string(m.watchdog()).int64(m.actions())
                        .int32(m.clients().size());
                for (Reply.TopLine c : m.clients()) {
                    w.string(c.name()).string(c.priority()).string(c.state()).float64(c.waitMicros())
                            .float64(c.busyMicros()).float64(c.sharePercent()).float64(c.busyMaxMicros())
                            .int64(c.timeouts()).int64(c.xruns()).int32(c.actions());
                }
            }
            case TRANSPORT_REQUEST -> {
                Request.TransportRequest m = (Request.TransportRequest) message;
                w.string(m.action()).int64(m.frame()).float64(m.beatsPerMinute());
            }
            case TRANSPORT_REPORT -> {
                Reply.TransportReport m = (Reply.TransportReport) message;
                w.string(m.state()).int64(m.frame()).int32(m.frameRate()).bool(m.bbtValid()).int32(m.bar())
                        .int32(m.beat()).int32(m.tick()).float64(m.barStartTick()).float64(m.beatsPerBar())
                        .float64(m.beatType()).float64(m.ticksPerBeat()).float64(m.beatsPerMinute());
            }
            case SHUTDOWN -> w.string(((Notification.Shutdown) message).reason());
            case XRUN -> w.float64(((Notification.Xrun) message).lateMicros());
            // Port queries, aliases, rename, statistics and metadata (issue 20)
            case QUERY_PORTS, DESCRIBE_PORT, PORT_BY_ID, ALIAS, RENAME_PORT, STATISTICS, PROPERTY, CLIENT_UUID,
                 PORT_NAMES, PORT_DESCRIPTION, STATISTICS_REPORT, PROPERTY_LIST, UUID, PROPERTY_CHANGED ->
                    PortMetadataCodec.write(message, w);
            case ACTIVATE, DEACTIVATE, STATUS, GOODBYE, TOP, TRANSPORT_QUERY, GRAPH_ORDER -> {
                // no body
            }
            // Buffer size and freewheel at run time (issue 20)
            case SET_BUFFER_SIZE -> w.int32(((Request.SetBufferSize) message).nframes());
            case SET_FREEWHEEL -> w.bool(((Request.SetFreewheel) message).on());
            case BUFFER_SIZE_CHANGED -> w.int32(((Notification.BufferSizeChanged) message).nframes());
            case FREEWHEEL_CHANGED -> w.bool(((Notification.FreewheelChanged) message).on());

            // Notifications and latency (issue 20)
            case SET_LATENCY_RANGE -> {
                Request.SetLatencyRange m = (Request.SetLatencyRange) message;
                w.string(m.shortName()).bool(m.playback()).int32(m.min()).int32(m.max());
            }
            case GET_LATENCY_RANGE -> {
                Request.GetLatencyRange m = (Request.GetLatencyRange) message;
                w.string(m.port()).bool(m.playback());
            }
            case RECOMPUTE_LATENCIES, LIST_LATENCIES -> {
                // no body
            }
            case LATENCY_REPORT -> {
                Reply.LatencyReport m = (Reply.LatencyReport) message;
                w.int32(m.min()).int32(m.max());
            }
            case LATENCY_LIST -> {
                List<Reply.PortLatency> ports = ((Reply.LatencyList) message).ports();
                w.int32(ports.size());
                for (Reply.PortLatency p : ports) {
                    w.string(p.name()).int32(p.latency()).int32(p.captureMin()).int32(p.captureMax()).int32(p.playbackMin())
                            .int32(p.playbackMax());
                }
            }
            case CLIENT_REGISTRATION -> {
                Notification.ClientRegistration m = (Notification.ClientRegistration) message;
                w.int64(m.sequence()).string(m.name()).bool(m.registered());
            }
            case PORT_REGISTRATION -> {
                Notification.PortRegistration m = (Notification.PortRegistration) message;
                w.int64(m.sequence()).int32(m.portId()).string(m.name()).bool(m.registered());
            }
            case PORT_CONNECT -> {
                Notification.PortConnect m = (Notification.PortConnect) message;
                w.int64(m.sequence()).string(m.source()).string(m.destination()).bool(m.connected());
            }
            case PORT_RENAME -> {
                Notification.PortRename m = (Notification.PortRename) message;
                w.int64(m.sequence()).int32(m.portId()).string(m.oldName()).string(m.newName());
            }
            case LATENCY -> {
                Notification.Latency m = (Notification.Latency) message;
                w.int64(m.sequence()).bool(m.playback());
            }
            case GRAPH_BUFFER_SIZE -> {
                Notification.GraphBufferSize m = (Notification.GraphBufferSize) message;
                w.int64(m.sequence()).int32(m.nframes());
            }
            case GRAPH_FREEWHEEL -> {
                Notification.GraphFreewheel m = (Notification.GraphFreewheel) message;
                w.int64(m.sequence()).bool(m.on());
            }

            // Sync and timebase callbacks of process clients (issue 19)
            case SET_SYNC_CALLBACK -> w.bool(((Request.SetSyncCallback) message).on());
            case SET_SYNC_TIMEOUT -> w.int64(((Request.SetSyncTimeout) message).micros());
            case SET_TIMEBASE -> w.bool(((Request.SetTimebase) message).conditional());
            case RELEASE_TIMEBASE -> {
                // no body
            }

            // Client names by uuid (issue 21)
            case CLIENT_NAME_BY_UUID -> w.int64(((Request.ClientNameByUuid) message).uuid());
            case CLIENT_NAME -> w.string(((Reply.ClientName) message).name());

            // Internal clients (issue 21)
            case LOAD_INTERNAL_CLIENT -> {
                Request.LoadInternalClient m = (Request.LoadInternalClient) message;
                w.string(m.clientName()).string(m.loadName()).string(m.loadInit()).bool(m.exactName());
            }
            case INTERNAL_CLIENT_HANDLE -> w.string(((Request.InternalClientHandle) message).clientName());
            case UNLOAD_INTERNAL_CLIENT -> w.int64(((Request.UnloadInternalClient) message).handle());
            case INTERNAL_CLIENT_NAME -> w.int64(((Request.InternalClientName) message).handle());
            case INTERNAL_CLIENT -> {
                Reply.InternalClient m = (Reply.InternalClient) message;
                w.int64(m.handle()).int32(m.status()).string(m.clientName()).string(m.sentence());
            }
        }
    }

    private static void writePorts(List<Reply.PortInfo> ports, FrameWriter w) {
        w.int32(ports.size());
        for (Reply.PortInfo port : ports) {
            w.string(port.name()).bool(port.isInput()).int32(port.portType().ordinal()).int32(port.connections().size());
            for (String peer : port.connections()) {
                w.string(peer);
            }
        }
    }

    /**
     * Decodes one frame from {@code frame}, which holds exactly the bytes after the length prefix.
     * Every fault, including an invalid value inside a record, is a {@link ProtocolException}.
     */
    static ControlFrame decode(ByteBuffer frame) {
        // The caller checked the frame holds the header, so these reads cannot underflow.
        int version = Short.toUnsignedInt(frame.getShort());
        if (version != ProtocolLimits.VERSION) {
            throw new ProtocolException("protocol version " + version + " is not supported; this Tactus speaks"
                    + " version " + ProtocolLimits.VERSION);
        }
        MessageType type = MessageType.ofCode(Short.toUnsignedInt(frame.getShort()));
        int requestId = frame.getInt();
        FrameReader r = new FrameReader(frame, type);
        ControlMessage message = readBody(type, r);
        r.requireEnd();
        return new ControlFrame(requestId, message);
    }

    private static ControlMessage readBody(MessageType type, FrameReader r) {
        // Arguments are evaluated left to right, so each constructor call reads fields in wire order.
        return switch (type) {
            case HELLO -> new Request.Hello(r.string(), r.int64(), r.int32(), r.string(), r.bool());
            case REGISTER_PORT -> new Request.RegisterPort(r.string(), r.bool(), portType(r.int32()), r.int32());
            case UNREGISTER_PORT -> new Request.UnregisterPort(r.string());
            case CONNECT -> new Request.Connect(r.string(), r.string());
            case DISCONNECT -> new Request.Disconnect(r.string(), r.string());
            case ACTIVATE -> new Request.Activate();
            case DEACTIVATE -> new Request.Deactivate();
            case LIST_PORTS -> new Request.ListPorts(r.bool());
            case STATUS -> new Request.Status();
            case GOODBYE -> new Request.Goodbye();
            case TOP -> new Request.Top();
            case TRANSPORT_QUERY -> new Request.TransportQuery();
            case TRANSPORT_REQUEST -> new Request.TransportRequest(r.string(), r.int64(), r.float64());
            case TRANSPORT_REPORT -> new Reply.TransportReport(r.string(), r.int64(), r.int32(), r.bool(), r.int32(),
                    r.int32(), r.int32(), r.float64(), r.float64(), r.float64(), r.float64(), r.float64());
            case WELCOME -> new Reply.Welcome(r.int32(), r.int32(), r.int32(), r.string(), r.int32(), r.int64(), r.int32(),
                    r.string(), r.int64());
            case PORT_SLOT -> new Reply.PortSlot(r.int32());
            case OK -> new Reply.Ok(MessageType.ofCode(r.uint16()));
            case ERROR -> new Reply.Error(r.string());
            case PORT_LIST -> new Reply.PortList(readPorts(r));
            case STATUS_REPORT -> new Reply.StatusReport(r.int32(), r.int32(), r.int32(), r.int64(), r.int64(),
                    r.int64(), r.float64(), r.string(), r.string(), r.string());
            case TOP_REPORT -> readTop(r);
            case SHUTDOWN -> new Notification.Shutdown(r.string());
            case XRUN -> new Notification.Xrun(r.float64());
            case GRAPH_ORDER -> new Notification.GraphOrder();
            // Buffer size and freewheel at run time (issue 20)
            case SET_BUFFER_SIZE -> new Request.SetBufferSize(r.int32());
            case SET_FREEWHEEL -> new Request.SetFreewheel(r.bool());
            case BUFFER_SIZE_CHANGED -> new Notification.BufferSizeChanged(r.int32());
            case FREEWHEEL_CHANGED -> new Notification.FreewheelChanged(r.bool());

            // Notifications and latency (issue 20)
            case SET_LATENCY_RANGE -> new Request.SetLatencyRange(r.string(), r.bool(), r.int32(), r.int32());
            case GET_LATENCY_RANGE -> new Request.GetLatencyRange(r.string(), r.bool());
            case RECOMPUTE_LATENCIES -> new Request.RecomputeLatencies();
            case LIST_LATENCIES -> new Request.ListLatencies();
            case LATENCY_REPORT -> new Reply.LatencyReport(r.int32(), r.int32());
            case LATENCY_LIST -> readLatencies(r);
            case CLIENT_REGISTRATION -> new Notification.ClientRegistration(r.int64(), r.string(), r.bool());
            case PORT_REGISTRATION -> new Notification.PortRegistration(r.int64(), r.int32(), r.string(), r.bool());
            case PORT_CONNECT -> new Notification.PortConnect(r.int64(), r.string(), r.string(), r.bool());
            case PORT_RENAME -> new Notification.PortRename(r.int64(), r.int32(), r.string(), r.string());
            case LATENCY -> new Notification.Latency(r.int64(), r.bool());
            case GRAPH_BUFFER_SIZE -> new Notification.GraphBufferSize(r.int64(), r.int32());
            case GRAPH_FREEWHEEL -> new Notification.GraphFreewheel(r.int64(), r.bool());

            // Port queries, aliases, rename, statistics and metadata (issue 20)
            case QUERY_PORTS, DESCRIBE_PORT, PORT_BY_ID, ALIAS, RENAME_PORT, STATISTICS, PROPERTY, CLIENT_UUID,
                 PORT_NAMES, PORT_DESCRIPTION, STATISTICS_REPORT, PROPERTY_LIST, UUID, PROPERTY_CHANGED ->
                    PortMetadataCodec.read(type, r);

            // Sync and timebase callbacks of process clients (issue 19)
            case SET_SYNC_CALLBACK -> new Request.SetSyncCallback(r.bool());
            case SET_SYNC_TIMEOUT -> new Request.SetSyncTimeout(r.int64());
            case SET_TIMEBASE -> new Request.SetTimebase(r.bool());
            case RELEASE_TIMEBASE -> new Request.ReleaseTimebase();

            // Client names by uuid (issue 21)
            case CLIENT_NAME_BY_UUID -> new Request.ClientNameByUuid(r.int64());
            case CLIENT_NAME -> new Reply.ClientName(r.string());

            // Internal clients (issue 21)
            case LOAD_INTERNAL_CLIENT -> new Request.LoadInternalClient(r.string(), r.string(), r.string(), r.bool());
            case INTERNAL_CLIENT_HANDLE -> new Request.InternalClientHandle(r.string());
            case UNLOAD_INTERNAL_CLIENT -> new Request.UnloadInternalClient(r.int64());
            case INTERNAL_CLIENT_NAME -> new Request.InternalClientName(r.int64());
            case INTERNAL_CLIENT -> new Reply.InternalClient(r.int64(), r.int32(), r.string(), r.string());
        };
    }

    private static Reply.TopReport readTop(FrameReader r) {
        double load = r.float64();
        long xruns = r.int64();
        String scheduling = r.string();
        String watchdog = r.string();
        long actions = r.int64();
        int count = r.count("clients", MIN_TOP_LINE_BYTES);
        List<Reply.TopLine> lines = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            lines.add(new Reply.TopLine(r.string(), r.string(), r.string(), r.float64(), r.float64(), r.float64(),
                    r.float64(), r.int64(), r.int64(), r.int32()));
        }
        return new Reply.TopReport(load, xruns, scheduling, watchdog, actions, lines);
    }

    private static Reply.LatencyList readLatencies(FrameReader r) {
        int count = r.count("ports", Short.BYTES + 5 * Integer.BYTES);
        List<Reply.PortLatency> ports = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            ports.add(new Reply.PortLatency(r.string(), r.int32(), r.int32(), r.int32(), r.int32(), r.int32()));
        }
        return new Reply.LatencyList(ports);
    }

    static PortType portType(int code) {
        PortType[] types = PortType.values();
        if (code < 0 || code >= types.length) {
            throw new ProtocolException("port type " + code + " is not one this Tactus knows (0 audio, 1 MIDI)");
        }
        return types[code];
    }

    private static List<Reply.PortInfo> readPorts(FrameReader r) {
        int count = r.count("ports", MIN_PORT_INFO_BYTES);
        List<Reply.PortInfo> ports = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            String name = r.string();
            boolean isInput = r.bool();
            PortType type = portType(r.int32());
            int peerCount = r.count("connections", Short.BYTES);
            List<String> peers = new ArrayList<>(peerCount);
            for (int j = 0; j < peerCount; j++) {
                peers.add(r.string());
            }
            ports.add(new Reply.PortInfo(name, isInput, type, peers));
        }
        return ports;
    }
}
