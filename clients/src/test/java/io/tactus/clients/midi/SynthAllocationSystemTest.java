package io.tactus.clients.midi;

import io.tactus.api.TactusClient;
import io.tactus.clients.EngineAllocation;
import io.tactus.server.TactusServer;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The metronome plays into the synth, both in-process, so the engine thread runs the synth's process callback:
 * its allocated bytes are the synth's realtime side (the rendering thread allocates, on its own thread).
 */
class SynthAllocationSystemTest {

    @Test
    void shouldAllocateNothingOnTheEngineThreadWhileTheSynthPlaysTheMetronome() throws Exception {
        try (TactusServer server = MidiDumpSystemTest.start()) {
            TactusClient synthClient = server.openClient("synth");
            try (SynthClient synth = new SynthClient(synthClient, null, SynthClient.MIN_AHEAD + 2)) {
                synthClient.activate();
                TactusClient metroClient = server.openClient("metro");
                MetroClient metro = new MetroClient(metroClient, MetroClient.MAX_BPM, 60, MetroClient.DEFAULT_VELOCITY);
                metroClient.activate();
                metroClient.connect("metro:midi_out", "synth:midi_in");
                synthClient.connect("synth:out_1", "system:playback_1");

                assertTrue(within(10_000, () -> metro.beats() > 20 && synth.renderedBlocks() > 1000),
                        () -> "beats " + metro.beats() + ", blocks rendered " + synth.renderedBlocks());
                sleep(1_000); // past the 300-cycle warm-up, and the JIT's first compiles of both callbacks
                server.restartMetrics();
                long beatsBefore = metro.beats();
                long renderedBefore = synth.renderedBlocks();
                long[] allocated = EngineAllocation.perWindow(server, 5, 300);
                MetricsSnapshot m = server.stopMetrics(5, TimeUnit.SECONDS);
                assertTrue(m.cycles() > 500, "the engine ran: " + m.cycles() + " cycles");
                assertTrue(metro.beats() - beatsBefore > 20, "beats played while measured: " + (metro.beats() - beatsBefore));
                assertTrue(synth.renderedBlocks() - renderedBefore > 500, "the synth rendered while measured");
                assertNull(synth.failure());
                assertEquals(0, synth.lost(), "every event reached the rendering thread");
                assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes allocated on the engine thread per"
                        + " window of 300 ms, a note every 60 ms into the synth: " + Arrays.toString(allocated));
            }
        }
    }
}
