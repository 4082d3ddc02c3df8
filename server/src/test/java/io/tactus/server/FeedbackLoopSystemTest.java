package io.tactus.server;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.server.control.ControlServer;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.lang.management.ManagementFactory;
import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Loops in a running graph, both transports, sync and async graph modes: {@code head:out → relay:in} and
 * {@code relay:out → head:in} (which closes the loop, so is feedback), and a client's own loop-back in audio and
 * MIDI. Every client stamps each frame of each of its periods; the head must hear its own stamps of the period
 * before, sample for sample, once round the loop; the relay this period's (so neither runs twice nor is skipped);
 * the loop-back its own of the period before. The threads that run the callbacks (and the engine's) allocate
 * nothing once warm.
 *
 * <p>A process client can miss a cycle (its deadline passed, or the watchdog silenced it), and then what it
 * feeds through a feedback connection is silence in the next period (docs/ipc-contract.md, "Feedback
 * connections"): so for process clients a period may be heard silent, never wrong, and only as often as its
 * writer missed periods (the gaps in the frame times of the writer's own calls). In-process clients miss none.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class FeedbackLoopSystemTest {

    private static final int WINDOWS = 5;

    static Stream<Arguments> transportsAndModes() {
        return Stream.of(ControlServer.Timing.SYNC, ControlServer.Timing.ASYNC)
                .map(timing -> Arguments.of(BothTransports.Kind.IN_PROCESS, timing));
    }

    /**
     * Process clients in a loop, on this JVM's time-shared threads (the test's server runs SCHED_OTHER): each
     * period heard is exact or, after its writer missed one, silent.
     */
    @ParameterizedTest(name = "process clients {0}")
    @org.junit.jupiter.params.provider.EnumSource(value = ControlServer.Timing.class, names = {"SYNC", "ASYNC"})
    void shouldFeedProcessClientsOfALoopTheirWritersPreviousPeriodSampleExact(ControlServer.Timing timing) {
        shouldFeedEveryReaderOfALoopItsWritersPreviousPeriodSampleExactWithoutAllocating(BothTransports.Kind.REMOTE, timing);
    }

    /** Frame {@code frame} of a client's call {@code call}: distinct in every frame of 4096 periods, exact in a float. */
    static float stamp(long call, int frame) {
        return call <= 0 ? 0f : (call % 4096) * 1024 + frame + 1;
    }

    /** What one call heard: exactly what it should, silence (its writer missed the period before), or else. */
    enum Heard { RIGHT, SILENT, WRONG }

    /**
     * A client that checks each frame of its input against what it expects, then writes its stamps; counts the
     * periods between its calls that it was not called in (its gaps: a missed cycle, or periods the engine skipped).
     */
    abstract static class Checker {
        final TactusClient client;
        final Port in;
        final Port out;
        volatile long calls;
        volatile long good;
        volatile long silent;
        volatile long bad;
        volatile long gaps;
        volatile long threadId;
        private long lastFrames = -1;

        Checker(TactusClient client) {
            this.client = client;
            this.in = client.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
            this.out = client.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
            client.setProcessCallback(n -> {
                threadId = Thread.currentThread().getId();
                long call = calls + 1;
                long frames = client.clock().lastFrameTime();
                long gap = lastFrames < 0 ? 0 : Math.max(0, (frames - lastFrames) / n - 1);
                lastFrames = frames;
                gaps += gap;
                switch (cycle(call, n, gap > 0, in.getFloatBuffer(), out.getFloatBuffer())) {
                    case RIGHT -> good++;
                    case SILENT -> silent++;
                    default -> bad++;
                }
                calls = call;
            });
        }

        /** Realtime, allocation-free: what this call heard; {@code afterGap}: periods passed since its last call. */
        abstract Heard cycle(long call, int n, boolean afterGap, FloatBuffer in, FloatBuffer out);

        static boolean silent(FloatBuffer in, int n) {
            boolean quiet = true;
            for (int f = 0; f < n; f++) {
                quiet &= in.get(f) == 0f;
            }
            return quiet;
        }
    }

    /** Hears, through the feedback connection, its own stamps of the call before. */
    static final class Head extends Checker {
        Head(TactusClient client) {
            super(client);
        }

        @Override
        Heard cycle(long call, int n, boolean afterGap, FloatBuffer in, FloatBuffer out) {
            boolean ok = true;
            for (int f = 0; f < n; f++) {
                ok &= in.get(f) == stamp(call - 1, f);
            }
            Heard heard = ok ? Heard.RIGHT : silent(in, n) ? Heard.SILENT : Heard.WRONG;
            for (int f = 0; f < n; f++) {
                out.put(f, stamp(call, f));
            }
            return heard;
        }
    }

    /**
     * Hears the head's stamps of this cycle, the head's next period each call (it may have joined a few periods
     * after the head; after a gap of its own, any later period of the head's), and passes them on unchanged.
     */
    static final class Relay extends Checker {
        private long last = -1;

        Relay(TactusClient client) {
            super(client);
        }

        @Override
        Heard cycle(long call, int n, boolean afterGap, FloatBuffer in, FloatBuffer out) {
            for (int f = 0; f < n; f++) {
                out.put(f, in.get(f));
            }
            if (silent(in, n)) {
                last = -1; // the head missed a period: its next one is the next the relay hears
                return Heard.SILENT;
            }
            long heard = ((long) in.get(0) - 1) / 1024; // the head's call, modulo 4096
            boolean ok = last < 0 || (afterGap ? heard != last : heard == (last + 1) % 4096);
            last = heard;
            for (int f = 0; f < n; f++) {
                ok &= in.get(f) == heard * 1024 + f + 1;
            }
            return ok ? Heard.RIGHT : Heard.WRONG;
        }
    }

    /** Its output into its own input, audio and MIDI: writes first, then must still hear the call before. */
    static final class LoopBack extends Checker {
        final Port midiIn;
        final Port midiOut;

        LoopBack(TactusClient client) {
            super(client);
            this.midiIn = client.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            this.midiOut = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
        }

        @Override
        Heard cycle(long call, int n, boolean afterGap, FloatBuffer in, FloatBuffer out) {
            MidiBuffer events = midiOut.getMidiBuffer();
            MidiBuffer heard = midiIn.getMidiBuffer();
            events.write(0, 0x90, (int) (call % 128), 64);
            boolean ok = heard.eventCount() == 1 && heard.get(0, 1) == (int) ((call - 1) % 128);
            boolean quiet = heard.eventCount() == 0;
            for (int f = 0; f < n; f++) {
                out.put(f, stamp(call, f));
            }
            for (int f = 0; f < n; f++) {
                ok &= in.get(f) == stamp(call - 1, f);
                quiet &= in.get(f) == 0f;
            }
            return ok ? Heard.RIGHT : quiet ? Heard.SILENT : Heard.WRONG;
        }
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource("transportsAndModes")
    void shouldFeedEveryReaderOfALoopItsWritersPreviousPeriodSampleExactWithoutAllocating(BothTransports.Kind kind,
                                                                                        ControlServer.Timing timing) {
        try (BothTransports served = new BothTransports(kind, timing);
             TactusClient headClient = served.open("head");
             TactusClient relayClient = served.open("relay");
             TactusClient selfClient = served.open("self");
             TactusClient engineProbe = served.server.openClient("probe")) {
            Head head = new Head(headClient);
            Relay relay = new Relay(relayClient);
            LoopBack self = new LoopBack(selfClient);
            long[] engineThread = {0};
            engineProbe.setProcessCallback(n -> engineThread[0] = Thread.currentThread().getId());
            headClient.activate();
            relayClient.activate();
            selfClient.activate();
            engineProbe.activate();
            headClient.connect("head:out", "relay:in");
            headClient.connect("relay:out", "head:in"); // closes the loop: feedback, the head runs first
            selfClient.connect("self:out", "self:in");
            selfClient.connect("self:midi_out", "self:midi_in");
            assertEquals(1, headClient.getConnections("head:in").size(), "the feedback connection was made");

            Checker[] checkers = {head, relay, self};
            assertTrue(within(20_000, () -> Arrays.stream(checkers).allMatch(c -> c.good > 200)),
                    "every client hears what it should: " + report(checkers));
            JitQuiet.await();
            long[] badBefore = Arrays.stream(checkers).mapToLong(c -> c.bad).toArray();
            long[] goodBefore = Arrays.stream(checkers).mapToLong(c -> c.good).toArray();
            long[] silentBefore = Arrays.stream(checkers).mapToLong(c -> c.silent).toArray();
            long[] gapsBefore = Arrays.stream(checkers).mapToLong(c -> c.gaps).toArray();
            int[] writerOf = {1, 0, 2}; // the head hears the relay, the relay the head, the loop-back itself

            com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long[] ids = {head.threadId, relay.threadId, self.threadId, engineThread[0]};
            long[][] allocated = new long[ids.length][WINDOWS];
            for (int w = 0; w < WINDOWS; w++) {
                long[] before = Arrays.stream(ids).map(threads::getThreadAllocatedBytes).toArray();
                long target = head.calls + 150;
                assertTrue(within(20_000, () -> head.calls >= target), "the graph runs: " + report(checkers));
                for (int t = 0; t < ids.length; t++) {
                    allocated[t][w] = threads.getThreadAllocatedBytes(ids[t]) - before[t];
                }
            }
            for (int c = 0; c < checkers.length; c++) {
                assertEquals(badBefore[c], checkers[c].bad, "periods heard wrong once the loops ran: " + report(checkers));
                long silent = checkers[c].silent - silentBefore[c];
                long writerGaps = checkers[writerOf[c]].gaps - gapsBefore[writerOf[c]];
                assertTrue(silent <= writerGaps, checkers[c].client.name() + " heard " + silent + " silent periods"
                        + " where its writer missed " + writerGaps + ": " + report(checkers));
                // Every client ran through the windows (the head's 750 calls): at least half of them heard right.
                assertTrue(checkers[c].good - goodBefore[c] >= WINDOWS * 150L / 2, report(checkers));
            }
            System.out.println("feedback loops, " + kind + " " + timing + ": " + report(checkers));
            String[] names = {"head's thread", "relay's thread", "self's thread", "the engine thread"};
            for (int t = 0; t < ids.length; t++) {
                assertEquals(0, Arrays.stream(allocated[t]).min().orElseThrow(), "bytes allocated on " + names[t]
                        + " per window of 150 periods: " + Arrays.toString(allocated[t]));
            }
        }
    }

    private static String report(Checker[] checkers) {
        StringBuilder text = new StringBuilder();
        for (Checker c : checkers) {
            text.append(c.client.name()).append(": ").append(c.calls).append(" calls, ").append(c.good)
                    .append(" right, ").append(c.silent).append(" silent, ").append(c.bad).append(" wrong, ")
                    .append(c.gaps).append(" periods not called in; ");
        }
        return text.toString();
    }
}
