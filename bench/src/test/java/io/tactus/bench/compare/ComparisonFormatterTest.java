package io.tactus.bench.compare;

import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.Degradation;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.SchedulingSettings;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The comparison's header says what both servers ran, the CPU wake-up latency each held included. */
class ComparisonFormatterTest {

    private static final StressSettings STRESS = new StressSettings(20, 4, 64, 48_000, 60, 2, SchedulingSettings.fifo(70),
            16, true, 0, LoadKind.NONE, 0, Degradation.defaults(), ClientMode.JACK_ASYNC);

    @Test
    void shouldSayThatOnlyTactusHoldsItsRequestByDefault() {
        assertEquals("tactus compare jackd: 2 rounds of 60 s windows (JACK2, then Tactus), 20 native jack_test3 clients"
                + " x 4 ports, --work 16, chained, 64 frames at 48000 Hz, SCHED_FIFO 70, jackd asynchronous (its default),"
                + " Tactus asynchronous, load none; idle CPUs poll (PM QoS 0 usecs) for Tactus, idle CPUs as the system"
                + " sets them for JACK2\n",
                ComparisonFormatter.header(new CompareSettings(STRESS, 2, false, false, Path.of("/tmp/x"))));
    }

    @Test
    void shouldSayWhenJackdsWindowsHoldTheSameRequest() {
        CompareSettings both = new CompareSettings(STRESS, 1, true, true, Path.of("/tmp/x"), 0, true);
        assertEquals(0, both.jackdCpuLatencyMicros());
        assertEquals("tactus compare jackd: 1 round of 60 s windows (JACK2, then Tactus), 20 native jack_test3 clients"
                + " x 4 ports, --work 16, chained, 64 frames at 48000 Hz, SCHED_FIFO 70, jackd synchronous (-S),"
                + " Tactus synchronous, load stress-ng --cpu 2; idle CPUs poll (PM QoS 0 usecs) for Tactus, idle CPUs poll"
                + " (PM QoS 0 usecs) for JACK2\n", ComparisonFormatter.header(both));
        assertEquals(-1, new CompareSettings(STRESS, 1, true, true, Path.of("/tmp/x"), 0, false).jackdCpuLatencyMicros());
    }
}
