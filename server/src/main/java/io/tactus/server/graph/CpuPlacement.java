package io.tactus.server.graph;

import io.tactus.rt.RealtimeScheduler;

import java.util.Arrays;
import java.util.stream.IntStream;

/**
 * Which CPU each out-of-process client's process thread runs on, from the graph. A handoff from a client to
 * the one it feeds is a futex wake; when the kernel puts the woken thread on the other CPU (it does for a
 * realtime thread whenever the waker's CPU is busy with the waker itself), the wake costs an interrupt to that
 * CPU and, on a virtual machine, a virtual CPU woken from idle, tens of microseconds here, where a wake on the
 * waker's own CPU costs only the context switch once the waker sleeps. So a chain stays on one CPU: a client
 * continues the CPU of the first of its feeders that no other client continues yet, and every other client (a
 * first-wave client, the second branch of a fan-out) heads a chain of its own; chains go to the CPU with the
 * fewest clients, longest first, so independent clients still run in parallel, and a chain keeps the CPU it
 * has where the counts allow. In-process clients run on the engine thread and are not placed.
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
        int[] previous = new int[n];
        for (int i = 0; i < n; i++) {
            remote[i] = plan.step(i).isRemote();
            upstream[i] = plan.step(i).upstream();
            previous[i] = laneOf(plan.step(i).client().pinnedCpu());
        }
        int[] lanes = lanes(remote, upstream, previous, cpus.length);
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

    private int laneOf(int cpu) {
        for (int l = 0; l < cpus.length; l++) {
            if (cpus[l] == cpu) {
                return l;
            }
        }
        return NONE;
    }

    /**
     * The placement itself, for steps in plan order: {@code remote[i]} whether step i runs in another process,
     * {@code upstream[i]} the positions of the steps that feed it (all before i), {@code previous[i]} the lane it
     * holds now or {@link #NONE}. Returns for each step a lane from 0 to {@code lanes} - 1, or {@link #NONE} for
     * an in-process step. First the chains: a step continues the chain of its first feeder that no other step
     * continues yet, or heads a chain of its own. Then the chains go, longest first, each to the lane with the
     * fewest steps; of equal lanes, the one its head holds now, so a graph change moves as few threads as it can
     * and the order clients happened to register in does not decide which chain moves. Pure.
     */
    static int[] lanes(boolean[] remote, int[][] upstream, int[] previous, int lanes) {
        int n = remote.length;
        int[] chainOf = new int[n]; // the position of the chain's head
        Arrays.fill(chainOf, NONE);
        boolean[] continued = new boolean[n];
        int[] length = new int[n];
        for (int i = 0; i < n; i++) {
            if (!remote[i]) {
                continue;
            }
            chainOf[i] = i;
            for (int u : upstream[i]) {
                if (u >= 0 && u < i && chainOf[u] != NONE && !continued[u]) {
                    chainOf[i] = chainOf[u];
                    continued[u] = true;
                    break;
                }
            }
            length[chainOf[i]]++;
        }
        Integer[] heads = IntStream.range(0, n).filter(i -> chainOf[i] == i).boxed()
                .sorted((a, b) -> length[a] != length[b] ? Integer.compare(length[b], length[a]) : Integer.compare(a, b))
                .toArray(Integer[]::new);
        int[] laneOfChain = new int[n];
        int[] load = new int[lanes];
        for (int head : heads) {
            int held = previous[head];
            int chosen = held >= 0 && held < lanes ? held : 0;
            for (int l = 0; l < lanes; l++) {
                if (load[l] < load[chosen]) {
                    chosen = l;
                }
            }
            laneOfChain[head] = chosen;
            load[chosen] += length[head];
        }
        int[] lane = new int[n];
        for (int i = 0; i < n; i++) {
            lane[i] = chainOf[i] == NONE ? NONE : laneOfChain[chainOf[i]];
        }
        return lane;
    }

    /** {@link #lanes(boolean[], int[][], int[], int)} from nothing placed yet. */
    static int[] lanes(boolean[] remote, int[][] upstream, int lanes) {
        int[] none = new int[remote.length];
        Arrays.fill(none, NONE);
        return lanes(remote, upstream, none, lanes);
    }
}
