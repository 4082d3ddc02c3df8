package io.tactus.midi;

import io.tactus.api.MidiBuffer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * For random sources of random events (frames in order within each, sizes 1 to 8), the merge holds every
 * event of every source, in frame order, events at the same frame in source order; with a target too small
 * it keeps the first that fit in that order and counts each one left out as lost.
 */
class MidiMergePropertyTest {

    private static final int NFRAMES = 64;

    record Event(int frame, int source, int ordinal, byte[] bytes) {
    }

    @Property(tries = 300)
    void shouldMergeEveryEventInFrameOrderThenSourceOrder(@ForAll @IntRange(min = 1, max = 6) int sourceCount,
                                                        @ForAll @IntRange(min = 0, max = 40) int maxEvents,
                                                        @ForAll long seed) {
        check(sourceCount, maxEvents, seed, MidiBuffer.DEFAULT_CAPACITY);
    }

    @Property(tries = 300)
    void shouldKeepWhatFitsAndCountTheRestLost(@ForAll @IntRange(min = 1, max = 6) int sourceCount,
                                             @ForAll @IntRange(min = 0, max = 40) int maxEvents,
                                             @ForAll @IntRange(min = 29, max = 400) int targetCapacity,
                                             @ForAll long seed) {
        check(sourceCount, maxEvents, seed, targetCapacity);
    }

    private static void check(int sourceCount, int maxEvents, long seed, int targetCapacity) {
        Random random = new Random(seed);
        MidiBuffer[] sources = new MidiBuffer[sourceCount];
        List<Event> written = new ArrayList<>();
        for (int s = 0; s < sourceCount; s++) {
            sources[s] = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, NFRAMES);
            int frame = 0;
            int count = random.nextInt(maxEvents + 1);
            for (int e = 0; e < count; e++) {
                frame = Math.min(NFRAMES - 1, frame + (random.nextInt(3) == 0 ? 0 : random.nextInt(6)));
                byte[] bytes = new byte[1 + random.nextInt(8)];
                random.nextBytes(bytes);
                sources[s].write(frame, bytes, 0, bytes.length);
                written.add(new Event(frame, s, e, bytes));
            }
        }
        MidiBuffer target = MidiBuffer.allocate(targetCapacity, NFRAMES);
        target.write(0, 0x90, 1, 1); // the merge starts from a cleared target
        MidiMerge merge = new MidiMerge(target, sources);
        merge.run();
        merge.run(); // the same result when run again: cursors start over

        List<Event> expected = new ArrayList<>(written);
        expected.sort(Comparator.comparingInt(Event::frame).thenComparingInt(Event::source)
                .thenComparingInt(Event::ordinal));
        int kept = 0;
        int free = targetCapacity - 16;
        for (Event e : expected) {
            if (12 + e.bytes().length > free) {
                break; // the first that does not fit; later, smaller ones may, so check what fits below
            }
            free -= 12 + e.bytes().length;
            kept++;
        }
        assertEquals(expected.size(), target.eventCount() + target.lostEvents(), "every event kept or counted lost");
        assertEquals(true, target.eventCount() >= kept, "at least the first " + kept + " in merge order fit");
        // What was kept is a subsequence of the merge order, in frame order, with its bytes intact.
        int at = 0;
        for (int i = 0; i < target.eventCount(); i++) {
            while (!same(expected.get(at), target, i)) {
                at++;
            }
            if (i > 0) {
                assertEquals(true, target.frame(i) >= target.frame(i - 1), "frame order");
            }
            at++;
        }
    }

    private static boolean same(Event e, MidiBuffer target, int index) {
        if (target.frame(index) != e.frame() || target.size(index) != e.bytes().length) {
            return false;
        }
        for (int b = 0; b < e.bytes().length; b++) {
            if (target.get(index, b) != (e.bytes()[b] & 0xff)) {
                return false;
            }
        }
        return true;
    }
}
