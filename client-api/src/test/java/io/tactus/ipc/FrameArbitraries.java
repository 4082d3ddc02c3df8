package io.tactus.ipc;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Valid frames of every message kind, built from the {@link Request}, {@link Reply} and
 * {@link Notification} records so that a change of a record shows up here as a compile error. Names are
 * drawn from letters, digits, a few punctuation marks and some non-ASCII letters, never control or
 * bidirectional characters, so they stay valid however strictly the records come to check names.
 */
final class FrameArbitraries {

    /** ASCII name characters and a few two- and three-byte UTF-8 ones; {@link #names()} adds a four-byte one. */
    private static final String NAME_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-. "
            + "ÜéßΩ音出入";

    private FrameArbitraries() {
    }

    /** One frame of any of the message types, with a request id its kind allows. */
    static Arbitrary<ControlFrame> anyFrame() {
        return Arbitraries.oneOf(List.of(requestFrames(), replyFrames(), notificationFrames()));
    }

    /** Several valid frames back to back, as a peer would send them on one connection. */
    static Arbitrary<List<ControlFrame>> frameSequences() {
        return anyFrame().list().ofMinSize(1).ofMaxSize(4);
    }

    static Arbitrary<ControlFrame> requestFrames() {
        return Combinators.combine(requestIds(), requests()).as(ControlFrame::new);
    }

    static Arbitrary<ControlFrame> replyFrames() {
        Arbitrary<ControlFrame> errorsWithoutId = replyErrors().map(e -> new ControlFrame(0, e));
        return Arbitraries.oneOf(Combinators.combine(requestIds(), replies()).as(ControlFrame::new), errorsWithoutId);
    }

    static Arbitrary<ControlFrame> notificationFrames() {
        return notifications().map(ControlFrame::notification);
    }

    static Arbitrary<Request> requests() {
        Arbitrary<Request> hello = Combinators.combine(names(), Arbitraries.longs(), Arbitraries.integers(),
                Arbitraries.of("normal", "low", "high", "critical")).as(Request.Hello::new);
        Arbitrary<Request> register = Combinators.combine(names(), Arbitraries.of(true, false))
                .as(Request.RegisterPort::new);
        Arbitrary<Request> unregister = names().map(Request.UnregisterPort::new);
        Arbitrary<Request> connect = Combinators.combine(fullNames(), fullNames()).as(Request.Connect::new);
        Arbitrary<Request> disconnect = Combinators.combine(fullNames(), fullNames()).as(Request.Disconnect::new);
        Arbitrary<Request> list = Arbitraries.of(true, false).map(Request.ListPorts::new);
        Arbitrary<Request> bodiless = Arbitraries.of(new Request.Activate(), new Request.Deactivate(),
                new Request.Status(), new Request.Goodbye(), new Request.Top(), new Request.TransportQuery());
        Arbitrary<Request> transport = Combinators.combine(Arbitraries.of(Request.TransportRequest.ACTIONS),
                Arbitraries.longs(), Arbitraries.doubles()).as(Request.TransportRequest::new);
        Arbitrary<Request> setLatency = Combinators.combine(names(), Arbitraries.of(true, false), Arbitraries.integers(),
                Arbitraries.integers()).as(Request.SetLatencyRange::new);
        Arbitrary<Request> getLatency = Combinators.combine(fullNames(), Arbitraries.of(true, false))
                .as(Request.GetLatencyRange::new);
        Arbitrary<Request> latencyBodiless = Arbitraries.of(new Request.RecomputeLatencies(), new Request.ListLatencies());
        Arbitrary<Request> callbacks = Arbitraries.oneOf(List.of(
                Arbitraries.of(true, false).map(Request.SetSyncCallback::new),
                Arbitraries.longs().map(Request.SetSyncTimeout::new),
                Arbitraries.of(true, false).map(Request.SetTimebase::new),
                Arbitraries.just(new Request.ReleaseTimebase())));
        return Arbitraries.oneOf(List.of(hello, register, unregister, connect, disconnect, list, bodiless, transport,
                setLatency, getLatency, latencyBodiless, callbacks));
    }

    static Arbitrary<Reply> replies() {
        Arbitrary<Reply> welcome = Combinators.combine(Arbitraries.integers(), Arbitraries.integers(),
                Arbitraries.integers(), texts(), Arbitraries.integers(), Arbitraries.longs(), Arbitraries.integers())
                .as(Reply.Welcome::new);
        Arbitrary<Reply> slot = Arbitraries.integers().greaterOrEqual(0).map(Reply.PortSlot::new);
        Arbitrary<Reply> ok = Arbitraries.of(MessageType.class).filter(MessageType::isRequest).map(Reply.Ok::new);
        Arbitrary<Reply> portList = ports().list().ofMaxSize(8).map(Reply.PortList::new);
        Arbitrary<Reply> status = Combinators.combine(Arbitraries.integers(), Arbitraries.integers(),
                        Arbitraries.integers(), Arbitraries.longs(), Arbitraries.longs(), Arbitraries.longs(),
                        Arbitraries.doubles(), Combinators.combine(texts(), texts(), texts()).as(Tuple::of))
                .as((rate, size, clients, cycles, xruns, timeouts, load, words) -> new Reply.StatusReport(rate, size,
                        clients, cycles, xruns, timeouts, load, words.get1(), words.get2(), words.get3()));
        Arbitrary<Reply> top = Combinators.combine(Arbitraries.doubles(), Arbitraries.longs(), texts(), texts(),
                Arbitraries.longs(), topLines().list().ofMaxSize(6)).as(Reply.TopReport::new);
        Arbitrary<Reply> transport = Combinators.combine(Arbitraries.of("STOPPED", "ROLLING", "STARTING"),
                        Arbitraries.longs(), Arbitraries.integers(), Arbitraries.of(true, false),
                        Arbitraries.integers().array(int[].class).ofSize(3),
                        Arbitraries.doubles().array(double[].class).ofSize(5))
                .as((state, frame, rate, valid, bbt, d) -> new Reply.TransportReport(state, frame, rate, valid, bbt[0],
                        bbt[1], bbt[2], d[0], d[1], d[2], d[3], d[4]));
        Arbitrary<Reply> latency = Combinators.combine(Arbitraries.integers(), Arbitraries.integers())
                .as(Reply.LatencyReport::new);
        Arbitrary<Reply> latencies = Combinators.combine(fullNames(), Arbitraries.integers(), Arbitraries.integers(),
                Arbitraries.integers(), Arbitraries.integers(), Arbitraries.integers()).as(Reply.PortLatency::new).list().ofMaxSize(6)
                .map(Reply.LatencyList::new);
        return Arbitraries.oneOf(List.of(welcome, ok, slot, replyErrors(), portList, status, top, transport, latency,
                latencies));
    }

    static Arbitrary<Notification> notifications() {
        Arbitrary<Notification> clients = Combinators.combine(Arbitraries.longs(), names(), Arbitraries.of(true, false))
                .as(Notification.ClientRegistration::new);
        Arbitrary<Notification> ports = Combinators.combine(Arbitraries.longs(), Arbitraries.integers(), fullNames(),
                Arbitraries.of(true, false)).as(Notification.PortRegistration::new);
        Arbitrary<Notification> connections = Combinators.combine(Arbitraries.longs(), fullNames(), fullNames(),
                Arbitraries.of(true, false)).as(Notification.PortConnect::new);
        Arbitrary<Notification> renames = Combinators.combine(Arbitraries.longs(), Arbitraries.integers(), fullNames(),
                fullNames()).as(Notification.PortRename::new);
        Arbitrary<Notification> latency = Combinators.combine(Arbitraries.longs(), Arbitraries.of(true, false))
                .as(Notification.Latency::new);
        return Arbitraries.oneOf(List.of(texts().map(Notification.Shutdown::new),
                Arbitraries.doubles().map(Notification.Xrun::new), Arbitraries.just(new Notification.GraphOrder()),
                clients, ports, connections, renames, latency));
    }

    private static Arbitrary<Reply> replyErrors() {
        return texts().map(Reply.Error::new);
    }

    private static Arbitrary<Reply.PortInfo> ports() {
        return Combinators.combine(fullNames(), Arbitraries.of(true, false), fullNames().list().ofMaxSize(4))
                .as(Reply.PortInfo::new);
    }

    private static Arbitrary<Reply.TopLine> topLines() {
        Arbitrary<double[]> times = Arbitraries.doubles().array(double[].class).ofSize(4);
        return Combinators.combine(names(), texts(), Arbitraries.of("GRACE", "ACTIVE", "MUTED", "EVICTED", "GONE"),
                        times, Arbitraries.longs(), Arbitraries.longs(), Arbitraries.integers())
                .as((name, priority, state, t, timeouts, xruns, actions) -> new Reply.TopLine(name, priority, state,
                        t[0], t[1], t[2], t[3], timeouts, xruns, actions));
    }

    /** Any non-zero id: requests and their replies may not carry 0, which notifications own. */
    private static Arbitrary<Integer> requestIds() {
        return Arbitraries.integers().filter(id -> id != 0);
    }

    /** A client or port short name: 1 to 60 characters, at most 4 bytes each, so within 255 bytes. */
    private static Arbitrary<String> names() {
        return Arbitraries.oneOf(Arbitraries.strings().withChars(NAME_CHARS).ofMinLength(1).ofMaxLength(60),
                Arbitraries.just("𝄞"), Arbitraries.just("n".repeat(ProtocolLimits.MAX_NAME_BYTES)));
    }

    private static Arbitrary<String> fullNames() {
        return Combinators.combine(names(), names()).as((client, port) -> client + ":" + port);
    }

    /** Free text of a reply or notification: empty allowed. */
    private static Arbitrary<String> texts() {
        return Arbitraries.strings().withChars(NAME_CHARS + ":/'").ofMaxLength(80);
    }
}
