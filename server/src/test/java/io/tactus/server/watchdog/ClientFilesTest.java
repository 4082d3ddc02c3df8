package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import org.junit.jupiter.api.Test;

import java.util.List;

import static io.tactus.server.watchdog.SyntheticCycles.share;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClientFilesTest {

    private final SyntheticCycles cycles = new SyntheticCycles();

    @Test
    void shouldKeepTheFilesOfLiveClientsAndOfTheLastClientsThatLeft() {
        cycles.addMany("stays", 4, ClientPriority.NORMAL, share(0.01));
        cycles.start(WatchdogSettings.defaults(PolicyKind.NONE));
        cycles.runCycles(10);
        int comers = 3 * ClientFiles.DEPARTED_KEPT;
        for (int i = 0; i < comers; i++) { // each runs and leaves, as a soak's churning clients
            cycles.add("comer-" + i, share(0.01));
            cycles.runCycles(3);
            cycles.remove("comer-" + i);
            cycles.runCycles(1);
        }

        List<String> kept = cycles.watchdog().clients().stream().map(ClientView::name).toList();
        assertEquals(4 + ClientFiles.DEPARTED_KEPT, kept.size(), "live clients, and the last " + ClientFiles.DEPARTED_KEPT
                + " that left: " + kept);
        assertTrue(kept.containsAll(List.of("stays-0", "stays-1", "stays-2", "stays-3")), "live files are never dropped");
        assertFalse(kept.contains("comer-0"), "the oldest that left is dropped");
        assertTrue(kept.contains("comer-" + (comers - 1)), "the latest that left is kept");
        assertTrue(kept.contains("comer-" + (comers - ClientFiles.DEPARTED_KEPT)));
        assertFalse(kept.contains("comer-" + (comers - ClientFiles.DEPARTED_KEPT - 1)));
        assertEquals(ClientState.GONE, cycles.view("comer-" + (comers - 1)).state());
        assertFalse(cycles.view("stays-0").state() == ClientState.GONE, "a live client's file is not marked gone");
    }
}
