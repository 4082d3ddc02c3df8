package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class NonePolicyTest {

    private final SyntheticCycles cycles = new SyntheticCycles();

    @Test
    void shouldNeverActEvenOnAHogOverTheWholePeriod() {
        cycles.add("hog", share(1.50));
        cycles.addMany("light", 9, ClientPriority.NORMAL, share(0.02));
        cycles.start(WatchdogSettings.defaults(PolicyKind.NONE).withGraceMillis(0));

        cycles.runFor(5_000);

        assertEquals(List.of(), cycles.actions.calls);
        assertEquals(0, cycles.watchdog().actionsTaken());
        assertEquals(List.of(), cycles.actionEvents());
        assertTrue(cycles.view("hog").xruns() > 0 && cycles.view("hog").timeouts() > 0,
                "it still observes and names the culprit");
    }
}
