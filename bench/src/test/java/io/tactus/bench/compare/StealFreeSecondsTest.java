package io.tactus.bench.compare;

import io.tactus.bench.stress.StressResult;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A window's xruns are counted only in its seconds without steal, and only where both steal and xruns are known. */
class StealFreeSecondsTest {

    @Test
    void shouldCountTheXrunsOfTheSecondsWithoutStealOnly() {
        StealFreeSeconds quiet = StealFreeSeconds.of(List.of(0.0, 2.5, 0.05, 0.1, 0.0), List.of(3L, 40L, 1L, 7L, 0L));
        assertEquals(new StealFreeSeconds(3, 5, 4), quiet);
        assertEquals(4.0 / 3, quiet.xrunRate(), 1e-12);
    }

    @Test
    void shouldKnowOnlyTheSecondsSampledForBoth() {
        assertEquals(new StealFreeSeconds(2, 2, 5), StealFreeSeconds.of(List.of(0.0, 0.0, 0.0), List.of(2L, 3L)));
        assertEquals(new StealFreeSeconds(1, 1, 9), StealFreeSeconds.of(List.of(0.0), List.of(9L, 4L)));
    }

    @Test
    void shouldHaveNoRateWithoutAQuietSecond() {
        StealFreeSeconds stolen = StealFreeSeconds.of(List.of(1.0, 3.0), List.of(5L, 6L));
        assertEquals(new StealFreeSeconds(0, 2, 0), stolen);
        assertTrue(Double.isNaN(stolen.xrunRate()));
    }

    @Test
    void shouldTakeAStressRunsOwnCount() {
        assertEquals(new StealFreeSeconds(54, 60, 138),
                StealFreeSeconds.of(new StressResult.QuietSeconds(54, 60, 138, 328)));
    }
}
