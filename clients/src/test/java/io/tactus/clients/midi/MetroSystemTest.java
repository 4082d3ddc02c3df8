package io.tactus.clients.midi;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.server.TactusServer;
import org.junit.jupiter.api.Test;

import java.nio.FloatBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@code jack_midi_dump} of {@code jack_metro}: a {@link MetroClient} heard by a {@link MidiDumpClient} in a real server. */
class MetroSystemTest {

    private static final int RATE = 48_000;
    private static final int BEATS = 30;

    @Test
    void shouldPlayANoteOnExactlyEveryBeatWhenTheBeatIsWholeFrames() throws Exception {
        // 960 bpm at 48 kHz: a beat of exactly 3000 frames, 16 a second, so the test takes two seconds.
        Heard heard = listen(960, 60, 90);

        List<Long> beats = heard.beatsAtTheirFrames(960);
        for (int i = 1; i < heard.noteOns.size(); i++) {
            if (beats.get(i) == beats.get(i - 1) + 1) {
                assertEquals(3_000, heard.noteOns.get(i) - heard.noteOns.get(i - 1), "beat " + beats.get(i));
            }
        }
        assertEquals(0, (heard.noteOns.get(0) - heard.firstFrame) % 3_000, "beats count from the metronome's first frame");
        // The click starts from a zero crossing, so its first audible sample is the beat's second.
        List<Long> clicksWithNotes = heard.clicks.stream().filter(c -> heard.noteOns.contains(c - 1)).toList();
        assertTrue(clicksWithNotes.size() >= BEATS - 2 * heard.gaps.size() - 2, "clicks heard with their notes: "
                + clicksWithNotes + " of " + heard.clicks + ", periods skipped at " + heard.gaps);
        assertEquals(List.of(), heard.clicks.stream().filter(c -> !heard.noteOns.contains(c - 1) && !heard.afterGap(c))
                .toList(), "clicks that began neither on a beat nor where the engine resumed after skipping periods");
    }

    @Test
    void shouldPlaceEveryBeatAtItsExactFrameWithoutDriftWhenTheBeatIsNotWholeFrames() throws Exception {
        // 999 bpm at 48 kHz: 2882.88... frames a beat; a rounded interval would be 2 frames off after 30 beats.
        Heard heard = listen(999, MetroClient.DEFAULT_KEY, MetroClient.DEFAULT_VELOCITY);

        List<Long> beats = heard.beatsAtTheirFrames(999);
        // A control: the beats are not a fixed whole number of frames apart, which a rounding metronome would play.
        List<Long> gaps = new ArrayList<>();
        for (int i = 1; i < heard.noteOns.size(); i++) {
            if (beats.get(i) == beats.get(i - 1) + 1) {
                gaps.add(heard.noteOns.get(i) - heard.noteOns.get(i - 1));
            }
        }
        assertTrue(gaps.contains(2_882L) && gaps.contains(2_883L) && gaps.stream().allMatch(g -> g == 2_882 || g == 2_883),
                "gaps between beats: " + gaps);
    }

    /** What the dump and the ear heard; {@code gaps} are the frame ranges {from, to} the engine skipped after an overrun. */
    private record Heard(long firstFrame, List<Long> noteOns, List<Long> noteOffs, List<Long> clicks, List<long[]> gaps) {

        /**
         * Asserts that every note-on lies exactly at {@code floor(k * 60 * rate / bpm)} after the first frame for some
         * beat k, that the beats rise, and that every beat between two heard ones fell in skipped frames; returns the ks.
         */
        List<Long> beatsAtTheirFrames(int bpm) {
            long interval = 60L * RATE;
            List<Long> beats = new ArrayList<>();
            for (long frame : noteOns) {
                long k = ((frame - firstFrame) * bpm + interval - 1) / interval; // the first beat at or after the frame
                assertEquals(firstFrame + k * interval / bpm, frame, "the note-on at " + frame + " is beat " + k + "'s");
                if (!beats.isEmpty()) {
                    assertTrue(k > beats.get(beats.size() - 1), "beat " + k + " after beat " + beats.get(beats.size() - 1));
                    for (long missing = beats.get(beats.size() - 1) + 1; missing < k; missing++) {
                        long at = firstFrame + missing * interval / bpm;
                        assertTrue(gaps.stream().anyMatch(g -> g[0] <= at && at < g[1]), "beat " + missing + " at " + at
                                + " was not heard, yet its frames were not skipped");
                    }
                }
                beats.add(k);
            }
            return beats;
        }

        boolean afterGap(long frame) {
            return gaps.stream().anyMatch(g -> frame >= g[1] && frame < g[1] + 64);
        }
    }

    /** Runs the metronome until the dump printed {@value #BEATS} beats after the first, and checks every line. */
    private static Heard listen(int bpm, int key, int velocity) throws Exception {
        BlockingQueue<String> lines = new LinkedBlockingQueue<>();
        try (TactusServer server = MidiDumpSystemTest.start()) {
            TactusClient dumpClient = server.openClient("dump");
            MidiDumpClient dump = new MidiDumpClient(dumpClient, lines::add);
            dumpClient.activate();
            ClickEar ear = new ClickEar(server.openClient("ear"), BEATS * 2);
            TactusClient metroClient = server.openClient("metro");
            MetroClient metro = new MetroClient(metroClient, bpm, key, velocity);
            metroClient.activate();
            metroClient.connect("metro:midi_out", "dump:midi_in");
            metroClient.connect("metro:out", "ear:in");

            // The first beat heard may be cut short by the connection; the next ones are whole.
            assertTrue(within(30_000, () -> lines.size() >= 2 * BEATS + 3), () -> "printed " + lines.size());
            List<String> printed = new ArrayList<>(lines);
            dump.close();
            assertEquals(0, dump.lost() + metro.lost(), "lost events");

            String noteOn = String.format(": 99 %02x %02x  note on (channel 10): key %d, velocity %d", key, velocity, key, velocity);
            String noteOff = String.format(": 89 %02x 00  note off (channel 10): key %d, velocity 0", key, key);
            List<Long> ons = new ArrayList<>();
            List<Long> offs = new ArrayList<>();
            for (String line : printed) {
                long frame = Long.parseLong(line.substring(0, line.indexOf(':')));
                if (line.equals(frame + noteOn)) {
                    ons.add(frame);
                } else {
                    assertEquals(frame + noteOff, line);
                    offs.add(frame);
                }
            }
            if (offs.size() > 0 && (ons.isEmpty() || offs.get(0) < ons.get(0))) {
                offs.remove(0); // the note-off of a beat played before the dump was connected
            }
            int click = MetroClient.clickFrames(RATE, bpm);
            for (int i = 0; i < offs.size(); i++) {
                long due = ons.get(i) + click;
                if (!ear.skipped(due)) {
                    assertEquals(due, offs.get(i), "the note-off of beat " + i + " comes as its click ends");
                }
            }
            assertTrue(ons.size() >= BEATS, "beats heard: " + ons.size());
            long last = ons.get(ons.size() - 1);
            List<Long> clicks = ear.onsets().stream().filter(f -> f > ons.get(0) && f <= last + 1).toList();
            return new Heard(metro.firstFrame(), ons, offs, clicks, ear.gaps());
        }
    }

    /**
     * Records the frame time of every sound that follows 100 or more silent frames, and the frames the engine
     * skipped after an overrun (it then moves the frame time on by the periods it lost). Allocation-free.
     */
    static final class ClickEar {
        private final TactusClient client;
        private final Port in;
        private final long[] onsets;
        private final long[] gapFrom = new long[1_000];
        private final long[] gapTo = new long[1_000];
        private int silent;
        private long expected = -1;
        private volatile int count;
        private volatile int gapCount;

        ClickEar(TactusClient client, int capacity) {
            this.client = client;
            this.onsets = new long[capacity];
            in = client.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
            client.setProcessCallback(this::listen);
            client.activate();
        }

        private void listen(int nframes) {
            long start = client.clock().lastFrameTime();
            int gaps = gapCount;
            if (expected >= 0 && start != expected && gaps < gapFrom.length) {
                gapFrom[gaps] = expected;
                gapTo[gaps] = start;
                gapCount = gaps + 1;
            }
            expected = start + nframes;
            FloatBuffer samples = in.getFloatBuffer();
            int heard = count;
            for (int i = 0; i < nframes; i++) {
                if (samples.get(i) == 0f) {
                    silent++;
                    continue;
                }
                if (silent >= 100 && heard < onsets.length) {
                    onsets[heard++] = client.clock().lastFrameTime() + i;
                }
                silent = 0;
            }
            count = heard;
        }

        List<long[]> gaps() {
            List<long[]> gaps = new ArrayList<>();
            for (int i = 0; i < gapCount; i++) {
                gaps.add(new long[]{gapFrom[i], gapTo[i]});
            }
            return gaps;
        }

        boolean skipped(long frame) {
            return gaps().stream().anyMatch(g -> g[0] <= frame && frame < g[1]);
        }

        List<Long> onsets() {
            List<Long> frames = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                frames.add(onsets[i]);
            }
            return frames;
        }
    }
}
