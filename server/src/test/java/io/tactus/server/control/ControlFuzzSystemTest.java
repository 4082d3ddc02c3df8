package io.tactus.server.control;

import io.tactus.ipc.ControlCodec;
import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.MessageType;
import io.tactus.ipc.Notification;
import io.tactus.ipc.ProtocolException;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.TestMixer;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Mutated frames over the real socket while twenty jack_test3-like clients play: every broken connection
 * gets the decoder's own sentence and is closed, and the clients do not notice. The mutations are those of
 * the decoder's property tests, applied here to requests a client may send; a mutant the decoder still
 * reads as a valid frame is not sent, so no fuzz input can join, connect or disconnect anything. Eight peers
 * send at once; half their connections say a valid Hello first, so the garbage also reaches a connection
 * that carries a client.
 */
class ControlFuzzSystemTest {

    private static final int CLIENTS = 20;
    private static final long FUZZ_MILLIS = 5_000;
    /** Peers sending at once: each connection takes the server some hundred milliseconds to end. */
    private static final int FUZZERS = 8;

    @TempDir
    Path temp;

    @Test
    void shouldCloseEveryConnectionThatSendsMutatedFramesWhileTwentyClientsPlayUnaffected() throws Exception {
        Map<String, String> shutdowns = new ConcurrentHashMap<>();
        List<TestMixer> mixers = new ArrayList<>();
        TactusServer server = null;
        ControlServer control = null;
        try {
            server = TactusServer.start(settings());
            control = ControlTestSupport.startControl(server, temp.resolve("rt"), ControlServer.Timing.SYNC);
            for (int i = 1; i <= CLIENTS; i++) {
                TestMixer mixer = new TestMixer(server, "jack_test3_" + i);
                mixer.client.setShutdownCallback(reason -> shutdowns.put(mixer.client.name(), reason));
                mixers.add(mixer);
            }
            for (int i = 1; i < CLIENTS; i++) {
                mixers.get(0).client.connect("jack_test3_" + i + ":out_1", "jack_test3_" + (i + 1) + ":in_1");
            }
            assertTrue(within(10_000, () -> mixers.stream().allMatch(m -> m.calls >= 200)), "all twenty play");

            long[] callsBefore = mixers.stream().mapToLong(m -> m.calls).toArray();
            server.restartMetrics();
            Tally tally = fuzz(control);
            MetricsSnapshot window = server.stopMetrics(2, TimeUnit.SECONDS);
            System.out.printf("control fuzz: %d connections in %.1f s (%d rejected whole, %d cut short, %d after a"
                            + " Hello), %d mutants skipped as still valid; %d xruns in %d cycles%n", tally.connections(),
                    window.secondsMeasured(), tally.rejected.get(), tally.cut.get(), tally.afterHello.get(), tally.stillValid.get(),
                    window.xruns(), window.cycles());

            assertTrue(tally.rejected.get() >= 20 && tally.cut.get() >= 5 && tally.afterHello.get() >= 20,
                    "the fuzz reached the server in every way: " + tally);
            ControlServer c = control;
            assertTrue(within(3_000, () -> c.connectionCount() == 0), "every fuzz connection was closed: "
                    + control.connectionCount());
            assertTrue(within(3_000, () -> c.clients().isEmpty()), "no fuzz client stayed: " + control.clients());
            assertEquals(Map.of(), shutdowns, "no client was evicted or shut down");
            for (int i = 0; i < CLIENTS; i++) {
                TestMixer m = mixers.get(i);
                assertNotNull(server.graph().clientOrNull(m.client.name()), m.client.name() + " is still in the graph");
                assertTrue(m.calls - callsBefore[i] >= window.cycles() * 9 / 10, m.client.name() + " ran "
                        + (m.calls - callsBefore[i]) + " of " + window.cycles() + " cycles");
            }
            assertTrue(window.cycles() >= FUZZ_MILLIS * 48 / 64 / 2, "the engine cycled on: " + window.cycles());
            // Generous: a shared, loaded machine has late wake-ups of its own; the fuzz must not add many.
            assertTrue(window.xruns() <= window.cycles() / 20, window.xruns() + " xruns in " + window.cycles()
                    + " cycles");
            long afterCycles = mixers.get(CLIENTS - 1).calls;
            assertTrue(within(1_000, () -> mixers.get(CLIENTS - 1).calls > afterCycles + 10),
                    "the last of the chain still plays");
        } finally {
            mixers.forEach(m -> m.client.close());
            ControlTestSupport.stop(control, server);
        }
    }

    private static ServerSettings settings() {
        return ServerSettings.defaults()
                .withName(ControlTestSupport.uniqueName())
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300))
                .withDriver(new RecordingDriver(2, 0.25f))
                .withScheduling(ControlTestSupport.isRoot() ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.EVICT));
    }

    /**
     * {@link #FUZZERS} peers, each opening one connection after another for {@link #FUZZ_MILLIS}, each
     * connection with one mutant, answered with the decoder's sentence and closed by the server.
     */
    private static Tally fuzz(ControlServer control) throws Exception {
        Tally tally = new Tally();
        ExecutorService peers = Executors.newFixedThreadPool(FUZZERS);
        try {
            List<Future<?>> runs = new ArrayList<>();
            for (int p = 0; p < FUZZERS; p++) {
                Random random = new Random(20_261_201L + p);
                runs.add(peers.submit(() -> {
                    fuzzOnePeer(control, random, tally);
                    return null;
                }));
            }
            for (Future<?> run : runs) {
                run.get(FUZZ_MILLIS + 60_000, TimeUnit.MILLISECONDS);
            }
        } finally {
            peers.shutdownNow();
        }
        return tally;
    }

    private static void fuzzOnePeer(ControlServer control, Random random, Tally tally) throws IOException {
        List<ByteBuffer> valid = validRequests();
        long end = System.currentTimeMillis() + FUZZ_MILLIS;
        while (System.currentTimeMillis() < end) {
            byte[] mutant = Mutator.mutate(bytesOf(valid.get(random.nextInt(valid.size()))), random);
            Verdict verdict = Verdict.of(mutant);
            if (verdict == null) {
                tally.stillValid.incrementAndGet();
                continue;
            }
            try (FakeClient client = FakeClient.connect(control.socketPath())) {
                if (random.nextBoolean()) {
                    client.hello("fuzz_" + tally.afterHello.incrementAndGet());
                }
                client.sendRaw(mutant);
                if (verdict.cut) {
                    client.shutdownOutput(); // the decoder waits for the rest until the stream ends
                    tally.cut.incrementAndGet();
                } else {
                    tally.rejected.incrementAndGet();
                }
                ControlFrame last = client.expectErrorAndClose();
                assertEquals(new Reply.Error(verdict.error), last.message(), "the decoder's sentence for "
                        + Arrays.toString(mutant));
            }
        }
    }

    private static List<ByteBuffer> validRequests() {
        List<ControlFrame> frames = List.of(
                new ControlFrame(1, new Request.Hello("mixer", 4242L, 4243, "normal")),
                new ControlFrame(2, new Request.RegisterPort("in_1", true)),
                new ControlFrame(3, new Request.UnregisterPort("Ausgang-Ü")),
                new ControlFrame(4, new Request.Connect("jack_test3_1:out_1", "jack_test3_2:in_1")),
                new ControlFrame(5, new Request.Disconnect("jack_test3_1:out_1", "jack_test3_2:in_1")),
                new ControlFrame(6, new Request.Activate()),
                new ControlFrame(7, new Request.Deactivate()),
                new ControlFrame(8, new Request.ListPorts(true)),
                new ControlFrame(9, new Request.Status()),
                new ControlFrame(10, new Request.Top()),
                new ControlFrame(11, new Request.Goodbye()),
                new ControlFrame(12, new Reply.Ok(MessageType.CONNECT)),
                ControlFrame.notification(new Notification.Xrun(12.5)));
        return frames.stream().map(ControlCodec::encode).toList();
    }

    private static byte[] bytesOf(ByteBuffer frame) {
        byte[] bytes = new byte[frame.remaining()];
        frame.duplicate().get(bytes);
        return bytes;
    }

    /** What the decoder makes of a mutant: its sentence, and whether it only ends with the stream; null if valid. */
    private record Verdict(String error, boolean cut) {
        static Verdict of(byte[] mutant) {
            if (mutant.length == 0) {
                return null;
            }
            ControlDecoder decoder = new ControlDecoder();
            try {
                if (decoder.decode(ByteBuffer.wrap(mutant)) != null) {
                    return null;
                }
            } catch (ProtocolException e) {
                return new Verdict(e.getMessage(), false);
            }
            try {
                decoder.endOfStream();
                throw new AssertionError("a non-empty mutant that decodes to nothing must be cut short");
            } catch (ProtocolException e) {
                return new Verdict(e.getMessage(), true);
            }
        }
    }

    /** The decoder property tests' kinds of mutation, seeded here from {@link Random}. */
    private static final class Mutator {
        private static final int[] LYING_LENGTHS = {0, 7, 8, 65_536, 65_537, Integer.MAX_VALUE, Integer.MIN_VALUE, -1};

        static byte[] mutate(byte[] frame, Random random) {
            byte[] out = frame;
            for (int n = 1 + random.nextInt(3); n > 0 && out.length > 0; n--) {
                out = mutateOnce(out, random);
            }
            return out;
        }

        private static byte[] mutateOnce(byte[] in, Random random) {
            int at = random.nextInt(in.length);
            switch (random.nextInt(7)) {
                case 0 -> {
                    byte[] out = in.clone();
                    out[at] ^= (byte) (1 << random.nextInt(8));
                    return out;
                }
                case 1 -> {
                    byte[] out = in.clone();
                    out[at] = (byte) random.nextInt(256);
                    return out;
                }
                case 2 -> {
                    return Arrays.copyOf(in, at);
                }
                case 3 -> {
                    return in.length < 4 ? in : withLength(in, ByteBuffer.wrap(in).getInt(0) + random.nextInt(33) - 16);
                }
                case 4 -> {
                    return withLength(in, LYING_LENGTHS[random.nextInt(LYING_LENGTHS.length)]);
                }
                case 5 -> {
                    byte[] inserted = new byte[1 + random.nextInt(16)];
                    random.nextBytes(inserted);
                    byte[] out = new byte[in.length + inserted.length];
                    System.arraycopy(in, 0, out, 0, at);
                    System.arraycopy(inserted, 0, out, at, inserted.length);
                    System.arraycopy(in, at, out, at + inserted.length, in.length - at);
                    return out;
                }
                default -> {
                    int n = Math.min(in.length - at, 1 + random.nextInt(16));
                    byte[] out = new byte[in.length - n];
                    System.arraycopy(in, 0, out, 0, at);
                    System.arraycopy(in, at + n, out, at, in.length - at - n);
                    return out;
                }
            }
        }

        private static byte[] withLength(byte[] in, int length) {
            if (in.length < 4) {
                return in;
            }
            byte[] out = in.clone();
            ByteBuffer.wrap(out).putInt(0, length);
            return out;
        }
    }

    private static final class Tally {
        final AtomicInteger rejected = new AtomicInteger();
        final AtomicInteger cut = new AtomicInteger();
        final AtomicInteger afterHello = new AtomicInteger();
        final AtomicInteger stillValid = new AtomicInteger();

        int connections() {
            return rejected.get() + cut.get();
        }

        @Override
        public String toString() {
            return rejected + " rejected, " + cut + " cut short, " + afterHello + " after a Hello, " + stillValid
                    + " still valid";
        }
    }
}
