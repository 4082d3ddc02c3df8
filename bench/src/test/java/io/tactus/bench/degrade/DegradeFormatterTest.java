package io.tactus.bench.degrade;

import io.tactus.bench.stress.Degradation;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DegradeFormatterTest {

    private static final List<DegradeRow> ROWS = List.of(
            new DegradeRow("none", 18752, 18751, 1885, 18376, 0, 0, DegradeRow.Muted.NONE, Double.NaN, 155.1, 0.1,
                    18700),
            new DegradeRow("evict", 1, 1, 868, 0, 868, 0, new DegradeRow.Muted(10, 2, 0), 2.7, 4.8, 0.1, 3, 6, 0.25,
                    1234.4));

    @Test
    void shouldPrintOneLinePerPolicyWithNeverForAnUnshedCulprit() {
        String table = DegradeFormatter.table(Scenario.HOG, ROWS);
        String[] lines = table.split("\n");
        assertEquals(5, lines.length, table);
        assertTrue(lines[1].startsWith("policy   |  XRUN | Timeouts"), lines[1]);
        assertTrue(lines[3].startsWith("none     | 18752 |    18751 |   1885 us |        18376 |"), lines[3]);
        assertTrue(lines[3].contains("     never"), lines[3]);
        assertTrue(lines[4].startsWith("evict    |     1 |        1 |    868 us |            0 |"), lines[4]);
        assertTrue(lines[4].contains("    2.7 ms"), lines[4]);
        assertTrue(lines[3].endsWith("| 18700 |        n/a |          - | n/a"), "no floor measured: " + lines[3]);
        assertTrue(lines[4].endsWith("|    3 |          6 |       0.25 | 1234 us"), "the floor, the ratio, the max: "
                + lines[4]);
        assertTrue(lines[3].contains("|            0 (0/0/0) |"), lines[3]);
        assertTrue(lines[4].contains("|          12 (10/2/0) |"), "muted: all, then low/normal/high: " + lines[4]);
    }

    @Test
    void shouldWriteTheSameFiguresAsCsvLeavingAnUnshedCulpritEmpty() {
        assertEquals("""
                policy,xruns,timeouts,delay_max_us,xruns_settled,delay_max_settled_us,innocents_lost,muted_at_end,muted_low,muted_normal,muted_high,shed_after_ms,dsp_load_settled_pct,steal_pct,delay_over_1000us,floor_delay_over_1000us,delay_count_floor_ratio,floor_max_us
                none,18752,18751,1885.0,18376,0.0,0,0,0,0,0,,155.10,0.10,18700,,,
                evict,1,1,868.0,0,868.0,0,12,10,2,0,2.7,4.80,0.10,3,6,0.250,1234.4
                """, DegradeFormatter.csv(ROWS));
    }

    @Test
    void shouldNameTheScenarioOrSayWhatIsWrong() {
        assertEquals(Scenario.RTLIMIT, Scenario.parse("RTLimit"));
        Degradation rtlimit = Scenario.RTLIMIT.settings(WatchdogSettings.defaults(), 30, Scenario.RTLIMIT_WORK, 30, 0, 0)
                .degradation();
        assertEquals(10, rtlimit.lowPriority(), "half low: what they cost covers the excess over the ceiling");
        assertEquals(5, rtlimit.highPriority());
        assertEquals("--scenario must be hog or rtlimit, not 'fire'",
                org.junit.jupiter.api.Assertions.assertThrows(io.tactus.api.TactusException.class,
                        () -> Scenario.parse("fire")).getMessage());
    }
}
