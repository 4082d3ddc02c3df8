package io.tactus.bench.compare;

import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class Jt3SummaryTest {

    @Test
    void shouldReadEveryFigureOfTheMeasuringClientsLine() {
        Jt3Summary s = Jt3Summary.parse("jt3 jack_test3_1 summary: seconds=3.094 cycles=2320 xruns=3 "
                + "interval_max_usecs=2825.2 process_max_usecs=71.2 dsp_load_avg=6.14 dsp_load_max=7.90 load_samples=31 "
                + "max_delayed_usecs=12.5").orElseThrow();

        assertEquals(new Jt3Summary("jack_test3_1", 3.094, 2320, 3, 2825.2, 71.2, 6.14, 7.90, 12.5), s);
        assertTrue(s.measuredServer());
    }

    @Test
    void shouldLeaveTheServersFiguresUnknownWhenTheClientDidNotMeasureThem() {
        Jt3Summary s = Jt3Summary.parse("jt3 jack_test3_2 summary: seconds=3.0 cycles=2250 xruns=0 "
                + "interval_max_usecs=1400.0 process_max_usecs=30.0").orElseThrow();

        assertFalse(s.measuredServer());
        assertTrue(Double.isNaN(s.maxDelayedMicros()));
    }

    @Test
    void shouldIgnoreOtherLines() {
        assertEquals(Optional.empty(), Jt3Summary.parse("jt3 jack_test3_1 active: 2 ports, work 16, 64 frames at 48000 Hz"));
        assertEquals(Optional.empty(), Jt3Summary.parse("tactus_jt3: the server went away"));
    }

    @Test
    void shouldGiveTactusOverJackAndSayWhenARatioHasNoMeaning() {
        assertEquals("0.200", ComparisonFormatter.ratio(10, 2));
        assertEquals("-", ComparisonFormatter.ratio(0, 0));
        assertEquals("inf", ComparisonFormatter.ratio(0, 4));
        assertEquals("-", ComparisonFormatter.ratio(Double.NaN, 4));
    }
}
