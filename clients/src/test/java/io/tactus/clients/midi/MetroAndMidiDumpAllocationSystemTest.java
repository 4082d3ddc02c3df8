package io.tactus.clients.midi;

import io.tactus.api.TactusClient;
import io.tactus.clients.EngineAllocation;
import io.tactus.server.TactusServer;
import io.tactus.server.telemetry.MetricsSnapshot;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static io.tactus.testing.Poll.sleep;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Both clients' process callbacks run on the engine thread here, so its allocated bytes are theirs. */
class MetroAndMidiDumpAllocationSystemTest {

    @Test
    void shouldAllocateNothingOnTheEngineThreadWhileTheMetronomePlaysIntoTheDump() throws Exception {
        AtomicLong printed = new AtomicLong();
        try (TactusServer server = MidiDumpSystemTest.start()) {
            TactusClient dumpClient = server.openClient("dump");
            MidiDumpClient dump = new MidiDumpClient(dumpClient, line -> printed.incrementAndGet());
            dumpClient.activate();
            TactusClient metroClient = server.openClient("metro");
            MetroClient metro = new MetroClient(metroClient, MetroClient.MAX_BPM, MetroClient.DEFAULT_KEY,
                    MetroClient.DEFAULT_VELOCITY);
            metroClient.activate();
            metroClient.connect("metro:midi_out", "dump:midi_in");
            metroClient.connect("metro:out", "system:playback_1");

            assertTrue(within(10_000, () -> printed.get() > 20), () -> "lines printed: " + printed.get());
            sleep(1_000); // past the 300-cycle warm-up, and the JIT's first compiles of both callbacks
            server.restartMetrics();
            long beatsBefore = metro.beats();
            long[] allocated = EngineAllocation.perWindow(server, 5, 300);
            MetricsSnapshot m = server.stopMetrics(5, TimeUnit.SECONDS);
            assertTrue(m.cycles() > 500, "the engine ran: " + m.cycles() + " cycles");
            assertTrue(metro.beats() - beatsBefore > 20, "beats played while measured: " + (metro.beats() - beatsBefore));
            assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes allocated on the engine thread per window"
                    + " of 300 ms with a beat and its note-off every 60 ms: " + Arrays.toString(allocated));
            assertEquals(0, dump.lost());
            dump.close();
        }
    }
}
