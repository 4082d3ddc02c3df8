package io.tactus.server.watchdog;

import io.tactus.api.ClientPriority;
import io.tactus.server.graph.Graph;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.tactus.api.ClientPriority.HIGH;
import static io.tactus.api.ClientPriority.LOW;
import static io.tactus.api.ClientPriority.NORMAL;
import static org.junit.jupiter.api.Assertions.assertEquals;

/** {@link GovernorPolicy#choose} on its own: costs are mean own work in nanoseconds. */
class GovernorChooseTest {

    private final Graph graph = new Graph(64, 2, 2);
    private final List<ClientWatch> candidates = new ArrayList<>();

    private void client(String name, ClientPriority priority, double ownMean) {
        ClientWatch watch = new ClientWatch(graph.addClient(name, priority), 3);
        watch.ownMean = ownMean;
        candidates.add(watch);
    }

    private List<String> choose(double excess) {
        return GovernorPolicy.choose(candidates, excess).stream().map(w -> w.name).toList();
    }

    @Test
    void shouldChooseTheLowestPriorityFirstEvenWhenHigherOnesCostMore() {
        client("high", HIGH, 5_000);
        client("normal", NORMAL, 1_000);
        client("low", LOW, 100);

        assertEquals(List.of("low"), choose(50));
    }

    @Test
    void shouldChooseTheMostExpensiveFirstWithinAPriority() {
        client("a", NORMAL, 100);
        client("b", NORMAL, 500);
        client("c", NORMAL, 300);

        assertEquals(List.of("b"), choose(400));
        assertEquals(List.of("b", "c"), choose(700));
    }

    @Test
    void shouldBreakTiesByJoiningOrder() {
        client("first", NORMAL, 100);
        client("second", NORMAL, 100);
        client("third", NORMAL, 100);

        assertEquals(List.of("first", "second"), choose(150));
    }

    @Test
    void shouldKeepPlayingLowerPriorityChoicesThatAMoreImportantExpensiveChoiceCoversAlone() {
        client("low-a", LOW, 100);
        client("low-b", LOW, 100);
        client("big", NORMAL, 1_000);

        assertEquals(List.of("big"), choose(900));
    }

    @Test
    void shouldKeepPlayingOnlyTheChoicesTheOthersCover() {
        client("low-small", LOW, 100);
        client("low-large", LOW, 300);
        client("normal", NORMAL, 500);

        assertEquals(List.of("low-large", "normal"), choose(700), "low-small is not needed once normal is chosen");
    }

    @Test
    void shouldReachHighPriorityOnlyWhenLowAndNormalDoNotSuffice() {
        client("low", LOW, 100);
        client("normal", NORMAL, 200);
        client("high", HIGH, 1_000);

        assertEquals(List.of("low", "normal"), choose(300));
        assertEquals(List.of("high"), choose(400), "low and normal are not enough; high alone covers it");
    }

    @Test
    void shouldChooseNobodyWithoutExcessAndEveryoneWhenAllTogetherFallShort() {
        client("a", LOW, 100);
        client("b", NORMAL, 200);

        assertEquals(List.of(), choose(0));
        assertEquals(List.of(), choose(-50));
        assertEquals(List.of("a", "b"), choose(10_000));
    }
}
