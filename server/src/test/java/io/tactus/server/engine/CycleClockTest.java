package io.tactus.server.engine;

import io.tactus.api.CycleTimes;
import org.junit.jupiter.api.Test;

import java.util.Random;

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
            cycles.begin(k * NFRAMES, timing.idealStart(k), timing.idealStart(k + 1));
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
}
