package io.tactus.server;

import io.tactus.api.GraphEvent;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A third client hears exactly the graph's changes, in the order they were made, numbered without a gap, on a
 * normal thread of its own, through both transports: JACK's client-registration, port-registration, port-connect
 * and port-rename callbacks, and the buffer-size and freewheel switches in their place among them (the issue's
 * sequence: two clients join, ports come and go, connections made and broken, a rename, a buffer-size change,
 * freewheel on and off).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class GraphNotificationsSystemTest {

    @ParameterizedTest
    @EnumSource(BothTransports.Kind.class)
    void shouldTellAThirdClientEveryChangeInOrder(BothTransports.Kind kind) {
        try (BothTransports served = new BothTransports(kind)) {
            List<GraphEvent> events = Collections.synchronizedList(new ArrayList<>());
            List<String> jack = Collections.synchronizedList(new ArrayList<>());
            List<String> threads = Collections.synchronizedList(new ArrayList<>());
            try (TactusClient observer = served.open("observer")) {
                observer.setGraphEventCallback(e -> {
                    events.add(e);
                    threads.add(Thread.currentThread().getName());
                });
                observer.setClientRegistrationCallback((name, on) -> jack.add("client " + name + " " + on));
                observer.setPortRegistrationCallback((id, name, on) -> jack.add("port " + id + " " + name + " " + on));
                observer.setPortConnectCallback((a, b, on) -> jack.add("connect " + a + " " + b + " " + on));
                observer.setPortRenameCallback((id, was, now) -> jack.add("rename " + id + " " + was + " " + now));

                List<Integer> sizes = Collections.synchronizedList(new ArrayList<>());
                List<Boolean> wheels = Collections.synchronizedList(new ArrayList<>());
                observer.setBufferSizeCallback(sizes::add);
                observer.setFreewheelCallback(wheels::add);

                List<GraphEvent> made = new ArrayList<>();
                int alphaOut;
                int betaIn;
                int betaExtra;
                try (TactusClient alpha = served.open("alpha"); TactusClient beta = served.open("beta")) {
                    made.add(GraphEvent.client("alpha", true));
                    made.add(GraphEvent.client("beta", true));
                    Port out = alpha.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
                    alphaOut = served.server.graph().port("alpha:out").id();
                    made.add(GraphEvent.port(alphaOut, "alpha:out", true));
                    beta.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
                    betaIn = served.server.graph().port("beta:in").id();
                    made.add(GraphEvent.port(betaIn, "beta:in", true));
                    Port extra = beta.registerPort("extra", PortType.AUDIO, PortFlag.OUTPUT);
                    betaExtra = served.server.graph().port("beta:extra").id();
                    made.add(GraphEvent.port(betaExtra, "beta:extra", true));

                    alpha.connect("alpha:out", "beta:in");
                    made.add(GraphEvent.connection("alpha:out", "beta:in", true));
                    observer.connect("beta:extra", "system:playback_1"); // any client connects any two ports
                    made.add(GraphEvent.connection("beta:extra", "system:playback_1", true));
                    beta.disconnect("alpha:out", "beta:in");
                    made.add(GraphEvent.connection("alpha:out", "beta:in", false));
                    beta.unregisterPort(extra); // as JACK: its connection is broken first, then it goes
                    made.add(GraphEvent.connection("beta:extra", "system:playback_1", false));
                    made.add(GraphEvent.port(betaExtra, "beta:extra", false));
                    alpha.renamePort(out, "main");
                    made.add(GraphEvent.rename(alphaOut, "alpha:out", "alpha:main"));
                    beta.setBufferSize(128);
                    made.add(GraphEvent.bufferSize(128));
                    alpha.setFreewheel(true);
                    made.add(GraphEvent.freewheel(true));
                    beta.setFreewheel(false);
                    made.add(GraphEvent.freewheel(false));
                    alpha.close();
                    made.add(GraphEvent.port(alphaOut, "alpha:main", false));
                    made.add(GraphEvent.client("alpha", false));
                }
                made.add(GraphEvent.port(betaIn, "beta:in", false));
                made.add(GraphEvent.client("beta", false));

                assertTrue(within(10_000, () -> heard(events).size() >= made.size()), "heard: " + heard(events));
                assertEquals(made, heard(events), "the changes, in the order they were made");
                for (int i = 0; i < events.size(); i++) {
                    assertEquals(i + 1, events.get(i).sequence(), "numbered from 1 without a gap: " + events);
                }
                assertEquals(List.of("client alpha true", "client beta true", "port " + alphaOut + " alpha:out true",
                        "port " + betaIn + " beta:in true", "port " + betaExtra + " beta:extra true",
                        "connect alpha:out beta:in true", "connect beta:extra system:playback_1 true",
                        "connect alpha:out beta:in false", "connect beta:extra system:playback_1 false",
                        "port " + betaExtra + " beta:extra false", "rename " + alphaOut + " alpha:out alpha:main",
                        "port " + alphaOut + " alpha:main false", "client alpha false", "port " + betaIn + " beta:in false",
                        "client beta false"), jack, "JACK's callbacks, each with its arguments");
                assertTrue(within(5_000, () -> sizes.size() >= 1 && wheels.size() >= 2), "told " + sizes + " " + wheels);
                assertEquals(List.of(128), sizes, "the buffer-size callback still told, once");
                assertEquals(List.of(true, false), wheels, "the freewheel callback still told, on then off");
                assertTrue(threads.stream().allMatch(t -> t.startsWith("tactus-notify")),
                        "on the client's notifier, a normal thread: " + threads.stream().distinct().toList());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BothTransports.Kind.class)
    void shouldTellTheSampleRateOnceWhenTheCallbackIsSet(BothTransports.Kind kind) {
        try (BothTransports served = new BothTransports(kind); TactusClient client = served.open("rate")) {
            List<Integer> rates = Collections.synchronizedList(new ArrayList<>());
            client.setSampleRateCallback(rates::add);
            assertTrue(within(5_000, () -> !rates.isEmpty()), "told the rate");
            client.connect("system:capture_1", "system:playback_1"); // a graph change is no rate change
            assertTrue(within(5_000, () -> client.getConnections("system:capture_1").size() == 1));
            assertEquals(List.of(48_000), rates);
        }
    }

    /** What the observer heard, without the latency passes each connection change asks for. */
    private static List<GraphEvent> heard(List<GraphEvent> events) {
        synchronized (events) {
            return events.stream().filter(e -> e.kind() != GraphEvent.Kind.CAPTURE_LATENCY
                    && e.kind() != GraphEvent.Kind.PLAYBACK_LATENCY).map(GraphEvent::withoutSequence).toList();
        }
    }
}
