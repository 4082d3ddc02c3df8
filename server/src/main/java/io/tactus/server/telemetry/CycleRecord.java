package io.tactus.server.telemetry;

import io.tactus.server.graph.ExecutionPlan;

/**
 * One period as the engine saw it, preallocated in the telemetry ring and overwritten in place. Times
 * are {@link System#nanoTime()} values. Per-client figures are indexed by position in {@link #plan}.
 */
public final class CycleRecord {

    /** No client: used for {@link #timeoutClient}. */
    public static final int NONE = -1;

    /** Period index k since the engine started (skipped periods advance it too). */
    public long cycle;
    /**
     * CPU time the engine thread got between W_k and E_k. Less than the cycle time when the thread was
     * off the CPU mid-cycle: preempted, stopped by the kernel's RT throttling, taken by the host, or
     * blocked in a client's call. The watchdog uses it so that time the kernel took is not charged to the
     * client it happened to interrupt.
     */
    public long cpuNanos;
    /**
     * Wall time the engine spent in out-of-process clients' calls, waiting for their answers (asleep on a
     * futex, so off the CPU on purpose). Their own work is in {@link #clientNanos}, from their own stamps.
     */
    public long remoteWaitNanos;
    /** Ideal start T_k. */
    public long idealStart;
    /** Actual engine wakeup W_k. */
    public long wakeup;
    /** End of the cycle E_k: the driver has the output. */
    public long end;
    /** When the commands of this cycle had been applied; minus {@link #wakeup}, the cost of a plan switch. */
    public long commandsDone;
    /** The cycle started by switching to a new plan. */
    public boolean planSwitched;
    /** The output deadline T_{k+1}. */
    public long deadline;
    /**
     * An XRUN (docs/report.md): the output was not complete by the deadline ({@link #overran}), or the driver
     * counted device xruns during the cycle ({@link #driverXruns}).
     */
    public boolean xrun;
    /** The cycle's own output was late: E_k after T_{k+1}. */
    public boolean overran;
    /** Device underruns and overruns the driver counted since the previous cycle (javasound); usually 0. */
    public long driverXruns;
    /** The previous cycle overran, so this cycle's delay is not charged to it. */
    public boolean afterOverrun;
    /** Whole periods that passed without a cycle because this one overran (the engine resynchronised). */
    public int skippedPeriods;
    /** The graph the cycle ran. */
    public ExecutionPlan plan;
    /** Clients run, = plan.stepCount(). */
    public int clientCount;
    /** Own processing time of each client in graph order. */
    public final long[] clientNanos;
    /** When each client's process call started, in graph order; 0 for a client that did not run. */
    public final long[] clientStarts;
    /**
     * How long each client waited: from TRIGGERED (cycle start, or the end of the last client feeding it)
     * to RUNNING. Filled in by the consumer ({@link #findWaits()}); a client is never blamed for it.
     */
    public final long[] clientWaits;
    /**
     * The client that was running when the deadline passed, or {@link #NONE}. Filled in by the consumer
     * ({@link #findTimeoutClient()}), so that the engine has no rarely-taken branch for it: a branch the
     * JIT has never seen taken is compiled as a trap, and the deoptimisation it causes allocates on the
     * realtime thread.
     */
    public int timeoutClient;
    /**
     * The (client, cycle) pairs of this cycle that count towards Timeout Count (docs/report.md): clients whose
     * call spans the deadline or that did not answer within their own limit. Filled in by the consumer
     * ({@link #findTimeoutClient()}).
     */
    public int timeouts;
    /**
     * Per client in graph order: an out-of-process client that had not answered within its own time limit
     * (its outputs were silence: the engine stepped in for it). Set by the engine.
     */
    public final boolean[] clientTimedOut;
    /** The client whose process call threw, or {@link #NONE}. */
    public int failedClient;
    /** What the failed client threw; null when none did. */
    public Throwable failure;
    /** Bytes the engine thread allocated since its warm-up ended; -1 until measured. */
    public long rtAllocatedBytes;

    /** The period this cycle ran under (issue 20: it changes at run time); the watchdog and the metrics follow it. */
    public long periodNanos;
    /** The engine freewheeled: no deadline, so no client is judged by the period in this cycle. */
    public boolean freewheel;

    public CycleRecord(int maxClients) {
        this.clientNanos = new long[maxClients];
        this.clientStarts = new long[maxClients];
        this.clientWaits = new long[maxClients];
        this.clientTimedOut = new boolean[maxClients];
    }

    /** Sets {@link #clientWaits} from the plan's dependencies. Consumer thread. */
    public void findWaits() {
        for (int i = 0; i < clientCount; i++) {
            if (clientStarts[i] == 0) {
                clientWaits[i] = 0;
                continue;
            }
            long triggered = commandsDone;
            for (int j : plan.step(i).upstream()) {
                if (clientStarts[j] != 0) {
                    triggered = Math.max(triggered, clientStarts[j] + clientNanos[j]);
                }
            }
            clientWaits[i] = Math.max(0, clientStarts[i] - triggered);
        }
    }

    /**
     * Time in the cycle the engine thread was off the CPU against its will: E_k - W_k minus its CPU time,
     * less the time it slept waiting for out-of-process clients (never negative).
     */
    public long offCpuNanos() {
        return Math.max(0, cycleNanos() - cpuNanos - remoteWaitNanos);
    }

    /**
     * Sets {@link #timeoutClient}: the client whose call spans the deadline, else the first out-of-process
     * client that did not answer within its own time limit; and {@link #timeouts}, how many clients of the
     * cycle did either. Consumer thread.
     */
    public void findTimeoutClient() {
        int spanning = NONE;
        int firstTimedOut = NONE;
        int count = 0;
        for (int i = 0; i < clientCount; i++) {
            boolean spans = spansDeadline(i);
            if (spans && spanning == NONE) {
                spanning = i;
            }
            if (clientTimedOut[i] && firstTimedOut == NONE) {
                firstTimedOut = i;
            }
            count += timedOut(i) ? 1 : 0;
        }
        timeoutClient = spanning != NONE ? spanning : firstTimedOut;
        timeouts = count;
    }

    /** Whether the call of the client at plan position {@code i} was still running when the deadline passed. */
    public boolean spansDeadline(int i) {
        long start = clientStarts[i];
        return start <= deadline && start + clientNanos[i] > deadline;
    }

    /**
     * Whether the client at plan position {@code i} began its work this cycle. An out-of-process client the
     * server gave up on has own work only if it had begun (its started stamp is of this cycle); its start
     * is then its own stamp, else when the server called it.
     */
    public boolean began(int i) {
        return clientStarts[i] != 0 && (!clientTimedOut[i] || clientNanos[i] > 0);
    }

    /** Whether the client at plan position {@code i} counts towards {@link #timeouts}. */
    public boolean timedOut(int i) {
        return spansDeadline(i) || clientTimedOut[i];
    }

    /**
     * The clients' own work that lies inside this cycle, W_k to E_k: all of it when the engine waits for every
     * client; none of an asynchronous client's, which worked in the previous period on that period's inputs.
     * Cycle time minus this is what the engine itself cost.
     */
    public long clientWorkInCycle() {
        long sum = 0;
        for (int i = 0; i < clientCount; i++) {
            if (clientStarts[i] == 0) {
                continue; // did not run
            }
            long start = Math.max(clientStarts[i], wakeup);
            long finish = Math.min(clientStarts[i] + clientNanos[i], end);
            sum += Math.max(0, finish - start);
        }
        return sum;
    }

    /** Cycle time c_k = E_k - W_k. */
    public long cycleNanos() {
        return end - wakeup;
    }

    /** Delay d_k = W_k - T_k. */
    public long delayNanos() {
        return wakeup - idealStart;
    }
}
