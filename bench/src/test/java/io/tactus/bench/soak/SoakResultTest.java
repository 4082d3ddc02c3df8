package io.tactus.bench.soak;

import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;
import io.tactus.bench.os.ProcessResources;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SoakResultTest {

    private static final ProcessResources RESOURCES = new ProcessResources(70, 50, 9, 1);

    /** 30 minutes measured, xruns counted from minute 5: 25 minutes (1500 s by the clock). */
    private static SoakResult soak(long xrunsFromMinute5, FloorWindow floor) {
        return new SoakResult(SoakSettings.defaults(), 1800, 179, 895, List.of(), 30_000, 0, null, RESOURCES,
                RESOURCES, 300, 400_000, 404_000, 200_000, 202_000, 75_000, 76_000, 0, xrunsFromMinute5 + 3,
                xrunsFromMinute5, xrunsFromMinute5 / 2, 20, floor, 1500);
    }

    private static FloorWindow floor(double seconds, long late) {
        return new FloorWindow(seconds, Math.round(seconds * 750), late, 0, new Histogram(3), "SCHED_FIFO 70",
                FloorWait.NANOSLEEP, 0);
    }

    private static SoakResult.Verdict xrunVerdict(SoakResult r) {
        return r.verdicts().stream().filter(v -> v.goal().startsWith("xruns")).findFirst().orElseThrow();
    }

    @Test
    void shouldHoldTheXrunsOfItsMinutesAgainstTheFloorsLateWakeUpsAMinute() {
        FloorWindow beside = floor(1500, 50); // 2 a minute
        assertTrue(xrunVerdict(soak(50, beside)).met(), "2 xruns a minute against the floor's 2");
        assertFalse(xrunVerdict(soak(51, beside)).met(), "2.04 a minute against 2");
        assertEquals("2.0 xruns a minute from minute 5 on (the engine woke late 1.0 a minute); the floor 2.0 late"
                        + " wake-ups a minute",
                xrunVerdict(soak(50, beside)).figures());
    }

    @Test
    void shouldFailTheXrunGoalWhenTheFloorWasNotMeasuredOrCountedNothing() {
        assertFalse(xrunVerdict(soak(0, null)).met());
        assertEquals("0.0 xruns a minute from minute 5 on (the engine woke late 0.0 a minute); the floor not measured",
                xrunVerdict(soak(0, null)).figures());
        assertFalse(xrunVerdict(soak(0, floor(0, 0))).met(), "a floor stopped in its warm-up measured nothing");
    }

    @Test
    void shouldPrintTheFloorsBlockAndWhereItRan() {
        String text = SoakReport.format(soak(50, floor(1500, 50)));
        assertTrue(text.contains("Floor Delay Count (>1000us)"), text);
        assertTrue(text.contains("beside the server, from minute 5 to the end"), text);
        assertTrue(text.contains("Delay Count (>1000 usecs) . . :    25 from minute 5 on"), text);
        assertTrue(SoakReport.json(soak(50, floor(1500, 50))).contains("\"delayCountOver1000us\" : 50"));
        assertTrue(SoakReport.format(soak(0, null)).contains("not measured"));
    }
}
