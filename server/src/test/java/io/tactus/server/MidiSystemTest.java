package io.tactus.server;

import io.tactus.api.MidiBuffer;
import io.tactus.api.MidiEvent;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.tactus.server.ServerTestSupport.settings;
import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** MIDI through a real server's in-process clients: chains, fan-in, type checks, allocation. */
class MidiSystemTest {

    private static final SchedulingSettings SCHEDULING = ServerTestSupport.isRoot()
            ? SchedulingSettings.fifo(60) : SchedulingSettings.other(0);
    private static final int TRANSPOSE = 12;

    @Test
    void shouldCarryEveryEventThroughAChainTransposedAtItsFrameInTheSameCycle() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            Source source = new Source(server, "source", 3);
            List<Transposer> chain = new ArrayList<>();
            String previous = "source:midi_out";
            for (int i = 1; i <= 3; i++) {
                Transposer t = new Transposer(server, "thru" + i);
                t.client.connect(previous, "thru" + i + ":midi_in");
                previous = "thru" + i + ":midi_out";
                chain.add(t);
            }
            Sink sink = new Sink(server, "sink", 3, 3 * TRANSPOSE);
            sink.client.connect(previous, "sink:midi_in");

            assertTrue(within(10_000, () -> sink.good > 500), () -> "periods checked: " + sink.good + " good, " + sink.bad + " bad");
            assertEquals(0, sink.bad, "periods whose events were not the source's of the same period, transposed by "
                    + 3 * TRANSPOSE + " at their frames: " + sink.bad + " (first: " + sink.firstProblem + ")");
            assertEquals(0, chain.get(0).lost + chain.get(1).lost + chain.get(2).lost, "events lost on the way");
            // A negative control: the same sink expecting no transposition finds every period wrong.
            Sink wrong = new Sink(server, "wrong", 3, 0);
            wrong.client.connect(previous, "wrong:midi_in");
            assertTrue(within(10_000, () -> wrong.bad > 100), () -> "the control saw " + wrong.bad + " wrong periods");
            assertEquals(0, wrong.good);
        }
    }

    @Test
    void shouldMergeTwoOutputsIntoOneInputInFrameOrder() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            Fixed a = new Fixed(server, "a", 1, new int[]{0, 10, 20});
            Fixed b = new Fixed(server, "b", 2, new int[]{5, 10, 30, 63});
            MergeCheck sink = new MergeCheck(server, "sink", new int[]{0, 5, 10, 10, 20, 30, 63}, new int[]{1, 2, 1, 2, 1, 2, 2});
            a.client.connect("a:midi_out", "sink:midi_in");
            b.client.connect("b:midi_out", "sink:midi_in");
            assertTrue(within(10_000, () -> sink.good > 300), () -> "merged periods: " + sink.good + " good, " + sink.bad + " bad");
            // Periods before both connections were made differ; count only after the second one.
            long badAfter = sink.bad;
            sleep(300);
            assertEquals(badAfter, sink.bad, "periods merged out of frame order");
            b.client.disconnect("b:midi_out", "sink:midi_in");
            assertTrue(within(10_000, () -> sink.bad > badAfter + 100), () -> "the control: with one source every period differs");
        }
    }

    @Test
    void shouldRefuseAMidiToAudioConnectionInOneSentence() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            TactusClient client = server.openClient("mixed");
            Port midi = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
            assertEquals(PortType.MIDI, midi.type());
            String message = assertThrows(TactusException.class,
                    () -> client.connect("mixed:midi_out", "system:playback_1")).getMessage();
            assertEquals("cannot connect mixed:midi_out to system:playback_1: the source is a MIDI port and the destination"
                    + " an audio port; a port connects only to ports of its own type", message);
            assertEquals(List.of(), client.getConnections("mixed:midi_out"));
            assertThrows(IllegalStateException.class, midi::getFloatBuffer);
        }
    }

    @Test
    void shouldAllocateNothingOnTheEngineThreadWithMidiTrafficAndARollingTransport() throws Exception {
        try (TactusServer server = TactusServer.start(settings(SCHEDULING))) {
            TactusClient watcher = server.openClient("watcher");
            io.tactus.api.TransportPosition position = new io.tactus.api.TransportPosition();
            io.tactus.api.CycleTimes times = new io.tactus.api.CycleTimes();
            long[] sum = {0};
            watcher.setProcessCallback(n -> {
                watcher.transport().query(position);
                watcher.clock().cycleTimes(times);
                sum[0] += position.bar() + times.currentFrames() + watcher.clock().frameTime()
                        + watcher.clock().framesSinceCycleStart();
            });
            watcher.activate();
            server.transport().tempo(120);
            server.transport().start();
            Source source = new Source(server, "source", 2); // 2 events a period: 1500 a second at 48 kHz / 64
            List<Transposer> chain = new ArrayList<>();
            String previous = "source:midi_out";
            for (int i = 1; i <= 20; i++) {
                Transposer t = new Transposer(server, "thru" + i);
                t.client.connect(previous, "thru" + i + ":midi_in");
                if (i > 1) {
                    t.client.connect("source:midi_out", "thru" + i + ":midi_in"); // fan-in: a merge per client
                }
                previous = "thru" + i + ":midi_out";
                chain.add(t);
            }
            sleep(1_000); // past the 300-cycle warm-up
            JitQuiet.await();
            server.restartMetrics();
            sleep(200);
            long[] allocated = new long[5];
            for (int w = 0; w < allocated.length; w++) {
                long before = server.metrics().rtAllocatedBytes();
                assertTrue(before >= 0, "the allocation baseline was taken");
                sleep(200);
                allocated[w] = server.metrics().rtAllocatedBytes() - before;
            }
            MetricsSnapshot m = server.stopMetrics(5, TimeUnit.SECONDS);
            assertTrue(m.cycles() > 500, "the engine ran: " + m.cycles() + " cycles");
            assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes allocated on the engine thread with "
                    + "MIDI traffic, per window of 200 ms: " + Arrays.toString(allocated));
            assertTrue(chain.get(19).carried > 500 * 2, "events reached the last client: " + chain.get(19).carried);
            assertTrue(position.bbtValid() && position.frame() > 0, "the transport rolled with BBT: " + position);
        }
    }

    /** Each period: {@code notes} note-ons at frames (period * 7 + i * 20) % 64, sorted, then a stamp of the period. */
    static final class Source {
        final TactusClient client;
        private final MidiBuffer[] out = new MidiBuffer[1];
        private final Port port;
        private final int notes;
        private int period;

        Source(TactusServer server, String name, int notes) {
            this.notes = notes;
            client = server.openClient(name);
            port = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
            client.setProcessCallback(n -> write(port.getMidiBuffer()));
            client.activate();
        }

        private void write(MidiBuffer buffer) {
            int p = period++ & 0x3fff;
            for (int i = 0; i < notes; i++) {
                buffer.write(frame(p, i), 0x90, note(p, i), 100);
            }
            buffer.reserve(63, 4);
            buffer.set(buffer.eventCount() - 1, 0, 0xF0);
            buffer.set(buffer.eventCount() - 1, 1, p & 0x7f);
            buffer.set(buffer.eventCount() - 1, 2, (p >> 7) & 0x7f);
            buffer.set(buffer.eventCount() - 1, 3, 0xF7);
        }

        static int frame(int period, int i) {
            return (period * 7 % 20) + i * 20;
        }

        static int note(int period, int i) {
            return (period + i) % 64;
        }
    }

    /** Passes every event on, a note-on's key raised by {@value #TRANSPOSE}; counts what it carried and lost. */
    static final class Transposer {
        final TactusClient client;
        private final Port in;
        private final Port out;
        private final MidiEvent event = new MidiEvent();
        volatile long carried;
        volatile long lost;

        Transposer(TactusServer server, String name) {
            client = server.openClient(name);
            in = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            out = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
            client.setProcessCallback(this::process);
            client.activate();
        }

        private void process(int nframes) {
            MidiBuffer input = in.getMidiBuffer();
            MidiBuffer output = out.getMidiBuffer();
            for (int i = 0; i < input.eventCount(); i++) {
                input.read(i, event);
                if (event.size() == 3 && (event.get(0) & 0xF0) == 0x90) {
                    output.write(event.frame(), event.get(0), event.get(1) + TRANSPOSE, event.get(2));
                } else {
                    output.write(event.frame(), event.data(), 0, event.size());
                }
            }
            carried = carried + input.eventCount();
            lost = lost + output.lostEvents();
        }
    }

    /** Checks each period: the notes of one source period, transposed by {@code shift}, and the next period's stamp. */
    static final class Sink {
        final TactusClient client;
        private final Port in;
        private final int notes;
        private final int shift;
        private int lastStamp = -1;
        volatile long good;
        volatile long bad;
        volatile String firstProblem;

        Sink(TactusServer server, String name, int notes, int shift) {
            this.notes = notes;
            this.shift = shift;
            client = server.openClient(name);
            in = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            client.setProcessCallback(n -> check(in.getMidiBuffer()));
            client.activate();
        }

        private void check(MidiBuffer buffer) {
            if (buffer.eventCount() != notes + 1) {
                return; // not connected yet
            }
            int stamp = buffer.get(notes, 1) | buffer.get(notes, 2) << 7;
            boolean ok = lastStamp < 0 || stamp == ((lastStamp + 1) & 0x3fff);
            for (int i = 0; i < notes; i++) {
                ok &= buffer.frame(i) == Source.frame(stamp, i) && buffer.get(i, 1) == Source.note(stamp, i) + shift;
            }
            ok &= buffer.frame(notes) == 63;
            if (lastStamp >= 0) {
                if (ok) {
                    good = good + 1;
                } else {
                    bad = bad + 1;
                    if (firstProblem == null) {
                        firstProblem = "period " + stamp + " after " + lastStamp; // off the hot path: once
                    }
                }
            }
            lastStamp = stamp;
        }
    }

    /** Writes note-ons of key {@code key} at fixed frames every period. */
    static final class Fixed {
        final TactusClient client;

        Fixed(TactusServer server, String name, int key, int[] frames) {
            client = server.openClient(name);
            Port out = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
            client.setProcessCallback(n -> {
                MidiBuffer buffer = out.getMidiBuffer();
                for (int frame : frames) {
                    buffer.write(frame, 0x90, key, 1);
                }
            });
            client.activate();
        }
    }

    /** Counts periods whose events are exactly the expected frames and keys, in that order. */
    static final class MergeCheck {
        final TactusClient client;
        volatile long good;
        volatile long bad;

        MergeCheck(TactusServer server, String name, int[] frames, int[] keys) {
            client = server.openClient(name);
            Port in = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            client.setProcessCallback(n -> {
                MidiBuffer buffer = in.getMidiBuffer();
                boolean ok = buffer.eventCount() == frames.length;
                for (int i = 0; ok && i < frames.length; i++) {
                    ok = buffer.frame(i) == frames[i] && buffer.get(i, 1) == keys[i];
                }
                if (ok) {
                    good = good + 1;
                } else {
                    bad = bad + 1;
                }
            });
            client.activate();
        }
    }
}
