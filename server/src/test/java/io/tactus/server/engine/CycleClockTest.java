package io.tactus.server.engine;

import io.tactus.api.CycleTimes;
import io.tactus.ipc.graph.GraphLayout;
import io.tactus.ipc.graph.GraphSegment;
import io.tactus.ipc.graph.SegmentClock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CycleClockTest {

    private static final int RATE = 48_000;
    private static final int NFRAMES = 64;

    /** A clock that says what the test sets. */
    private static final class SetClock implements ClockSource {
        long now;

        @Override
        public long nanoTime() {
            return now;
        }

        @Override
        public void park(long nanos) {
            now += nanos;
        }
    }

    @Test
    void shouldStampEveryCycleAndRoundTripMicrosAndFramesWithinOneFrame() {
        SetClock clock = new SetClock();
        PeriodTiming timing = new PeriodTiming(5_000_000_000L, RATE, NFRAMES);
        CycleClock cycles = new CycleClock(clock, NFRAMES, timing.periodNanos());
        CycleTimes times = new CycleTimes();
        Random random = new Random(3);
        long k = 0;
        long skipped = 0;
        long previous = -1;
        for (int i = 0; i < 10_000; i++) {
            cycles.begin(k * NFRAMES, timing.idealStart(k), timing.idealStart(k + 1), NFRAMES, i + 1);
            clock.now = timing.idealStart(k) + random.nextInt((int) timing.periodNanos());
            long frame = cycles.lastFrameTime();
            if (previous >= 0) {
                assertEquals(0, (frame - previous) % NFRAMES, "a whole number of periods");
                assertTrue(frame > previous);
            }
            previous = frame;
            cycles.cycleTimes(times);
            assertEquals(frame, times.currentFrames());
            assertEquals(timing.idealStart(k) / 1000, times.currentMicros());
            assertEquals(timing.idealStart(k + 1) / 1000, times.nextMicros());
            assertEquals(1333.33f, times.periodMicros(), 0.01f);
            int since = cycles.framesSinceCycleStart();
            assertTrue(since >= 0 && since < NFRAMES, "frames since the cycle began: " + since);
            assertEquals(frame + since, cycles.frameTime(), 1.0);
            for (long f = frame - 3 * NFRAMES; f < frame + 3 * NFRAMES; f += 17) {
                assertEquals(f, cycles.timeToFrames(cycles.framesToTime(f)), 1.0, "frame " + f + " through microseconds");
            }
            long step = random.nextInt(50) == 0 ? 1 + random.nextInt(3) : 0; // an overrun skips periods
            skipped += step;
            k += 1 + step;
        }
        assertEquals((10_000 - 1 + skipped) * NFRAMES, previous, "the frame time advanced by the period every cycle "
                + "and by the skipped periods after each overrun");
        assertTrue(skipped > 0);
    }

    /**
     * A process client's view: the engine's clock mirrored into a real graph segment, read through a second mapping
     * of its file (as another process maps it) by a {@link SegmentClock}, while a thread of its own reads it
     * throughout: every cycle shows exactly the engine's stamp, and no read ever mixes two stamps, though the
     * stamps alternate between the two banks.
     */
    @Test
    void shouldShowAProcessClientEveryStampThroughTheSegmentAndNeverATornOne(@TempDir Path directory) throws Exception {
        SetClock clock = new SetClock();
        PeriodTiming timing = new PeriodTiming(5_000_000_000L, RATE, NFRAMES);
        try (GraphSegment engineSide = GraphSegment.create(directory, "clock", GraphLayout.of(2, 1, NFRAMES),
                timing.periodNanos());
             GraphSegment clientSide = GraphSegment.open(engineSide.path())) {
            CycleClock cycles = new CycleClock(clock, NFRAMES, timing.periodNanos());
            cycles.mirrorTo(new SegmentClock(engineSide));
            SegmentClock seen = new SegmentClock(clientSide);
            AtomicBoolean done = new AtomicBoolean();
            AtomicLong torn = new AtomicLong();
            AtomicLong reads = new AtomicLong();
            Thread reader = new Thread(() -> {
                CycleTimes times = new CycleTimes();
                while (!done.get()) {
                    seen.cycleTimes(times);
                    long k = times.currentFrames() / NFRAMES;
                    if (times.currentFrames() % NFRAMES != 0 || times.currentMicros() != timing.idealStart(k) / 1000
                            || times.nextMicros() != timing.idealStart(k + 1) / 1000) {
                        torn.incrementAndGet();
                    }
                    reads.incrementAndGet();
                }
            }, "segment-clock-reader");
            cycles.begin(0, timing.idealStart(0), timing.idealStart(1), NFRAMES, 1);
            reader.start();
            Random random = new Random(5);
            long k = 0;
            long skipped = 0;
            for (int i = 0; i < 10_000; i++) {
                cycles.begin(k * NFRAMES, timing.idealStart(k), timing.idealStart(k + 1), NFRAMES, i + 2);
                clock.now = timing.idealStart(k) + random.nextInt((int) timing.periodNanos());
                assertEquals(k * NFRAMES, seen.lastFrameTime(), "cycle " + i);
                long f = k * NFRAMES + random.nextInt(NFRAMES);
                assertEquals(f, seen.timeToFrames(seen.framesToTime(f)), 1.0, "frame " + f + " through microseconds");
                long step = random.nextInt(50) == 0 ? 1 + random.nextInt(3) : 0;
                skipped += step;
                k += 1 + step;
            }
            done.set(true);
            reader.join(5_000);
            assertEquals(0, torn.get(), "reads that mixed two stamps, of " + reads.get());
            assertTrue(reads.get() > 0 && skipped > 0);
        }
    }
}
