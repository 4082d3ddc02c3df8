package io.tactus.server;

import io.tactus.rt.SchedulingSettings;
import io.tactus.rt.ThreadTasks;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The engine's warm-up runs flat out for up to three seconds; realtime, it would take a CPU from every lower
 * realtime thread and spend the kernel's RT budget for that long. The kernel's own view of the engine thread,
 * read from {@code /proc} while a server starts: SCHED_OTHER nice -10 while it warms up, SCHED_FIFO at its
 * priority once the server has started, and nice 0 under it (a thread taken off the realtime class later is
 * plain SCHED_OTHER again).
 */
class EngineWarmUpSystemTest {

    private static final int POLICY_FIELD = 41;
    private static final int NICE_FIELD = 19;

    @Test
    void shouldWarmUpOffTheRealtimeClassAndTurnRealtimeForThePeriods() throws Exception {
        assumeTrue(ServerTestSupport.isRoot(), "SCHED_FIFO needs root");
        Set<String> earlier = engineTasks().keySet(); // a stuck engine thread another test left behind is not ours
        CompletableFuture<TactusServer> started = CompletableFuture.supplyAsync(
                () -> TactusServer.start(ServerTestSupport.settings(SchedulingSettings.fifo(70))));
        List<String> whileStarting = new ArrayList<>();
        try {
            while (!started.isDone()) {
                String stat = engineStat(earlier);
                if (stat != null) {
                    whileStarting.add(policyAndNice(stat));
                }
                Thread.sleep(0, 200_000);
            }
            try (TactusServer server = started.get(30, TimeUnit.SECONDS)) {
                String stat = engineStat(earlier);
                assertTrue(ThreadTasks.realtimeIn(stat), "the periods run realtime: " + policyAndNice(stat));
                assertEquals("1/0", policyAndNice(stat), "SCHED_FIFO, nice 0 under it");
                assertTrue(server.periodNanos() > 0);
            }
        } finally {
            if (!started.isDone()) {
                started.thenAccept(TactusServer::close);
            }
        }
        assertFalse(whileStarting.isEmpty(), "the engine thread was seen while the server started");
        int warming = whileStarting.lastIndexOf("0/-10");
        assertTrue(warming >= 0, "SCHED_OTHER nice -10 while warming up: " + distinct(whileStarting));
        assertTrue(whileStarting.subList(0, warming).stream().allMatch(s -> s.startsWith("0/")),
                "not realtime before the warm-up ended: " + whileStarting);
    }

    private static List<String> distinct(List<String> samples) {
        return samples.stream().distinct().toList();
    }

    /** "POLICY/NICE" from a stat line. */
    private static String policyAndNice(String stat) {
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return fields[POLICY_FIELD - 3] + "/" + fields[NICE_FIELD - 3];
    }

    /** The stat line of the thread named tactus-engine that is not one of {@code earlier}, or null while none is. */
    private static String engineStat(Set<String> earlier) throws IOException {
        return engineTasks().entrySet().stream().filter(e -> !earlier.contains(e.getKey())).map(Map.Entry::getValue)
                .findFirst().orElse(null);
    }

    /** This process's threads named tactus-engine: tid to stat line. */
    private static Map<String, String> engineTasks() throws IOException {
        Map<String, String> found = new HashMap<>();
        try (Stream<Path> tasks = Files.list(Path.of("/proc/self/task"))) {
            for (Path task : tasks.toList()) {
                try {
                    if (Files.readString(task.resolve("comm")).trim().equals("tactus-engine")) {
                        found.put(task.getFileName().toString(), Files.readString(task.resolve("stat")));
                    }
                } catch (NoSuchFileException gone) {
                    // a thread that ended while we looked
                }
            }
        }
        return found;
    }
}
