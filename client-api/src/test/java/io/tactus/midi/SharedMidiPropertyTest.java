package io.tactus.midi;

import io.tactus.api.MidiBuffer;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A MIDI slot of the shared graph is written by another process, which may be broken or lying: whatever the
 * block's bytes, a reader's snapshot and merge never throw, keep only whole events, and a well-written block
 * passes through a snapshot unchanged.
 */
class SharedMidiPropertyTest {

    private static final int NFRAMES = 64;

    @Property(tries = 500)
    void shouldMergeOnlyWholeEventsWhateverTheBlockHolds(@ForAll long seed,
                                                        @ForAll @IntRange(min = 0, max = 3) int damage) {
        Random random = new Random(seed);
        ByteBuffer block = ByteBuffer.allocateDirect(MidiBuffer.DEFAULT_CAPACITY).order(ByteOrder.nativeOrder());
        MidiBuffer shared = MidiBuffer.wrap(block, NFRAMES);
        int events = random.nextInt(30);
        for (int e = 0; e < events; e++) {
            shared.write(Math.min(NFRAMES - 1, e * 2), 0x90, e, 1);
        }
        switch (damage) { // 0: none; 1: random words in the header and table; 2: every byte random; 3: a huge count
            case 1 -> {
                for (int w = 0; w < 8; w++) {
                    block.putInt(4 * random.nextInt(16 + 3 * Math.max(1, events)), random.nextInt());
                }
            }
            case 2 -> {
                for (int i = 0; i < block.capacity(); i++) {
                    block.put(i, (byte) random.nextInt());
                }
            }
            case 3 -> block.putInt(0, Integer.MAX_VALUE - random.nextInt(3));
            default -> { }
        }
        MidiBuffer target = MidiBuffer.allocate(MidiBuffer.DEFAULT_CAPACITY, NFRAMES);
        MidiMerge merge = MidiMerge.ofShared(target, 2);
        merge.reset();
        merge.addSnapshot(shared);
        merge.merge();

        assertEquals(target.eventCount(), target.intactEvents(), "the reader's buffer is whole");
        for (int e = 0; e < target.eventCount(); e++) {
            assertTrue(target.frame(e) >= 0 && target.frame(e) < NFRAMES);
            assertTrue(target.size(e) >= 1);
            target.get(e, target.size(e) - 1); // readable to its last byte
        }
        if (damage == 0) {
            assertEquals(events, target.eventCount(), "a well-written block passes whole");
            for (int e = 0; e < events; e++) {
                assertEquals(e, target.get(e, 1));
            }
        }
    }
}
