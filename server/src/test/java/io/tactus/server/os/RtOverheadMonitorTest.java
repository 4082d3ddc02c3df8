package io.tactus.server.os;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The accounting of realtime time beside the engine's, against a fake {@code /proc}: this process has the
 * engine (FIFO), a stall monitor (FIFO) and a metrics thread (OTHER); a client process has its process thread
 * (FIFO) and a JIT thread (OTHER). Only the stall monitor and the client's process thread are charged.
 */
class RtOverheadMonitorTest {

    private static final long MS = 1_000_000;
    private static final int ENGINE = 101;
    private static final int STALL_MONITOR = 102;
    private static final int METRICS = 103;
    private static final long CLIENT = 500;
    private static final int CLIENT_PROCESS_THREAD = 501;
    private static final int CLIENT_JIT = 502;
    private static final long OWN_PID = 100;

    @TempDir
    Path proc;

    private final AtomicLong clock = new AtomicLong(1_000 * MS);
    private long[] clients = {CLIENT};
    private RtOverheadMonitor monitor;

    @BeforeEach
    void setUp() throws IOException {
        thread("self", ENGINE, 1, 0);
        thread("self", STALL_MONITOR, 1, 0);
        thread("self", METRICS, 0, 0);
        thread(Long.toString(CLIENT), CLIENT_PROCESS_THREAD, 1, 0);
        thread(Long.toString(CLIENT), CLIENT_JIT, 0, 0);
        monitor = new RtOverheadMonitor(new ProcTasks(proc), clock::get, () -> ENGINE, () -> clients, OWN_PID);
    }

    @Test
    void shouldChargeEveryRealtimeThreadButTheEnginesAndNoOtherThread() throws IOException {
        assertEquals(0.0, monitor.getAsDouble(), "the first sample only sets the baselines");

        runFor(250, 100, 5, 50, 10, 30);

        assertEquals((5 + 10) / 250.0, monitor.getAsDouble(), 1e-9,
                "the stall monitor's 5 ms and the client's 10 ms in 250 ms; not the engine's, not SCHED_OTHER's");
    }

    @Test
    void shouldKeepTheShareUntilTheSampleIsStale() throws IOException {
        monitor.getAsDouble();
        runFor(250, 100, 5, 0, 10, 0);
        double share = monitor.getAsDouble();

        runFor(100, 0, 50, 0, 0, 0);
        assertEquals(share, monitor.getAsDouble(), "100 ms later: the same sample");
        runFor(150, 0, 0, 0, 0, 0);
        assertEquals(50 / 250.0, monitor.getAsDouble(), 1e-9, "250 ms after the last sample: a new one");
    }

    @Test
    void shouldFindAThreadThatTurnedRealtimeAtTheNextRescanAndForgetOneThatLeft() throws IOException {
        monitor.getAsDouble();
        thread("self", METRICS, 1, 0); // turned realtime: unseen until the rescan, a second after the last one
        Files.walk(proc.resolve(Long.toString(CLIENT))).sorted(java.util.Comparator.reverseOrder())
                .forEach(p -> p.toFile().delete()); // the client's process ended
        clients = new long[0];

        runFor(250, 0, 0, 20, 0, 0);
        assertEquals(0.0, monitor.getAsDouble(), "not rescanned yet: the metrics thread is not known as realtime");
        for (int window = 0; window < 3; window++) {
            runFor(250, 0, 0, 20, 0, 0);
            monitor.getAsDouble();
        }
        runFor(250, 0, 0, 20, 0, 0);
        assertEquals(20 / 250.0, monitor.getAsDouble(), 1e-9, "rescanned: its baseline taken, then charged");
    }

    @Test
    void shouldFindANewRealtimeThreadOfThisProcessAtTheNextSample() throws IOException {
        monitor.getAsDouble();
        thread("self", 104, 1, 0); // the stall monitor of a fresh engine thread, say

        runFor(250, 0, 0, 0, 0, 0);
        monitor.getAsDouble();
        runFor(250, 0, 0, 0, 0, 0);
        bump("self", 104, 7);

        assertEquals(7 / 250.0, monitor.getAsDouble(), 1e-9, "seen at the first sample after it appeared");
    }

    @Test
    void shouldChargeAThreadBornSinceTheLastSampleAllItsTime() throws IOException {
        monitor.getAsDouble();
        thread("self", 104, 1, 12 * MS); // started after the first sample and has run 12 ms since

        runFor(250, 0, 0, 0, 0, 0);

        assertEquals(12 / 250.0, monitor.getAsDouble(), 1e-9, "not only a baseline: the server's first decisions need it");
    }

    @Test
    void shouldNotCountThisProcessTwiceWhenAClientRunsInIt() throws IOException {
        clients = new long[]{CLIENT, OWN_PID};
        thread(Long.toString(OWN_PID), STALL_MONITOR, 1, 0); // /proc/PID of this process is /proc/self
        monitor.getAsDouble();

        runFor(250, 0, 5, 0, 0, 0);
        bump(Long.toString(OWN_PID), STALL_MONITOR, 5);

        assertEquals(5 / 250.0, monitor.getAsDouble(), 1e-9);
    }

    @Test
    void shouldSeeNothingWhereThereIsNoProc() {
        RtOverheadMonitor nowhere = new RtOverheadMonitor(new ProcTasks(proc.resolve("absent")), clock::get,
                () -> ENGINE, () -> clients, OWN_PID);
        nowhere.getAsDouble();
        clock.addAndGet(250 * MS);
        assertEquals(0.0, nowhere.getAsDouble());
    }

    /** Advances the clock and each thread's run time by the given milliseconds. */
    private void runFor(long millis, long engine, long stallMonitor, long metrics, long client, long clientJit)
            throws IOException {
        clock.addAndGet(millis * MS);
        bump("self", ENGINE, engine);
        bump("self", STALL_MONITOR, stallMonitor);
        bump("self", METRICS, metrics);
        if (Files.exists(proc.resolve(Long.toString(CLIENT)))) {
            bump(Long.toString(CLIENT), CLIENT_PROCESS_THREAD, client);
            bump(Long.toString(CLIENT), CLIENT_JIT, clientJit);
        }
    }

    private void bump(String process, int tid, long millis) throws IOException {
        Path schedstat = task(process, tid).resolve("schedstat");
        long runtime = Long.parseLong(Files.readString(schedstat).split(" ")[0]);
        Files.writeString(schedstat, (runtime + millis * MS) + " 0 0\n");
    }

    /** A thread with Linux policy {@code policy} (0 OTHER, 1 FIFO) that has run {@code runtime} ns. */
    private void thread(String process, int tid, int policy, long runtime) throws IOException {
        Path task = task(process, tid);
        Files.createDirectories(task);
        StringBuilder stat = new StringBuilder(tid + " (tactus thread) S");
        for (int field = 4; field <= 52; field++) {
            stat.append(' ').append(field == 41 ? policy : field == 40 ? (policy == 0 ? 0 : 70) : 0);
        }
        Files.writeString(task.resolve("stat"), stat.append('\n').toString());
        if (!Files.exists(task.resolve("schedstat"))) {
            Files.writeString(task.resolve("schedstat"), runtime + " 0 0\n");
        }
    }

    private Path task(String process, int tid) {
        return proc.resolve(process).resolve("task").resolve(Integer.toString(tid));
    }
}
