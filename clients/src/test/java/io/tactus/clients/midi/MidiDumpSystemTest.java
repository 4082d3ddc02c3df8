package io.tactus.clients.midi;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.clients.TestServers;
import io.tactus.server.TactusServer;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A sequencer client plays a script into a {@link MidiDumpClient} through a real in-process server. */
class MidiDumpSystemTest {


    /** Each script event: its bytes, its frame offset in the period, and what the dump should print after the frame. */
    private static final int[][] SCRIPT = {
            {0x90, 64, 100}, {0x80, 64, 0}, {0xB3, 7, 127}, {0xC0, 5}, {0xE0, 0x00, 0x40}, {0xF8},
            {0xF0, 0x7E, 0x7F, 0x06, 0x01, 0xF7}};
    private static final int[] OFFSETS = {0, 17, 63, 5, 32, 1, 40};
    private static final String[] PRINTED = {
            " 90 40 64  note on (channel 1): key 64, velocity 100",
            " 80 40 00  note off (channel 1): key 64, velocity 0",
            " b3 07 7f  control change (channel 4): controller 7, value 127",
            " c0 05  program change (channel 1): program 5",
            " e0 00 40  pitch bend (channel 1): 0",
            " f8",
            " f0 7e 7f ... (SysEx of 6 bytes, truncated)"};

    static TactusServer start() {
        return TestServers.dummy("midi-dump-test");
    }

    @Test
    void shouldPrintEveryEventASequencerSendsAtItsExactFrame() throws Exception {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        int rounds = 40;
        try (TactusServer server = start()) {
            TactusClient dumpClient = server.openClient("dump");
            MidiDumpClient dump = new MidiDumpClient(dumpClient, lines::add);
            dumpClient.activate();
            Sequencer sequencer = new Sequencer(server, "seq", dump, rounds, 1);
            sequencer.client.connect("seq:midi_out", "dump:midi_in");

            int events = rounds * SCRIPT.length;
            assertTrue(within(20_000, () -> sequencer.sent == events && lines.size() >= sequencer.probesSeen + events),
                    () -> "sent " + sequencer.sent + " of " + events + ", printed " + lines.size());
            List<String> printed = new ArrayList<>(lines).subList(sequencer.probesSeen, sequencer.probesSeen + events);
            List<String> expected = new ArrayList<>();
            for (int i = 0; i < events; i++) {
                expected.add(sequencer.frames[i] + ":" + PRINTED[i % SCRIPT.length]);
            }
            assertEquals(expected, printed);
            assertEquals(sequencer.probesSeen + events, dump.seen());
            assertEquals(0, dump.lost());
            dump.close();
        }
    }

    @Test
    void shouldCountTheEventsThatFindTheRingFullAsLost() throws Exception {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        CountDownLatch printing = new CountDownLatch(1);
        int ring = 8;
        int rounds = 10;
        try (TactusServer server = start()) {
            TactusClient dumpClient = server.openClient("dump");
            // The printing thread stops at its first line until the test lets it go, so the ring fills.
            MidiDumpClient dump = new MidiDumpClient(dumpClient, line -> {
                awaitQuietly(printing);
                lines.add(line);
            }, ring);
            dumpClient.activate();
            Sequencer sequencer = new Sequencer(server, "seq", dump, rounds, 2);
            sequencer.client.connect("seq:midi_out", "dump:midi_in");

            int events = rounds * SCRIPT.length;
            assertTrue(within(20_000, () -> sequencer.sent == events && dump.seen() == sequencer.probesSeen + events),
                    () -> "sent " + sequencer.sent + " of " + events + ", seen " + dump.seen());
            assertEquals(sequencer.probesSeen + events - ring, dump.lost(), "every event beyond the ring's " + ring);
            printing.countDown();
            assertTrue(within(10_000, () -> lines.size() == ring), () -> "printed " + lines.size());
            dump.close();
        }
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Sends one probe (active sensing) a period until the dump has seen one, so the connection is in place, then
     * the script {@code rounds} times, {@code perPeriod} script events a period, recording each one's frame time.
     */
    static final class Sequencer {
        final TactusClient client;
        final long[] frames;
        private final Port out;
        private final MidiDumpClient dump;
        private final int perPeriod;
        private final byte[] bytes = new byte[8];
        volatile int probesSeen = -1;
        volatile int sent;

        Sequencer(TactusServer server, String name, MidiDumpClient dump, int rounds, int perPeriod) {
            this.dump = dump;
            this.perPeriod = perPeriod;
            this.frames = new long[rounds * SCRIPT.length];
            client = server.openClient(name);
            out = client.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
            client.setProcessCallback(n -> play());
            client.activate();
        }

        private void play() {
            MidiBuffer buffer = out.getMidiBuffer();
            if (probesSeen < 0) {
                if (dump.seen() == 0) {
                    bytes[0] = (byte) 0xFE;
                    buffer.write(0, bytes, 0, 1);
                    return;
                }
                probesSeen = (int) dump.seen();
            }
            // Events go in frame order, so a period of two plays the lower offset first.
            for (int k = 0; k < perPeriod && sent < frames.length; k++) {
                int next = sent;
                int[] event = SCRIPT[next % SCRIPT.length];
                int offset = OFFSETS[next % SCRIPT.length];
                if (k > 0 && offset < buffer.frame(buffer.eventCount() - 1)) {
                    break;
                }
                for (int b = 0; b < event.length; b++) {
                    bytes[b] = (byte) event[b];
                }
                buffer.write(offset, bytes, 0, event.length);
                frames[next] = client.clock().lastFrameTime() + offset;
                sent = next + 1;
            }
        }
    }
}
