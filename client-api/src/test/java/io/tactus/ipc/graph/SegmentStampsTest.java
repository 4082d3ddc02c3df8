package io.tactus.ipc.graph;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tactus.api.CycleTimes;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The segment's clock and transport in a bank per cycle parity, read through a second mapping as a client in
 * another process reads them: a reader inside cycle N gets N's figures after N + 1 is out, a reader with no
 * cycle gets the newest, and a stamp the writer left half-written (the server died in it) does not hold a
 * reader: it falls back to the other bank within a bounded number of tries.
 */
class SegmentStampsTest {

    private static final int NFRAMES = 64;
    private static final long PERIOD = 1_333_333;

    @TempDir
    Path directory;

    /** A reader pinned to a cycle; -1 for the newest. */
    private static final class Pinned implements ReaderCycle {
        long cycle = NEWEST;

        @Override
        public long cycle() {
            return cycle;
        }
    }

    private static TransportPosition at(long frame) {
        return new TransportPosition().setFrame(frame, 48_000, frame / 48).setBbt((int) (frame / 1000), 1, 7);
    }

    @Test
    void shouldShowAClientItsOwnCyclesStampAfterTheNextOneIsOut() {
        try (GraphSegment engine = GraphSegment.create(directory, "own", GraphLayout.of(3, 1, NFRAMES), PERIOD);
             GraphSegment client = GraphSegment.open(engine.path())) {
            SegmentClock stamps = new SegmentClock(engine);
            SegmentTransport published = new SegmentTransport(engine);
            Pinned pinned = new Pinned();
            SegmentClock clock = new SegmentClock(client, pinned);
            SegmentTransport transport = new SegmentTransport(client, pinned);
            stamps.stamp(7, 7 * NFRAMES, 7_000, 8_000, NFRAMES);
            published.publish(7, TransportState.STARTING, at(7_000), 2);
            stamps.stamp(8, 8 * NFRAMES, 8_000, 9_000, NFRAMES);
            published.publish(8, TransportState.ROLLING, at(8_000), 0);

            TransportPosition p = new TransportPosition();
            pinned.cycle = 7;
            assertEquals(7 * NFRAMES, clock.lastFrameTime());
            assertEquals(7, clock.cycleTimes(new CycleTimes()).currentMicros());
            assertEquals(TransportState.STARTING, transport.read(p));
            assertEquals(7_000, p.frame());
            assertEquals(7, p.bar());
            assertEquals(7_000, transport.frame());
            assertEquals(2, transport.timebaseMaster());
            pinned.cycle = 8;
            assertEquals(8 * NFRAMES, clock.lastFrameTime());
            assertEquals(TransportState.ROLLING, transport.read(p));
            assertEquals(8_000, p.frame());
            assertEquals(0, transport.timebaseMaster());
            pinned.cycle = ReaderCycle.NEWEST;
            assertEquals(8 * NFRAMES, clock.lastFrameTime(), "the newest stamp for a thread with no cycle");
            assertEquals(8_000, transport.frame());
            stamps.stamp(9, 9 * NFRAMES, 9_000, 10_000, NFRAMES);
            assertEquals(9 * NFRAMES, clock.lastFrameTime(), "the newest is in the other bank now");
        }
    }

    /**
     * The engine switches from 64 to 128 frames a period between cycles 7 and 8 (header and cycle 8's stamp say
     * 128): a reader still in cycle 7 converts frames and microseconds with 64 frames over cycle 7's period, as the
     * stamp it reads says, and a reader in cycle 8 with 128 over cycle 8's.
     */
    @Test
    void shouldConvertWithTheOldPeriodSizeWhenAReaderHoldsTheOldBankAcrossASwitch() {
        try (GraphSegment engine = GraphSegment.create(directory, "switch", GraphLayout.of(3, 1, 2 * NFRAMES), PERIOD);
             GraphSegment client = GraphSegment.open(engine.path())) {
            SegmentClock stamps = new SegmentClock(engine);
            Pinned pinned = new Pinned();
            SegmentClock clock = new SegmentClock(client, pinned);
            stamps.stamp(7, 7 * NFRAMES, 7_000_000, 7_000_000 + PERIOD, NFRAMES);
            engine.publishPeriod(2 * NFRAMES, 2 * PERIOD, false);
            stamps.stamp(8, 8 * NFRAMES, 7_000_000 + PERIOD, 7_000_000 + 3 * PERIOD, 2 * NFRAMES);
            assertEquals(2 * NFRAMES, client.periodFrames(), "the header has the new size");

            pinned.cycle = 7;
            assertEquals(7 * NFRAMES + 32, clock.timeToFrames(7_666), "half of cycle 7's period: 32 of its 64 frames");
            assertEquals(7_667, clock.framesToTime(7 * NFRAMES + 32), "32 frames: half of cycle 7's 1333 us");
            pinned.cycle = 8;
            long cycle8Start = (7_000_000 + PERIOD) / 1000;
            assertEquals(8 * NFRAMES + 64, clock.timeToFrames(cycle8Start + PERIOD / 1000), "64 of cycle 8's 128 frames");
            assertEquals(cycle8Start + PERIOD / 1000, clock.framesToTime(8 * NFRAMES + 64), 1);
        }
    }

    @Test
    void shouldFallBackToThePreviousStampWhenTheWriterDiedMidStamp() {
        try (GraphSegment engine = GraphSegment.create(directory, "dead", GraphLayout.of(3, 1, NFRAMES), PERIOD);
             GraphSegment client = GraphSegment.open(engine.path())) {
            SegmentClock stamps = new SegmentClock(engine);
            SegmentTransport published = new SegmentTransport(engine);
            Pinned pinned = new Pinned();
            SegmentClock clock = new SegmentClock(client, pinned);
            SegmentTransport transport = new SegmentTransport(client, pinned);
            stamps.stamp(7, 7 * NFRAMES, 7_000, 8_000, NFRAMES);
            published.publish(7, TransportState.ROLLING, at(7_000), 0);
            stamps.stamp(8, 8 * NFRAMES, 8_000, 9_000, NFRAMES);
            published.publish(8, TransportState.ROLLING, at(7_064), 0);
            // The server dies between the two halves of cycle 10's stamps (bank 0): sequences left odd.
            engine.setLongVolatile(GraphLayout.clockOffset(0), engine.getLongAcquire(GraphLayout.clockOffset(0)) + 1);
            engine.setLongVolatile(GraphLayout.transportOffset(0),
                    engine.getLongAcquire(GraphLayout.transportOffset(0)) + 1);
            pinned.cycle = 10;

            TransportPosition p = new TransportPosition();
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                assertEquals(7 * NFRAMES, clock.lastFrameTime(), "the other bank: cycle 7's complete stamp");
                assertEquals(7, clock.cycleTimes(new CycleTimes()).currentMicros());
                assertEquals(TransportState.ROLLING, transport.read(p));
                assertEquals(7_000, p.frame());
                assertEquals(7_000, transport.frame());
            });

            // Both banks left odd (a corrupt segment): the reader still returns, with what it read.
            engine.setLongVolatile(GraphLayout.clockOffset(1), engine.getLongAcquire(GraphLayout.clockOffset(1)) + 1);
            engine.setLongVolatile(GraphLayout.transportOffset(1),
                    engine.getLongAcquire(GraphLayout.transportOffset(1)) + 1);
            assertTimeoutPreemptively(Duration.ofSeconds(5), () -> {
                long frame = clock.lastFrameTime();
                assertTrue(frame == 7 * NFRAMES || frame == 8 * NFRAMES, "a stamp as it was read: " + frame);
                transport.read(p);
                assertTrue(p.frame() == 7_000 || p.frame() == 7_064, "a transport as it was read: " + p.frame());
            });
        }
    }

    @Test
    void shouldRelayAClientsSyncAnswerAndBbtOnlyForTheirCycleAndFrame() {
        try (GraphSegment engine = GraphSegment.create(directory, "answers", GraphLayout.of(3, 1, NFRAMES), PERIOD);
             GraphSegment client = GraphSegment.open(engine.path())) {
            RecordTransport written = new RecordTransport(client, 2);
            RecordTransport read = new RecordTransport(engine, 2);
            written.answerSync(41, 4_800, true);
            assertTrue(read.saidReady(41, 4_800));
            assertFalse(read.saidReady(42, 4_800), "an answer of an older cycle is no answer");
            assertFalse(read.saidReady(41, 0), "an answer about another frame (a locate since) is no answer");
            written.answerSync(42, 4_800, false);
            assertFalse(read.saidReady(42, 4_800), "not ready");
            assertFalse(new RecordTransport(engine, 1).saidReady(41, 4_800), "another client's record");

            written.publishBbt(new TransportPosition().setFrame(4_864, 48_000, 0).setBbtFromFrame(120, 3, 8, 960));
            TransportPosition next = new TransportPosition().setFrame(4_864, 48_000, 0);
            assertTrue(read.readBbt(next));
            TransportPosition expected = new TransportPosition().setFrame(4_864, 48_000, 0)
                    .setBbtFromFrame(120, 3, 8, 960);
            assertEquals(expected.toString(), next.toString());
            assertEquals(expected.barStartTick(), next.barStartTick());
            TransportPosition elsewhere = new TransportPosition().setFrame(0, 48_000, 0);
            assertFalse(read.readBbt(elsewhere), "BBT for another frame is not copied");
            assertFalse(elsewhere.bbtValid());
            int sequence = engine.layout().transportAnswersOffset(2) + 16;
            engine.setLongVolatile(sequence, engine.getLongAcquire(sequence) + 1); // the master mid-write
            assertFalse(read.readBbt(next), "the engine does not wait for a master writing now");
        }
    }

    @Test
    void shouldReadStampsAndAnswersWithoutAllocating() {
        com.sun.management.ThreadMXBean threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        assumeTrue(threads.isThreadAllocatedMemorySupported() && threads.isThreadAllocatedMemoryEnabled());
        try (GraphSegment engine = GraphSegment.create(directory, "alloc", GraphLayout.of(3, 1, NFRAMES), PERIOD)) {
            SegmentClock stamps = new SegmentClock(engine);
            SegmentTransport published = new SegmentTransport(engine);
            Pinned pinned = new Pinned();
            SegmentClock clock = new SegmentClock(engine, pinned);
            SegmentTransport transport = new SegmentTransport(engine, pinned);
            RecordTransport answers = new RecordTransport(engine, 1);
            TransportPosition p = new TransportPosition();
            CycleTimes times = new CycleTimes();
            long[] allocated = new long[3];
            long sum = 0;
            for (int w = -5; w < allocated.length; w++) {
                long before = threads.getCurrentThreadAllocatedBytes();
                for (long c = 1; c <= 20_000; c++) {
                    stamps.stamp(c, c * NFRAMES, c * 1_000, c * 1_000 + 1_000, NFRAMES);
                    published.publish(c, TransportState.ROLLING, p, (int) (c & 1));
                    pinned.cycle = c % 3 == 0 ? ReaderCycle.NEWEST : c;
                    sum += clock.lastFrameTime() + clock.cycleTimes(times).currentFrames() + transport.frame()
                            + transport.timebaseMaster() + transport.read(p).ordinal();
                    sum += clock.timeToFrames(c) + clock.framesToTime(c * NFRAMES) + clock.framesSinceCycleStart();
                    answers.answerSync(c, c, true);
                    answers.publishBbt(p);
                    sum += answers.saidReady(c, c) && answers.readBbt(p) ? 1 : 0;
                }
                if (w >= 0) {
                    allocated[w] = threads.getCurrentThreadAllocatedBytes() - before;
                }
            }
            assertTrue(sum != 0);
            assertEquals(0, Arrays.stream(allocated).min().orElseThrow(), "bytes per window: " + Arrays.toString(allocated));
        }
    }
}
