package io.tactus.server;

import io.tactus.api.LatencyMode;
import io.tactus.api.LatencyRange;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.server.control.ControlServer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Latency as JACK computes it, through both transports: capture → three clients that each delay by 64 frames →
 * playback, on a dummy driver of 64-frame periods (its ports carry one period each).
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class LatencySystemTest {

    private static final int PERIOD = 64;
    private static final int DELAY = 64;

    /** A client that delays its signal by {@link #DELAY} frames and says so in its latency callback, as JACK's do. */
    private static final class Delay {
        final TactusClient client;
        final Port in;
        final Port out;
        final List<LatencyMode> calls = Collections.synchronizedList(new ArrayList<>());

        Delay(TactusClient client) {
            this.client = client;
            this.in = client.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
            this.out = client.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
            client.setLatencyCallback(mode -> {
                calls.add(mode);
                if (mode == LatencyMode.CAPTURE) {
                    client.setLatencyRange(out, mode, client.latencyRange(in.name(), mode).plus(DELAY));
                } else {
                    client.setLatencyRange(in, mode, client.latencyRange(out.name(), mode).plus(DELAY));
                }
            });
        }
    }

    @ParameterizedTest
    @EnumSource(BothTransports.Kind.class)
    void shouldReportTheChainsTotalAtThePlaybackPortAndCallBackWhenTheChainChanges(BothTransports.Kind kind) {
        try (BothTransports served = new BothTransports(kind); TactusClient observer = served.open("observer")) {
            List<Delay> chain = new ArrayList<>();
            try {
                for (int i = 1; i <= 3; i++) {
                    chain.add(new Delay(served.open("delay" + i)));
                }
                assertEquals(LatencyRange.of(PERIOD), observer.latencyRange("system:capture_1", LatencyMode.CAPTURE),
                        "the driver's capture ports carry its period");
                assertEquals(LatencyRange.of(PERIOD), observer.latencyRange("system:playback_1", LatencyMode.PLAYBACK));

                observer.connect("system:capture_1", "delay1:in");
                observer.connect("delay1:out", "delay2:in");
                observer.connect("delay2:out", "delay3:in");
                observer.connect("delay3:out", "system:playback_1");
                LatencyRange total = LatencyRange.of(PERIOD + 3 * DELAY);
                assertTrue(within(10_000, () -> total.equals(observer.latencyRange("system:playback_1", LatencyMode.CAPTURE))),
                        "capture latency at the playback port's input: " + observer.latencyRange("system:playback_1",
                                LatencyMode.CAPTURE));
                assertTrue(within(10_000, () -> total.equals(observer.latencyRange("system:capture_1", LatencyMode.PLAYBACK))),
                        "playback latency at the capture port: " + observer.latencyRange("system:capture_1",
                                LatencyMode.PLAYBACK));
                assertEquals(LatencyRange.of(PERIOD + 2 * DELAY), observer.latencyRange("delay3:in", LatencyMode.CAPTURE));
                assertEquals(LatencyRange.of(PERIOD + DELAY), observer.latencyRange("delay3:in", LatencyMode.PLAYBACK));
                for (Delay d : chain) {
                    assertTrue(d.calls.contains(LatencyMode.CAPTURE) && d.calls.contains(LatencyMode.PLAYBACK),
                            d.client.name() + " was asked: " + d.calls);
                    List<LatencyMode> calls = List.copyOf(d.calls);
                    for (int c = 0; c < calls.size(); c++) {
                        assertEquals(c % 2 == 0 ? LatencyMode.CAPTURE : LatencyMode.PLAYBACK, calls.get(c),
                                "capture, then playback: " + calls);
                    }
                }

                int before = chain.get(2).calls.size();
                observer.disconnect("delay2:out", "delay3:in");
                assertTrue(within(10_000, () -> LatencyRange.of(DELAY).equals(observer.latencyRange("system:playback_1",
                        LatencyMode.CAPTURE))), "only delay3 is left before playback: "
                        + observer.latencyRange("system:playback_1", LatencyMode.CAPTURE));
                assertTrue(chain.get(2).calls.size() > before, "the callback ran when the chain changed");

                // Bad input: one sentence each, nothing changed.
                TactusException unknown = assertThrows(TactusException.class,
                        () -> observer.latencyRange("nobody:out", LatencyMode.CAPTURE));
                assertEquals("no port named 'nobody:out': there is no client 'nobody'", unknown.getMessage());
                TactusException negative = assertThrows(TactusException.class, () -> new LatencyRange(-1, 4));
                assertEquals("a latency range is in frames and cannot be negative: [-1 4]", negative.getMessage());
                TactusException upsideDown = assertThrows(TactusException.class, () -> new LatencyRange(9, 4));
                assertEquals("a latency range's min (9) is above its max (4); give the smaller bound first",
                        upsideDown.getMessage());
                Delay first = chain.get(0);
                TactusException notOwn = assertThrows(TactusException.class,
                        () -> chain.get(1).client.setLatencyRange(first.out, LatencyMode.CAPTURE, LatencyRange.of(1)));
                assertTrue(notOwn.getMessage().startsWith("port 'delay1:out' "), notOwn.getMessage());
                assertEquals(LatencyRange.of(PERIOD + DELAY), observer.latencyRange("delay1:out", LatencyMode.CAPTURE),
                        "nothing changed");
                assertEquals(LatencyRange.of(DELAY), observer.latencyRange("system:playback_1", LatencyMode.CAPTURE));
            } finally {
                chain.forEach(d -> d.client.close());
            }
        }
    }

    @ParameterizedTest
    @EnumSource(BothTransports.Kind.class)
    void shouldPassLatencyThroughAClientWithoutACallbackAndRecomputeOnRequest(BothTransports.Kind kind) {
        try (BothTransports served = new BothTransports(kind); TactusClient plain = served.open("plain")) {
            AtomicInteger asked = new AtomicInteger();
            plain.setLatencyCallback(mode -> asked.incrementAndGet());
            plain.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
            plain.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
            plain.connect("system:capture_1", "plain:in");
            plain.connect("plain:out", "system:playback_1");
            // A callback that sets nothing leaves JACK's default: the outputs carry the span of the inputs.
            assertEquals(LatencyRange.of(PERIOD), plain.latencyRange("system:playback_1", LatencyMode.CAPTURE));
            assertEquals(LatencyRange.of(PERIOD), plain.latencyRange("plain:in", LatencyMode.PLAYBACK));
            assertTrue(within(5_000, () -> asked.get() == 4), "two connections, capture and playback each: " + asked);
            plain.recomputeTotalLatencies();
            assertTrue(within(5_000, () -> asked.get() == 6), "jack_recompute_total_latencies asks again: " + asked);
        }
    }

    @ParameterizedTest
    @EnumSource(value = ControlServer.Timing.class, names = {"SYNC", "ASYNC"})
    void shouldAddAPeriodAtPlaybackWhenTheGraphRunsAsynchronously(ControlServer.Timing timing) {
        try (BothTransports served = new BothTransports(BothTransports.Kind.REMOTE, timing);
             TactusClient client = served.open("look")) {
            int periods = timing == ControlServer.Timing.ASYNC ? 2 : 1;
            assertEquals(LatencyRange.of(periods * PERIOD), client.latencyRange("system:playback_1", LatencyMode.PLAYBACK));
            assertEquals(LatencyRange.of(PERIOD), client.latencyRange("system:capture_1", LatencyMode.CAPTURE));
        }
    }

    @ParameterizedTest
    @EnumSource(value = ControlServer.Timing.class, names = {"SYNC", "ASYNC"})
    void shouldGiveTheDriversPortsTheNewPeriodsLatencyAfterABufferSizeSwitch(ControlServer.Timing timing) {
        try (BothTransports served = new BothTransports(BothTransports.Kind.REMOTE, timing);
             TactusClient client = served.open("look")) {
            int periods = timing == ControlServer.Timing.ASYNC ? 2 : 1;
            AtomicInteger asked = new AtomicInteger();
            client.setLatencyCallback(mode -> asked.incrementAndGet());
            client.setBufferSize(2 * PERIOD);
            assertEquals(LatencyRange.of(2 * PERIOD), client.latencyRange("system:capture_1", LatencyMode.CAPTURE));
            assertEquals(LatencyRange.of(periods * 2 * PERIOD),
                    client.latencyRange("system:playback_1", LatencyMode.PLAYBACK));
            assertTrue(within(5_000, () -> asked.get() == 2), "capture and playback asked again: " + asked);
            client.setBufferSize(2 * PERIOD); // the same size again: no switch, nothing recomputed
            client.setBufferSize(PERIOD);
            assertEquals(LatencyRange.of(PERIOD), client.latencyRange("system:capture_1", LatencyMode.CAPTURE));
            assertTrue(within(5_000, () -> asked.get() == 4), "asked once more for the one switch: " + asked);
        }
    }
}
