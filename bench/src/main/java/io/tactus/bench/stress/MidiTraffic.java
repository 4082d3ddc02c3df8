package io.tactus.bench.stress;

import io.tactus.api.FrameClock;
import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.server.TactusServer;

import java.util.List;

/**
 * {@code stress --midi}: MIDI through the chain of jack_test3 clients beside their audio. An in-process source
 * writes {@value #EVENTS_PER_SECOND} events a second, one every {@code rate / 1000} frames of the frame time, each
 * carrying a 14-bit sequence number in its two data bytes; the clients pass them on ({@code midi_in} to {@code
 * midi_out}); an in-process sink checks the numbers: a gap is events lost on the way (a client the server gave up
 * on, an output with no room), a number from the past is one out of order. A window's figures count events where
 * they happen: those on their way at its edges are sent in one window and carried in the next. Both callbacks are
 * realtime and allocation-free.
 */
final class MidiTraffic implements AutoCloseable {

    static final int EVENTS_PER_SECOND = 1000;
    private static final int SEQUENCE_MASK = 0x3FFF;

    private final TactusClient source;
    private final TactusClient sink;
    private volatile long sent;
    private volatile long received;
    private volatile long lost;
    private volatile long outOfOrder;

    /** Counters at one moment; {@link #since} makes a window of two. */
    record Counts(long sent, long received, long lost, long outOfOrder) {
        MidiOutcome since(Counts start) {
            return new MidiOutcome(sent - start.sent, received - start.received, lost - start.lost,
                    outOfOrder - start.outOfOrder);
        }
    }

    MidiTraffic(TactusServer server) {
        int every = Math.max(1, server.sampleRate() / EVENTS_PER_SECOND);
        source = server.openClient("midi_source");
        Port out = source.registerPort("midi_out", PortType.MIDI, PortFlag.OUTPUT);
        FrameClock clock = source.clock();
        source.setProcessCallback(nframes -> {
            MidiBuffer buffer = out.getMidiBuffer(); // empty: the server clears MIDI outputs before each callback
            long first = clock.lastFrameTime();
            long n = sent;
            for (int f = (int) Math.floorMod(-first, (long) every); f < nframes; f += every) {
                int s = (int) (n & SEQUENCE_MASK);
                buffer.write(f, 0x90, s & 0x7F, s >> 7);
                n++;
            }
            sent = n;
        });
        sink = server.openClient("midi_sink");
        Port in = sink.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
        long[] last = {-1};
        sink.setProcessCallback(nframes -> {
            MidiBuffer buffer = in.getMidiBuffer();
            int count = buffer.eventCount();
            if (count == 0) {
                return;
            }
            long gaps = 0;
            long late = 0;
            for (int e = 0; e < count; e++) {
                int s = buffer.get(e, 1) | buffer.get(e, 2) << 7;
                if (last[0] >= 0) {
                    int gap = (int) ((s - last[0] - 1) & SEQUENCE_MASK);
                    if (gap > SEQUENCE_MASK / 2) {
                        late++;
                        continue;
                    }
                    gaps += gap;
                }
                last[0] = s;
            }
            received += count - late;
            if (gaps != 0) {
                lost += gaps;
            }
            if (late != 0) {
                outOfOrder += late;
            }
        });
        source.activate();
        sink.activate();
    }

    /** The source into the first client's {@code midi_in}, each {@code midi_out} into the next, the last into the sink. */
    void chain(List<String> clients) {
        String from = "midi_source:midi_out";
        for (String client : clients) {
            source.connect(from, client + ":midi_in");
            from = client + ":midi_out";
        }
        source.connect(from, "midi_sink:midi_in");
    }

    Counts counts() {
        return new Counts(sent, received, lost, outOfOrder);
    }

    @Override
    public void close() {
        sink.close();
        source.close();
    }
}
