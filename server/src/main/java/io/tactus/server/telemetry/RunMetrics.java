package io.tactus.server.telemetry;

import org.HdrHistogram.Histogram;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * The stress report's arithmetic, applied to each cycle record as it arrives (the definitions are in
 * docs/report.md): delay d_k = W_k - T_k, not charged after an overrun; cycle time c_k = E_k - W_k; DSP
 * load c_k / P; spare time = P - max(c) over the previous 32 cycles. {@link #restartAt} and
 * {@link #stopAt} bound a measurement window by cycle index (a stress run opens it after its
 * warm-up). Runs on the consumer thread; reads from other threads are synchronized. The per-second series keeps
 * the last {@value #SECONDS_KEPT} seconds: a server that runs for days would otherwise grow it by one entry a second
 * for as long as it runs (and copy all of it into every snapshot); the window's totals cover all of it.
 */
public final class RunMetrics {

    /** Six hours of per-second figures, about 2 MB. */
    public static final int SECONDS_KEPT = 6 * 3600;

    private static final int SPARE_WINDOW = 32;
    private static final long ONE_MS = 1_000_000;

    /** The period of the last cycle seen (issue 20: it changes at run time). */
    private long periodNanos;
    private long fromCycle;
    private long toCycle = Long.MAX_VALUE;
    private long lastCycleSeen = -1;
    private final Histogram delays = new Histogram(3);
    /** Each client call's wait from TRIGGERED to RUNNING: for process clients, their wake-up lateness. */
    private final Histogram clientWaits = new Histogram(3);
    private long clientWaitsOver1ms;
    private final Histogram cycleTimes = new Histogram(3);
    private final long[] recentCycles = new long[SPARE_WINDOW];
    private int recentCount;
    private int recentNext;

    private long cycles;
    private long xruns;
    private long skipped;
    private long timeouts;
    private long delayOverSpare;
    private long delayOver1ms;
    private double dspSum;
    private long clientNanosSum;
    private long clientInCycleNanosSum;
    private double dspMax;
    /** JACK2's jack_cpu_load over the window's cycles alone. */
    private JackCpuLoad jackLoad = new JackCpuLoad();
    private long rtAllocated = -1;
    /** The engine's allocation figure when the window opened; the window reports what came after it. */
    private long rtAllocatedAtStart = -1;
    private int clientsAtEnd;
    private int clientsMax;
    private long firstIdeal = Long.MIN_VALUE;
    private long lastIdeal;
    private final int secondsKept;
    private final ArrayDeque<SecondStats> seconds = new ArrayDeque<>();
    private SecondAccumulator second;

    public RunMetrics(long periodNanos) {
        this(periodNanos, SECONDS_KEPT);
    }

    RunMetrics(long periodNanos, int secondsKept) {
        this.periodNanos = periodNanos;
        this.secondsKept = secondsKept;
    }

    /** Forgets everything and counts cycles from {@code cycle} on (a measurement window opens). */
    public synchronized void restartAt(long cycle) {
        fromCycle = cycle;
        toCycle = Long.MAX_VALUE;
        delays.reset();
        clientWaits.reset();
        clientWaitsOver1ms = 0;
        cycleTimes.reset();
        recentCount = 0;
        recentNext = 0;
        cycles = xruns = skipped = timeouts = delayOverSpare = delayOver1ms = clientNanosSum = clientInCycleNanosSum = 0;
        dspSum = dspMax = 0;
        jackLoad = new JackCpuLoad();
        clientsMax = 0;
        firstIdeal = Long.MIN_VALUE;
        rtAllocatedAtStart = -1;
        seconds.clear();
        second = null;
    }

    /** Counts no cycle from {@code cycle} on (the window closes). */
    public synchronized void stopAt(long cycle) {
        toCycle = cycle;
    }

    /** The highest cycle index seen so far, counted or not; -1 before the first. */
    public synchronized long lastCycleSeen() {
        return lastCycleSeen;
    }

    public synchronized void onCycle(CycleRecord r) {
        if (r.rtAllocatedBytes >= 0) {
            rtAllocated = r.rtAllocatedBytes;
            if (rtAllocatedAtStart < 0 && r.cycle >= fromCycle) {
                rtAllocatedAtStart = r.rtAllocatedBytes;
            }
        }
        lastCycleSeen = Math.max(lastCycleSeen, r.cycle);
        if (r.periodNanos > 0) {
            periodNanos = r.periodNanos;
        }
        if (r.cycle < fromCycle || r.cycle >= toCycle) {
            return;
        }
        clientsAtEnd = r.clientCount;
        if (firstIdeal == Long.MIN_VALUE) {
            firstIdeal = r.idealStart;
        }
        lastIdeal = r.idealStart;
        cycles++;
        clientsMax = Math.max(clientsMax, r.clientCount);

        long cycle = Math.max(0, r.cycleNanos());
        long delay = Math.max(0, r.delayNanos());
        boolean charged = !r.afterOverrun;
        if (charged) {
            delays.recordValue(delay);
            if (delay > spareNanos()) {
                delayOverSpare++;
            }
            if (delay > ONE_MS) {
                delayOver1ms++;
            }
        }
        cycleTimes.recordValue(cycle);
        remember(cycle);
        for (int i = 0; i < r.clientCount; i++) {
            clientNanosSum += r.clientNanos[i];
            if (r.clientStarts[i] != 0) {
                clientWaits.recordValue(r.clientWaits[i]);
                if (r.clientWaits[i] > ONE_MS) {
                    clientWaitsOver1ms++;
                }
            }
        }
        clientInCycleNanosSum += r.clientWorkInCycle();

        jackLoad.onCycle(r);
        double load = 100.0 * cycle / periodNanos;
        dspSum += load;
        dspMax = Math.max(dspMax, load);
        if (r.xrun) {
            xruns++;
        }
        skipped += r.skippedPeriods;
        timeouts += r.timeouts;
        perSecond(r, load, charged ? delay : 0);
    }

    /** P minus the longest of the previous 32 cycles (P before any cycle). */
    private long spareNanos() {
        long max = 0;
        for (int i = 0; i < recentCount; i++) {
            max = Math.max(max, recentCycles[i]);
        }
        return periodNanos - max;
    }

    private void remember(long cycle) {
        recentCycles[recentNext] = cycle;
        recentNext = (recentNext + 1) % SPARE_WINDOW;
        recentCount = Math.min(recentCount + 1, SPARE_WINDOW);
    }

    private void perSecond(CycleRecord r, double load, long delay) {
        int index = (int) ((r.idealStart - firstIdeal) / 1_000_000_000L);
        if (second == null || second.index != index) {
            closeSecond();
            second = new SecondAccumulator(index);
        }
        second.add(load, delay, r.xrun, r.timeouts, r.clientCount);
    }

    private void closeSecond() {
        if (second != null) {
            if (seconds.size() >= secondsKept) {
                seconds.removeFirst();
            }
            seconds.addLast(second.toStats());
        }
    }

    public synchronized MetricsSnapshot snapshot() {
        List<SecondStats> series = new ArrayList<>(seconds);
        if (second != null) {
            series.add(second.toStats());
        }
        double measured = cycles == 0 ? 0 : (lastIdeal - firstIdeal + periodNanos) / 1e9;
        return MetricsSnapshot.builder().cycles(cycles).xruns(xruns).skippedPeriods(skipped).timeouts(timeouts)
                .delayOverSpare(delayOverSpare).delayOver1000us(delayOver1ms)
                .delayMaxMicros(micros(delays.getMaxValue()))
                .clientWaitsOver1000us(clientWaitsOver1ms)
                .clientWaitMaxMicros(micros(clientWaits.getMaxValue()))
                .clientWaitP999Micros(micros(clientWaits.getValueAtPercentile(99.9)))
                .clientWaitMeanMicros(clientWaits.getTotalCount() == 0 ? 0 : clientWaits.getMean() / 1000.0)
                .delayP999Micros(micros(delays.getValueAtPercentile(99.9)))
                .delayP99Micros(micros(delays.getValueAtPercentile(99.0)))
                .delayMeanMicros(delays.getTotalCount() == 0 ? 0 : delays.getMean() / 1000.0)
                .cycleMaxMicros(micros(cycleTimes.getMaxValue()))
                .cycleP999Micros(micros(cycleTimes.getValueAtPercentile(99.9)))
                .cycleMeanMicros(cycleTimes.getTotalCount() == 0 ? 0 : cycleTimes.getMean() / 1000.0)
                .clientWorkMeanMicros(cycles == 0 ? 0 : clientNanosSum / 1000.0 / cycles)
                .clientWorkInCycleMeanMicros(cycles == 0 ? 0 : clientInCycleNanosSum / 1000.0 / cycles)
                .dspLoadMean(cycles == 0 ? 0 : dspSum / cycles).dspLoadMax(dspMax)
                .jackDspLoadMean(jackLoad.meanPercent()).jackDspLoadMax(jackLoad.maxPercent())
                .rtAllocatedBytes(windowAllocation()).clientsAtEnd(clientsAtEnd)
                .clientsMax(clientsMax).secondsMeasured(measured).perSecond(List.copyOf(series))
                .windowStartNanos(firstIdeal == Long.MIN_VALUE ? 0 : firstIdeal).build();
    }

    /**
     * What the engine thread allocated inside the window (its figure is re-read every 64 cycles, so the
     * window's start is known to that precision): clients that join after the engine's own warm-up, such
     * as JVMs of their own, are first met by the JIT before a stress run's window opens, not inside it.
     * -1 before the engine has a baseline.
     */
    private long windowAllocation() {
        return rtAllocated < 0 ? -1 : rtAllocated - Math.max(0, rtAllocatedAtStart);
    }

    private static double micros(long nanos) {
        return nanos / 1000.0;
    }

    private static final class SecondAccumulator {
        final int index;
        int cycles;
        double loadSum;
        double loadMax;
        long delayMax;
        int xruns;
        int timeouts;
        int clients;

        SecondAccumulator(int index) {
            this.index = index;
        }

        void add(double load, long delay, boolean xrun, int cycleTimeouts, int clientCount) {
            cycles++;
            loadSum += load;
            loadMax = Math.max(loadMax, load);
            delayMax = Math.max(delayMax, delay);
            xruns += xrun ? 1 : 0;
            timeouts += cycleTimeouts;
            clients = clientCount;
        }

        SecondStats toStats() {
            return new SecondStats(index, cycles, loadSum / cycles, loadMax, delayMax / 1000.0, xruns, timeouts, clients);
        }
    }
}
