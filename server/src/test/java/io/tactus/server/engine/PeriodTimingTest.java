package io.tactus.server.engine;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PeriodTimingTest {

    @Test
    void shouldKeepExactTimeWithoutDriftOverHours() {
        PeriodTiming t = new PeriodTiming(1_000, 48_000, 64);
        assertEquals(1_000, t.idealStart(0));
        assertEquals(1_000 + 1_333_333, t.idealStart(1));
        assertEquals(1_000 + 1_000_000_000L, t.idealStart(750), "750 periods of 64 frames are exactly one second");
        long tenHours = 10L * 3600 * 750;
        assertEquals(1_000 + 10L * 3600 * 1_000_000_000L, t.idealStart(tenHours));
    }

    @Test
    void shouldHandleRatesThatDoNotDivideEvenly() {
        PeriodTiming t = new PeriodTiming(0, 44_100, 64);
        assertEquals(16_000_000_000L, t.idealStart(11_025), "11025 periods of 64 frames at 44.1 kHz are 16 s");
        assertEquals(64L * 1_000_000_000L * 7 / 44_100, t.idealStart(7));
    }

    @Test
    void shouldFindTheFirstPeriodAfterAnInstant() {
        PeriodTiming t = new PeriodTiming(0, 48_000, 64);
        assertEquals(0, t.firstPeriodAfter(-5));
        assertEquals(1, t.firstPeriodAfter(0));
        assertEquals(2, t.firstPeriodAfter(t.idealStart(1)));
        assertEquals(2, t.firstPeriodAfter(t.idealStart(2) - 1));
        long far = t.idealStart(123_456_789) + 17;
        long k = t.firstPeriodAfter(far);
        assertTrue(t.idealStart(k) > far && t.idealStart(k - 1) <= far);
    }

    @Test
    void shouldContinueFromTheSwitchingPeriodAtTheNewSizeWhenRestarted() {
        PeriodTiming t = new PeriodTiming(0, 48_000, 64);
        long at = t.idealStart(750); // one second in, period 750 starts a run of 256-frame periods
        t.restart(at, 750, 256);
        assertEquals(256, t.nframes());
        assertEquals(at, t.idealStart(750), "the switching period starts where it would have");
        assertEquals(at + 5_333_333, t.idealStart(751));
        assertEquals(at + 2_000_000_000L, t.idealStart(750 + 375), "375 periods of 256 frames are exactly two seconds");
        assertEquals(752, t.firstPeriodAfter(t.idealStart(751)));
        assertEquals(750, t.firstPeriodAfter(at - 1), "before the switch: the switching period comes first");
        long far = t.idealStart(750 + 1_000_003) + 5;
        long k = t.firstPeriodAfter(far);
        assertTrue(t.idealStart(k) > far && t.idealStart(k - 1) <= far);
    }

    @Test
    void shouldWaitBySleepingToTheSpinWindowThenSpinningToTheDeadline() {
        FakeClock clock = new FakeClock(0);
        PeriodWaiter waiter = new PeriodWaiter(clock, 200_000);
        long woke = waiter.awaitUntil(1_000_000);
        assertTrue(woke >= 1_000_000);
        assertEquals(1, clock.sleeps, "one sleep up to the spin window");
        assertEquals(800_000, clock.sleptTo, "sleeps to the instant 200 us before the deadline, not for a duration");
        assertEquals(0, clock.parks, "an absolute sleep, not a relative park");
    }

    @Test
    void shouldParkForTheTimeLeftWhereTheClockHasNoAbsoluteSleep() {
        ParkOnlyClock clock = new ParkOnlyClock();
        new PeriodWaiter(clock, 200_000).awaitUntil(1_000_000);
        assertEquals(1, clock.parks);
        assertEquals(1_000_000 - 2_000 - 200_000, clock.parked, "parks from its own reading to 200 us before");
    }

    @Test
    void shouldNeverParkWithFullSpin() {
        FakeClock clock = new FakeClock(0);
        new PeriodWaiter(clock, PeriodWaiter.FULL_SPIN).awaitUntil(1_000_000);
        assertEquals(0, clock.parks);
    }

    /**
     * Advances 1 µs per reading; parking advances by the time asked. Only the interface's default sleep: it
     * parks for the time left.
     */
    static class ParkOnlyClock implements ClockSource {
        long now;
        int parks;
        long parked;

        @Override
        public long nanoTime() {
            return now += 1_000;
        }

        @Override
        public void park(long nanos) {
            parks++;
            parked += nanos;
            now += nanos;
        }
    }

    /** As {@link ParkOnlyClock}, and sleeping to an instant advances the clock to it. */
    static final class FakeClock extends ParkOnlyClock {
        int sleeps;
        long sleptTo;

        FakeClock(long now) {
            this.now = now;
        }

        @Override
        public void sleepUntil(long instant) {
            sleeps++;
            sleptTo = instant;
            now = Math.max(now, instant);
        }
    }

    @Test
    void shouldCutTheSpinSoThatSpinAndWorkStayInsideTheRtBudget() {
        long period = 1_333_333;
        assertEquals(1_000_000, CycleTiming.spinFor(1_000_000, period, 50_000, 85), "a light graph spins as configured");
        assertEquals(period * 85 / 100 - 400_000, CycleTiming.spinFor(1_000_000, period, 400_000, 85), "a heavy one spins less");
        assertEquals(0, CycleTiming.spinFor(1_000_000, period, 1_200_000, 85), "an overloaded one does not spin at all");
        assertEquals(PeriodWaiter.FULL_SPIN, CycleTiming.spinFor(PeriodWaiter.FULL_SPIN, period, 1_200_000, 85),
                "always-spin is the user's explicit choice");
        assertEquals(period * 25 / 100 - 50_000, CycleTiming.spinFor(1_000_000, period, 50_000, 25),
                "a kernel RT budget of 30 % leaves room for 25 % of spin and work");
    }
}
