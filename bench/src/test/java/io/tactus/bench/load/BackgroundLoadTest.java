package io.tactus.bench.load;

import io.tactus.api.TactusException;
import io.tactus.rt.RealtimeNative;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

/** Starts real child JVMs; each test stops whatever it started, also when an assertion fails. */
class BackgroundLoadTest {

    private static final Duration GONE_WITHIN = Duration.ofSeconds(6);
    private static final Path SELF = Path.of("/proc/self");

    @Test
    void shouldRunOneBusyProcessPerCoreThatBurnsCpuUntilClosed() throws Exception {
        List<Long> pids = List.of();
        try (BackgroundLoad load = BackgroundLoad.start(LoadKind.CPU)) {
            pids = load.pids();
            int cores = Runtime.getRuntime().availableProcessors();
            assertEquals(cores, pids.size());
            assertTrue(pids.stream().allMatch(BackgroundLoadTest::isAlive), "every busy process runs");
            assertEquals(cores + (cores == 1 ? " busy process" : " busy processes") + " (SCHED_OTHER)", load.describe());

            long[] before = pids.stream().mapToLong(BackgroundLoadTest::cpuTicks).toArray();
            List<Long> busy = pids;
            assertTrue(within(2_000, () -> {
                for (int i = 0; i < busy.size(); i++) {
                    if (cpuTicks(busy.get(i)) <= before[i]) {
                        return false;
                    }
                }
                return true;
            }), "every busy process consumes CPU: before " + Arrays.toString(before));
        } finally {
            kill(pids);
        }
        assertAllGone(pids);
    }

    @Test
    void shouldKeepCompilingTheGeneratedTreeAndRemoveItOnClose() throws Exception {
        List<Long> pids = List.of();
        Path work = null;
        try (BackgroundLoad load = BackgroundLoad.start(LoadKind.COMPILE)) {
            pids = load.pids();
            work = load.workDirectory();
            assertEquals(1, pids.size());
            assertTrue(isAlive(pids.get(0)), "the compile process runs");
            assertNotNull(work);
            assertTrue(Files.isRegularFile(work.resolve("src/gen/C000.java")), "the source tree is written before ready");
            assertTrue(within(30_000, () -> load.compileRounds() >= 1),
                    "a compile round finishes; last output: " + load.lastReport());
            assertTrue(load.lastReport().matches("round \\d+: 200 classes in \\d+ ms"), load.lastReport());
            assertEquals("javac compiling 200 generated classes in a loop", load.describe());
        } finally {
            kill(pids);
        }
        assertAllGone(pids);
        assertFalse(Files.exists(work), "the compile load's directory is deleted");
    }

    @Test
    void shouldStopTheLoadWhenTheRunFails() {
        List<Long> pids = new ArrayList<>();
        try {
            IllegalStateException failure = assertThrows(IllegalStateException.class, () -> {
                try (BackgroundLoad load = BackgroundLoad.start(LoadKind.CPU)) {
                    pids.addAll(load.pids());
                    throw new IllegalStateException("run failed");
                }
            });
            assertEquals("run failed", failure.getMessage());
            assertEquals(Runtime.getRuntime().availableProcessors(), pids.size());
            assertAllGone(pids);
        } finally {
            kill(pids);
        }
    }

    @Test
    void shouldStopTheLoadFromTheShutdownHookWhenTheJvmIsInterrupted() throws Exception {
        // SIGTERM, like Ctrl-C's SIGINT, makes the holder JVM run its shutdown hooks
        assertLoadStopsWhenHolderDies(Process::destroy);
    }

    @Test
    void shouldStopTheLoadByItselfWhenTheParentJvmIsKilled() throws Exception {
        // SIGKILL runs no hook: the children notice their stdin closing
        assertLoadStopsWhenHolderDies(Process::destroyForcibly);
    }

    private static void assertLoadStopsWhenHolderDies(Consumer<Process> kill) throws Exception {
        Process holder = new ProcessBuilder(javaBinary(), "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                LoadHolder.class.getName()).redirectErrorStream(true).start();
        List<Long> pids = new ArrayList<>();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            assertNotNull(line, "the holder JVM prints the load's pids");
            for (String pid : line.replaceAll("[\\[\\] ]", "").split(",")) {
                pids.add(Long.parseLong(pid));
            }
            assertTrue(pids.stream().allMatch(BackgroundLoadTest::isAlive), line);

            kill.accept(holder);
            assertTrue(holder.waitFor(GONE_WITHIN.toSeconds(), TimeUnit.SECONDS), "the holder JVM exits");
            assertAllGone(pids);
        } finally {
            holder.destroyForcibly();
            kill(pids);
        }
    }

    @Test
    void shouldStartNothingForNone() {
        long childrenBefore = ProcessHandle.current().children().count();
        BackgroundLoad load = BackgroundLoad.start(LoadKind.NONE);
        assertTrue(load.pids().isEmpty());
        assertEquals(childrenBefore, ProcessHandle.current().children().count());
        assertEquals("no background load", load.describe());
        load.close();
        load.close();
    }

    @Test
    void shouldRefuseToStartFromARealtimeThreadAndStartNothing() {
        RealtimeNative fifo = mock(RealtimeNative.class);
        when(fifo.getScheduler()).thenReturn(1);
        long childrenBefore = ProcessHandle.current().children().count();

        TactusException e = assertThrows(TactusException.class, () -> BackgroundLoad.start(LoadKind.CPU, fifo));

        assertTrue(e.getMessage().contains("SCHED_FIFO"), e.getMessage());
        assertEquals(childrenBefore, ProcessHandle.current().children().count());
    }

    @Test
    void shouldReportAChildThatExitsBeforeItIsReady() throws Exception {
        // java.lang.Object has no main method: the child JVM exits with status 1 at once.
        ChildProcess child = ChildProcess.launch(Object.class, List.of("-Xmx16m"), List.of());
        try {
            TactusException e = assertThrows(TactusException.class, () -> child.awaitReady(Duration.ofSeconds(20)));
            assertTrue(e.getMessage().startsWith("The background load process Object exited with status 1 before it was"
                    + " ready: Error: Main method not found in class java.lang.Object"), e.getMessage());
        } finally {
            ChildProcess.stop(List.of(child), Duration.ofSeconds(1));
        }
    }

    @Test
    void shouldCloseOnlyOnce() throws Exception {
        List<Long> pids = List.of();
        try {
            BackgroundLoad load = BackgroundLoad.start(LoadKind.CPU);
            pids = load.pids();
            load.close();
            load.close();
            assertAllGone(pids);
        } finally {
            kill(pids);
        }
    }

    /** Starts a CPU load, prints its pids and waits to be killed; the shutdown hook must stop the load. */
    static final class LoadHolder {
        public static void main(String[] args) throws InterruptedException {
            BackgroundLoad load = BackgroundLoad.start(LoadKind.CPU);
            System.out.println(load.pids());
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    private static boolean isAlive(long pid) {
        return ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false);
    }

    private static void assertAllGone(List<Long> pids) {
        assertTrue(within(GONE_WITHIN.toMillis(), () -> pids.stream().noneMatch(BackgroundLoadTest::isAlive)),
                "no load process is left: " + pids);
    }

    /** utime + stime of a process in clock ticks, from /proc/<pid>/stat; -1 once it is gone. */
    private static long cpuTicks(long pid) {
        try {
            String stat = Files.readString(SELF.resolveSibling(Long.toString(pid)).resolve("stat"));
            // fields after the command name, which is in parentheses and may contain blanks
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            return Long.parseLong(f[11]) + Long.parseLong(f[12]);
        } catch (IOException e) {
            return -1;
        }
    }

    private static void kill(List<Long> pids) {
        pids.forEach(pid -> ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly));
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command().orElseThrow();
    }
}
