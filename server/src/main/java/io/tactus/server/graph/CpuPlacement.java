package io.tactus.server.graph;

import io.tactus.rt.RealtimeScheduler;

import java.util.Arrays;

/**
 * Which CPU each out-of-process client's process thread runs on, from the graph. A handoff from a client to
 * the one it feeds is a futex wake; when the kernel puts the woken thread on the other CPU (it does for a
 * realtime thread whenever the waker's CPU is busy with the waker itself), the wake costs an interrupt to that
 * CPU and, on a virtual machine, a virtual CPU woken from idle, tens of microseconds here, where a wake on the
 * waker's own CPU costs only the context switch once the waker sleeps. So a chain stays on one CPU: a client
 * continues the CPU of the first of its feeders that no other client continues yet, and every other client (a
 * first-wave client, the second branch of a fan-out) starts on the CPU with the fewest clients, so independent
 * clients still run in parallel. In-process clients run on the engine thread and are not placed.
 *
 * <p>Trade-off: a placement per graph change and a sched_setaffinity per client whose CPU changed, on the
 * control thread; a client's thread cannot move to an idle CPU while its own is taken by a higher priority.
 * A thread of the server's own process is never pinned (a client may name any tid in Hello; see
 * ClientIdentity). Control threads only (the caller holds the graph controller's lock).
 */
public final class CpuPlacement {

    /** No CPU: an in-process step, or placement off. */
    public static final int NONE = -1;

    private final RealtimeScheduler scheduler;
    private final int[] cpus;
    private final long ownPid;

    /** The system property that turns placement off ({@code -Dtactus.cpu-placement=off}), to compare without it. */
    public static final String OFF_PROPERTY = "tactus.cpu-placement";

    /**
     * Places on the CPUs this process may use; off on a machine with one CPU, without the native layer, or with
     * {@value #OFF_PROPERTY}=off.
     */
    public static CpuPlacement system(RealtimeScheduler scheduler) {
        boolean off = "off".equals(System.getProperty(OFF_PROPERTY));
        return new CpuPlacement(scheduler, off ? new int[0] : scheduler.allowedCpus(), ProcessHandle.current().pid());
    }

    CpuPlacement(RealtimeScheduler scheduler, int[] cpus, long ownPid) {
        this.scheduler = scheduler;
        this.cpus = cpus.clone();
        this.ownPid = ownPid;
    }

    /** Whether there is a choice to make: two CPUs or more. */
    public boolean isOn() {
        return cpus.length >= 2;
    }

    /**
     * Pins every out-of-process client of {@code plan} whose CPU changed (or was never set) to its CPU; returns
     * how many threads were pinned now.
     */
    public int apply(ExecutionPlan plan) {
        if (!isOn()) {
            return 0;
        }
        int n = plan.stepCount();
        boolean[] remote = new boolean[n];
        int[][] upstream = new int[n][];
        for (int i = 0; i < n; i++) {
            remote[i] = plan.step(i).isRemote();
            upstream[i] = plan.step(i).upstream();
        }
        int[] lanes = lanes(remote, upstream, cpus.length);
        int pinned = 0;
        for (int i = 0; i < n; i++) {
            ClientNode client = plan.step(i).client();
            int tid = client.processThreadTid();
            if (lanes[i] == NONE || tid <= 0 || client.processId() == ownPid || client.processId() <= 0) {
                continue;
            }
            int cpu = cpus[lanes[i]];
            if (client.pinnedCpu() != cpu && scheduler.pinThread(tid, cpu, "tactus-process-" + client.name()) == 0) {
                client.setPinnedCpu(cpu);
                pinned++;
            }
        }
        return pinned;
    }

    /**
     * The placement itself, for steps in plan order: {@code remote[i]} whether step i runs in another process,
     * {@code upstream[i]} the positions of the steps that feed it (all before i). Returns for each step a lane
     * from 0 to {@code lanes} - 1, or {@link #NONE} for an in-process step. Pure.
     */
    static int[] lanes(boolean[] remote, int[][] upstream, int lanes) {
        int n = remote.length;
        int[] lane = new int[n];
        Arrays.fill(lane, NONE);
        boolean[] continued = new boolean[n];
        int[] load = new int[lanes];
        for (int i = 0; i < n; i++) {
            if (!remote[i]) {
                continue;
            }
            int chosen = NONE;
            for (int u : upstream[i]) {
                if (u >= 0 && u < i && lane[u] != NONE && !continued[u]) {
                    chosen = lane[u];
                    continued[u] = true;
                    break;
                }
            }
            if (chosen == NONE) {
                chosen = 0;
                for (int l = 1; l < lanes; l++) {
                    if (load[l] < load[chosen]) {
                        chosen = l;
                    }
                }
            }
            lane[i] = chosen;
            load[chosen]++;
        }
        return lane;
    }
}
