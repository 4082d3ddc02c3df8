package io.tactus.bench.cli;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** One {@code --cpu-latency-us} for every command that runs a server or the floor: the same sentence, before any run. */
class CpuLatencyOptionTest {

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"server", "stress", "matrix", "floor"})
    void shouldRefuseALatencyOutOfRangeInOneSentenceBeforeItRuns(String command) {
        assertEquals("tactus: --cpu-latency-us, the most an idle CPU may take to wake, must be -1 (ask nothing) or from"
                + " 0 to 1000000 usecs, not -5", CommandRun.errorOf(command, "--cpu-latency-us", "-5"));
    }
}
