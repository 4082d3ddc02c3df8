package io.tactus.bench.stress;

import io.tactus.bench.floor.FloorWindow;
import io.tactus.bench.os.CpuUsage;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.telemetry.SecondStats;

import java.util.List;

/**
 * What one stress run measured, with the configuration it ran under.
 *
 * @param settings         the configuration
 * @param metrics          the engine's figures over the measured cycles
 * @param cpu              system-wide CPU over the measured time
 * @param scheduling       what the engine thread actually got, e.g. "SCHED_FIFO 70"
 * @param clientsEvicted   clients the server removed during the run
 * @param telemetryDropped cycle records the consumer missed
 * @param load             what the background load was, e.g. "none"
 * @param stealPerSecond   the hypervisor's share of all CPU time in each measured second, percent
 * @param rssAt30sKb       resident memory after 30 measured seconds, KiB; -1 for shorter runs
 * @param rssAtEndKb       resident memory at the end of the run, KiB
 * @param watchdog         what the watchdog saw and did
 * @param footprint        the server's and the client processes' proportional set sizes
 * @param floor            the bare realtime thread's windows before and after the run; null when not measured
 * @param clientsNotJoined the client processes that never joined, one line each (name, why, how often started)
 * @param midi             the MIDI carried through the clients with {@code --midi}; null without
 */
public record StressResult(StressSettings settings, MetricsSnapshot metrics, CpuUsage cpu, String scheduling,
                           int clientsEvicted, long telemetryDropped, String load, List<Double> stealPerSecond,
                           long rssAt30sKb, long rssAtEndKb, WatchdogOutcome watchdog, Footprint footprint,
                           FloorWindow floor, List<String> clientsNotJoined, MidiOutcome midi) {

    public StressResult {
        clientsNotJoined = List.copyOf(clientsNotJoined);
    }

    /** As the full constructor, every client joined. */
    public StressResult(StressSettings settings, MetricsSnapshot metrics, CpuUsage cpu, String scheduling,
                        int clientsEvicted, long telemetryDropped, String load, List<Double> stealPerSecond,
                        long rssAt30sKb, long rssAtEndKb, WatchdogOutcome watchdog, Footprint footprint,
                        FloorWindow floor) {
        this(settings, metrics, cpu, scheduling, clientsEvicted, telemetryDropped, load, stealPerSecond, rssAt30sKb,
                rssAtEndKb, watchdog, footprint, floor, List.of(), null);
    }

    /** As the full constructor, with no footprint and no floor measured. */
    public StressResult(StressSettings settings, MetricsSnapshot metrics, CpuUsage cpu, String scheduling,
                        int clientsEvicted, long telemetryDropped, String load, List<Double> stealPerSecond,
                        long rssAt30sKb, long rssAtEndKb, WatchdogOutcome watchdog) {
        this(settings, metrics, cpu, scheduling, clientsEvicted, telemetryDropped, load, stealPerSecond, rssAt30sKb,
                rssAtEndKb, watchdog, Footprint.UNKNOWN, null);
    }

    /** The jack_test3 clients that joined: those asked for, less those named as not joined. */
    public int clientsJoined() {
        return settings.clients() - (int) clientsNotJoined.stream().filter(line -> line.startsWith(StressTest.CLIENT_PREFIX))
                .count();
    }

    /** This result with the floor the run measured beside it. */
    public StressResult withFloor(FloorWindow measured) {
        return new StressResult(settings, metrics, cpu, scheduling, clientsEvicted, telemetryDropped, load,
                stealPerSecond, rssAt30sKb, rssAtEndKb, watchdog, footprint, measured, clientsNotJoined, midi);
    }

    /**
     * The engine's Delay Count (>1000 usecs) per second over the floor's late wake-ups per second; NaN with no
     * floor measured or a floor never late.
     */
    public double floorRatio() {
        return floor == null ? Double.NaN : floor.ratioOf(metrics.delayOver1000us(), metrics.secondsMeasured());
    }

    /** A result without the per-second extras, for tests and tools that build one by hand. */
    public StressResult(StressSettings settings, MetricsSnapshot metrics, CpuUsage cpu, String scheduling,
                        int clientsEvicted, long telemetryDropped) {
        this(settings, metrics, cpu, scheduling, clientsEvicted, telemetryDropped, "none", List.of(), -1, -1,
                WatchdogOutcome.none());
    }

    /**
     * The measured seconds in which the host took no CPU time from this machine, and the xruns and timeouts
     * of those seconds: on a VM, the figures the run itself is answerable for.
     */
    public QuietSeconds quietSeconds() {
        int quiet = 0;
        long xruns = 0;
        long timeouts = 0;
        for (SecondStats second : metrics.perSecond()) {
            int i = second.second();
            if (i < stealPerSecond.size() && stealPerSecond.get(i) < QuietSeconds.NO_STEAL_PERCENT) {
                quiet++;
                xruns += second.xruns();
                timeouts += second.timeouts();
            }
        }
        return new QuietSeconds(quiet, Math.min(metrics.perSecond().size(), stealPerSecond.size()), xruns, timeouts);
    }

    /**
     * Seconds of a run without steal, of all those whose steal is known, and their xruns and timeouts.
     * Steal is counted in ticks of 10 ms per CPU, 0.5 % of a second on two CPUs: below {@link #NO_STEAL_PERCENT} is
     * none.
     */
    public record QuietSeconds(int seconds, int of, long xruns, long timeouts) {
        public static final double NO_STEAL_PERCENT = 0.1;
    }

    /** As the full constructor, with no watchdog activity. */
    public StressResult(StressSettings settings, MetricsSnapshot metrics, CpuUsage cpu, String scheduling,
                        int clientsEvicted, long telemetryDropped, String load, List<Double> stealPerSecond,
                        long rssAt30sKb, long rssAtEndKb) {
        this(settings, metrics, cpu, scheduling, clientsEvicted, telemetryDropped, load, stealPerSecond, rssAt30sKb,
                rssAtEndKb, WatchdogOutcome.none());
    }
}
