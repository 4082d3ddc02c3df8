package io.tactus.clients;

import org.junit.jupiter.api.Test;

import static io.tactus.clients.HogClient.burnNanos;
import static io.tactus.clients.HogPattern.BURST;
import static io.tactus.clients.HogPattern.RAMP;
import static io.tactus.clients.HogPattern.STEADY;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** The hog's per-cycle burn, exactly, for each pattern. Cycle 0 is the first cycle after the start. */
class HogClientTest {

    private static final long MS = 1_000_000;        // a 1 ms period: 48 frames at 48 kHz
    private static final long P64 = 1_333_333;       // 64 frames at 48 kHz, rounded to the nanosecond

    @Test
    void shouldBurnTheFullLoadEveryCycleWhenSteady() {
        assertEquals(500_000, burnNanos(0, MS, 50, STEADY));
        assertEquals(500_000, burnNanos(123_456_789, MS, 50, STEADY));
        assertEquals(1_500_000, burnNanos(7, MS, 150, STEADY), "150 % is one and a half periods");
        assertEquals(0, burnNanos(7, MS, 0, STEADY));
        assertEquals(666_667, burnNanos(1, P64, 50, STEADY), "half of 1333333 ns, rounded");
    }

    @Test
    void shouldRampLinearlyOverTenSecondsThenHoldTheLoad() {
        assertEquals(0, burnNanos(0, MS, 50, RAMP));
        assertEquals(50, burnNanos(1, MS, 50, RAMP), "1 ms into 10 s: a ten-thousandth of the load");
        assertEquals(125_000, burnNanos(2_500, MS, 50, RAMP));
        assertEquals(250_000, burnNanos(5_000, MS, 50, RAMP));
        assertEquals(499_950, burnNanos(9_999, MS, 50, RAMP));
        assertEquals(500_000, burnNanos(10_000, MS, 50, RAMP));
        assertEquals(500_000, burnNanos(1_000_000, MS, 50, RAMP));
        assertEquals(2_000_000, burnNanos(5_000, MS, 400, RAMP), "halfway to 4 periods is 2 periods");
    }

    @Test
    void shouldBurnTheFirstQuarterOfEverySecondWhenBursting() {
        assertEquals(500_000, burnNanos(0, MS, 50, BURST));
        assertEquals(500_000, burnNanos(249, MS, 50, BURST));
        assertEquals(0, burnNanos(250, MS, 50, BURST));
        assertEquals(0, burnNanos(999, MS, 50, BURST));
        assertEquals(500_000, burnNanos(1_000, MS, 50, BURST));
        assertEquals(500_000, burnNanos(1_249, MS, 50, BURST));
        assertEquals(0, burnNanos(1_250, MS, 50, BURST));
        assertEquals(500_000, burnNanos(3_600_000, MS, 50, BURST), "an hour in, still in step");
    }

    @Test
    void shouldBurstOnPeriodBoundariesThatDoNotDivideTheSecond() {
        assertEquals(666_667, burnNanos(187, P64, 50, BURST), "187 periods = 249.3 ms");
        assertEquals(0, burnNanos(188, P64, 50, BURST), "188 periods = 250.7 ms");
        assertEquals(0, burnNanos(750, P64, 50, BURST), "750 periods = 999.99975 ms");
        assertEquals(666_667, burnNanos(751, P64, 50, BURST), "751 periods = 1001.3 ms");
    }
}
