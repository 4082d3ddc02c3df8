package io.tactus.bench.cli;

import io.tactus.server.ServerSettings;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;

class IdleCheckCommandTest {

    private static ServerSettings settingsOf(String... args) {
        IdleCheckCommand command = new IdleCheckCommand();
        new CommandLine(command).parseArgs(args);
        return command.serverSettings();
    }

    @Test
    void shouldRunTheServerWithItsOwnDefaultsWhenNoOptionFollows() {
        ServerSettings settings = settingsOf("--seconds", "5");
        assertEquals(ServerCommand.DEFAULT_SPIN_MICROS * 1000, settings.engine().spinNanos());
        assertEquals("tactus-idle-check", settings.name());
    }

    @Test
    void shouldRunTheServerWithTheOptionsAfterTheDoubleDash() {
        ServerSettings settings = settingsOf("--seconds", "5", "--", "--spin-us", "1000", "--cpu-latency-us", "-1");
        assertEquals(1_000_000, settings.engine().spinNanos());
        assertEquals(-1, settings.cpuLatencyMicros());
    }

    @Test
    void shouldSayInOneSentenceThatAServerOptionIsUnknown() {
        assertEquals("tactus: after '--' come options of 'tactus server': Unknown option: '--bogus'",
                CommandRun.errorOf("idle-check", "--seconds", "2", "--", "--bogus"));
    }
}
