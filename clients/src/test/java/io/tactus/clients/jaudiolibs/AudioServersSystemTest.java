package io.tactus.clients.jaudiolibs;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusClient;
import io.tactus.clients.EngineAllocation;
import io.tactus.clients.TestServers;
import io.tactus.jaudiolibs.TactusAudioServerProvider;
import io.tactus.server.TactusServer;
import org.jaudiolibs.audioservers.AudioClient;
import org.jaudiolibs.audioservers.AudioConfiguration;
import org.jaudiolibs.audioservers.AudioServer;
import org.jaudiolibs.audioservers.AudioServerProvider;
import org.jaudiolibs.audioservers.ext.ClientID;
import org.jaudiolibs.audioservers.ext.Connections;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.ServiceLoader;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.StreamSupport;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The jaudiolibs provider on an in-process server, where the program's {@code process} runs on the engine thread:
 * found by name, it joins with the server's configuration, connects as told, allocates nothing per cycle, and ends
 * both ways (the program's {@code shutdown()}, and {@code process} returning false).
 */
class AudioServersSystemTest {

    @Test
    void shouldRunAProgramsProcessOnTheEngineThreadWithoutAllocatingAndConnectItsOutputs() throws Exception {
        try (TactusServer server = TestServers.dummy("audioservers-test")) {
            AudioServerProvider provider = StreamSupport.stream(ServiceLoader.load(AudioServerProvider.class).spliterator(), false)
                    .filter(p -> p.getLibraryName().equals(TactusAudioServerProvider.LIBRARY_NAME)).findFirst().orElseThrow();
            Counting program = new Counting(Long.MAX_VALUE);
            AudioServer audio = provider.createServer(new AudioConfiguration(44_100f, 1, 2, 1024, true,
                    new Object[] {new ClientID("praxis"), Connections.OUTPUT, joining(server)}), program);
            Thread runner = start(audio);
            try (TactusClient probe = server.openClient("probe")) {
                assertTrue(within(10_000, () -> program.cycles.get() > 500), () -> "cycles: " + program.cycles.get());
                assertTrue(audio.isActive());
                assertEquals(List.of("praxis:out_1"), probe.getConnections("system:playback_1"));
                assertEquals(List.of(), probe.getConnections("praxis:in_1"), "inputs left alone: Connections.OUTPUT");
                assertEquals("48000.0/64/1 in/2 out", program.configured.get(), "the server's rate and period");
                long[] allocated = EngineAllocation.perWindow(server, 5, 300);
                assertEquals(0, Arrays.stream(allocated).min().orElseThrow(),
                        "bytes allocated on the engine thread per window of 300 ms: " + Arrays.toString(allocated));
                assertTrue(program.nanosAdvanceByThePeriod, "time advances by the period in nanoseconds every cycle");
                audio.shutdown();
                runner.join(10_000);
                assertFalse(runner.isAlive(), "run() returned after shutdown()");
                assertTrue(program.shutDown, "the program's shutdown() ran");
                assertFalse(audio.isActive());
                assertTrue(probe.getPorts().stream().noneMatch(p -> p.startsWith("praxis:")), "the client left");
                assertNull(program.failure.get());
            }
        }
    }

    @Test
    void shouldEndWhenTheProgramsProcessReturnsFalse() throws Exception {
        try (TactusServer server = TestServers.dummy("audioservers-test")) {
            Counting program = new Counting(100);
            AudioServer audio = new TactusAudioServerProvider().createServer(
                    new AudioConfiguration(48_000f, 0, 1, 64, true, new Object[] {joining(server)}), program);
            Thread runner = start(audio);
            runner.join(10_000);
            assertFalse(runner.isAlive(), "run() returned once process said false");
            assertEquals(100, program.cycles.get(), "process is not called again after it said false");
            assertTrue(program.shutDown);
        }
    }

    private static ClientOptions joining(TactusServer server) {
        return ClientOptions.defaults().withServer(server.name());
    }

    private static Thread start(AudioServer audio) {
        Thread runner = new Thread(() -> {
            try {
                audio.run();
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        }, "audio-server");
        runner.start();
        return runner;
    }

    /** Counts its cycles, writes silence, checks its time stamps; says false after {@code cycles} of them. */
    private static final class Counting implements AudioClient {
        final AtomicLong cycles = new AtomicLong();
        final AtomicReference<String> configured = new AtomicReference<>();
        final AtomicReference<String> failure = new AtomicReference<>();
        final long limit;
        volatile boolean shutDown;
        volatile boolean nanosAdvanceByThePeriod = true;
        private long periodNanos;
        private long lastTime = -1;

        Counting(long limit) {
            this.limit = limit;
        }

        @Override
        public void configure(AudioConfiguration context) {
            configured.set(context.getSampleRate() + "/" + context.getMaxBufferSize() + "/"
                    + context.getInputChannelCount() + " in/" + context.getOutputChannelCount() + " out");
            periodNanos = (long) (1e9 * context.getMaxBufferSize() / context.getSampleRate());
        }

        @Override
        public boolean process(long time, List<FloatBuffer> inputs, List<FloatBuffer> outputs, int nframes) {
            if (lastTime >= 0 && Math.abs(time - lastTime - periodNanos) > 1_000 && time - lastTime < periodNanos) {
                nanosAdvanceByThePeriod = false; // less than a period apart: a skipped period adds, never takes
            }
            lastTime = time;
            for (FloatBuffer out : outputs) {
                for (int i = 0; i < nframes; i++) {
                    out.put(i, 0f);
                }
            }
            return cycles.incrementAndGet() < limit;
        }

        @Override
        public void shutdown() {
            shutDown = true;
        }
    }
}
