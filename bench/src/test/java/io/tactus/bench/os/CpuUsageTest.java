package io.tactus.bench.os;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

class CpuUsageTest {

    private static ProcStat stat(String cpu, long intr, long ctxt, long atNanos) {
        return ProcStat.parse(List.of(
                "cpu  " + cpu,
                "cpu0 1 2 3 4 5 6 7 8 0 0",
                "intr " + intr + " 0 9 0",
                "ctxt " + ctxt,
                "btime 1764500000",
                "processes 1234"), atNanos);
    }

    @Test
    void shouldComputeSharesAndRatesFromTwoProcStatSnapshots() {
        // columns: user nice system idle iowait irq softirq steal guest guest_nice
        ProcStat before = stat("1000 10 200 5000 30 5 1 100 0 0", 50_000, 80_000, 0);
        ProcStat after = stat("1300 10 300 5450 40 10 1 200 0 0", 53_414, 103_830, 2_000_000_000L);
        CpuUsage u = CpuUsage.between(before, after);
        // total ticks elapsed: 300 + 0 + 100 + 450 + 10 + 5 + 0 + 100 = 965
        assertEquals(100.0 * 300 / 965, u.user(), 1e-9);
        assertEquals(0.0, u.nice(), 1e-9);
        assertEquals(100.0 * 100 / 965, u.system(), 1e-9);
        assertEquals(100.0 * 10 / 965, u.iowait(), 1e-9);
        assertEquals(100.0 * 5 / 965, u.irq(), 1e-9);
        assertEquals(0.0, u.softirq(), 1e-9);
        assertEquals(100.0 * 100 / 965, u.steal(), 1e-9);
        assertEquals(1707.0, u.interruptRate(), 1e-9);
        assertEquals(11915.0, u.contextSwitchRate(), 1e-9);
    }

    @Test
    void shouldReadTheRealProcStatWhereThereIsOne() {
        ProcStat now = ProcStat.read();
        org.junit.jupiter.api.Assumptions.assumeTrue(now != null, "no /proc/stat here");
        assertEquals(true, now.total() > 0 && now.contextSwitches() > 0);
    }
}
