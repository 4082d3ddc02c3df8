package io.tactus.server.os;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

/**
 * The realtime CPU time spent beside the graph's work, as a share of the wall time: every realtime thread of
 * this process but the engine's (whose work the cycles report, and whose spin gives way by itself) and every
 * realtime thread of the out-of-process clients. The kernel charges them all to the one
 * {@code sched_rt_runtime_us}, so the governor adds this share to the graph's load and the engine's spin leaves
 * room for it. The threads' times are summed although the kernel budgets each CPU apart: they may all run on
 * one, so the sum is the safe figure.
 *
 * <p>The trade-off is freshness for cost: a sample (one file read per realtime thread, and a listing of this
 * process's threads) at most every {@value #SAMPLE_NANOS} ns; the set of realtime threads, which takes a read per
 * thread of a process, looked for anew every {@value #RESCAN_NANOS} ns, and at once when this process has new
 * threads. A thread that turned realtime in between is missed until the next scan, and its first sample only sets
 * its baseline; a thread born since the last look at its process is charged all its time (the stall monitor, started
 * after the server's first sample: the governor's first decision must see it). Consumer thread (synchronized, so any).
 */
public final class RtOverheadMonitor implements DoubleSupplier {

    /** How stale the share may be. */
    public static final long SAMPLE_NANOS = 250_000_000L;
    /** How often the realtime threads are looked for anew. */
    public static final long RESCAN_NANOS = 1_000_000_000L;

    private static final String SELF = "self";

    private final ProcTasks tasks;
    private final LongSupplier clock;
    private final IntSupplier engineTid;
    private final Supplier<long[]> clientPids;
    private final long ownPid;
    /** Per process, its realtime threads' run times at the last sample. */
    private Map<String, Map<Integer, Long>> runtimes = Map.of();
    /** Per process, every thread it had at its last scan. */
    private Map<String, Set<Integer>> scanned = Map.of();
    private long sampledAt = Long.MIN_VALUE;
    private long scannedAt = Long.MIN_VALUE;
    private double share;

    /**
     * This process and its clients on the running kernel.
     *
     * @param engineTid  the engine thread's tid now (it changes after a runaway); its time is left out
     * @param clientPids the out-of-process clients' pids now
     */
    public static RtOverheadMonitor system(IntSupplier engineTid, Supplier<long[]> clientPids) {
        return new RtOverheadMonitor(ProcTasks.SYSTEM, System::nanoTime, engineTid, clientPids,
                ProcessHandle.current().pid());
    }

    RtOverheadMonitor(ProcTasks tasks, LongSupplier clock, IntSupplier engineTid, Supplier<long[]> clientPids,
                      long ownPid) {
        this.tasks = tasks;
        this.clock = clock;
        this.engineTid = engineTid;
        this.clientPids = clientPids;
        this.ownPid = ownPid;
    }

    /** The share of one CPU (0 and up) these threads ran realtime over the last sample; 0 before the second. */
    @Override
    public synchronized double getAsDouble() {
        long now = clock.getAsLong();
        if (sampledAt != Long.MIN_VALUE && now - sampledAt < SAMPLE_NANOS) {
            return share;
        }
        boolean rescan = scannedAt == Long.MIN_VALUE || now - scannedAt >= RESCAN_NANOS;
        long spent = sample(rescan);
        if (sampledAt != Long.MIN_VALUE) {
            share = (double) spent / (now - sampledAt);
        }
        sampledAt = now;
        if (rescan) {
            scannedAt = now;
        }
        return share;
    }

    /**
     * Reads every known realtime thread's run time and returns the time spent. A process is rescanned when the
     * rescan is due, when it is new, and (this one, a directory listing each sample) when its threads changed.
     */
    private long sample(boolean rescan) {
        Map<String, Map<Integer, Long>> next = new HashMap<>();
        Map<String, Set<Integer>> nextScanned = new HashMap<>();
        long spent = 0;
        int engine = engineTid.getAsInt();
        for (String process : processes()) {
            Map<Integer, Long> before = runtimes.getOrDefault(process, Map.of());
            Set<Integer> known = scanned.get(process); // null for a process not seen before
            Set<Integer> threads = rescan || !scanned.containsKey(process) || SELF.equals(process)
                    ? new HashSet<>(tasks.threads(process)) : scanned.get(process);
            boolean scan = rescan || !threads.equals(scanned.get(process));
            nextScanned.put(process, threads);
            Map<Integer, Long> after = new HashMap<>();
            for (int tid : scan ? realtimeThreads(process, threads, engine) : before.keySet()) {
                long runtime = tasks.runtimeNanos(process, tid);
                if (runtime < 0) {
                    continue; // gone
                }
                Long previous = before.get(tid);
                if (previous != null) {
                    spent += Math.max(0, runtime - previous);
                } else if (known != null && !known.contains(tid)) {
                    // Born since the last look: all its time is new (a thread that turned realtime is a known one).
                    spent += runtime;
                }
                after.put(tid, runtime);
            }
            next.put(process, after);
        }
        runtimes = next;
        scanned = nextScanned;
        return spent;
    }

    private List<String> processes() {
        List<String> processes = new ArrayList<>();
        processes.add(SELF);
        for (long pid : clientPids.get()) {
            if (pid != ownPid) { // a client in this very process (over the socket) has no threads of its own
                processes.add(Long.toString(pid));
            }
        }
        return processes;
    }

    private List<Integer> realtimeThreads(String process, Set<Integer> threads, int engine) {
        List<Integer> realtime = new ArrayList<>();
        for (int tid : threads) {
            if (!(SELF.equals(process) && tid == engine) && tasks.realtime(process, tid)) {
                realtime.add(tid);
            }
        }
        return realtime;
    }
}
