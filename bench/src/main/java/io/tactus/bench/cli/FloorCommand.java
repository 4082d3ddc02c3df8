package io.tactus.bench.cli;

import io.tactus.bench.floor.FloorProbe;
import io.tactus.bench.floor.FloorWait;
import io.tactus.bench.floor.FloorWindow;

import io.tactus.bench.report.FloorLines;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.Locale;
import java.util.concurrent.Callable;

/** {@code tactus floor}: the bare realtime thread alone, as cyclictest, in windows with a line of progress each. */
@Command(name = "floor", mixinStandardHelpOptions = true,
        description = "Measures the machine's floor: a bare realtime thread that only sleeps to each period, as cyclictest.")
public final class FloorCommand implements Callable<Integer> {

    public static final int DEFAULT_SECONDS = 30;
    public static final int DEFAULT_PRIORITY = 70;

    @Option(names = "--seconds", defaultValue = "" + DEFAULT_SECONDS, description = "measured seconds (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--sched", defaultValue = "fifo", description = "fifo, rr, other or deadline (default ${DEFAULT-VALUE})")
    String sched;

    @Option(names = {"--priority", "-P"}, defaultValue = "" + DEFAULT_PRIORITY, description = "realtime priority for fifo and rr (default ${DEFAULT-VALUE})")
    int priority;

    @Option(names = {"--frames", "-p"}, defaultValue = "64", description = "frames per period (default ${DEFAULT-VALUE})")
    int frames;

    @Option(names = {"--rate", "-r"}, defaultValue = "48000", description = "sample rate in Hz (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = "--wait", defaultValue = "nanosleep", description = "nanosleep (clock_nanosleep to the period, as cyclictest) or park (LockSupport.parkNanos) (default ${DEFAULT-VALUE})")
    String wait;

    @Option(names = "--mlock", description = "lock the JVM's memory first (mlockall, as cyclictest -m); needs "
            + "CAP_IPC_LOCK or a large enough RLIMIT_MEMLOCK")
    boolean mlock;

    @Mixin
    CpuLatencyOption cpuLatency = new CpuLatencyOption();

    @Override
    public Integer call() throws InterruptedException {
        int cpuLatencyMicros = cpuLatency.micros();
        FloorWait floorWait = parseWait(wait); // every option checked before anything is held or measured
        if (seconds < 1) {
            throw new IllegalArgumentException("--seconds must be at least 1, not " + seconds);
        }
        if (frames < 1 || rate < 1) {
            throw new IllegalArgumentException("--frames and --rate must be positive");
        }
        try (CpuLatencyRequest latency = RealtimeScheduler.system().holdCpuLatency(cpuLatencyMicros)) {
            System.err.println("tactus floor: " + CpuLatencyRequest.describe(latency.micros()));
            return measure(floorWait);
        }
    }

    private int measure(FloorWait floorWait) throws InterruptedException {
        long period = (long) frames * 1_000_000_000L / rate;
        FloorProbe probe = new FloorProbe(scheduling(period), period, floorWait);
        if (mlock && RealtimeScheduler.system().lockMemory()) {
            System.err.println("tactus floor: memory locked (mlockall)");
        }
        FloorWindow total = null;
        int window = Math.min(10, seconds);
        for (int done = 0; done < seconds; done += window) {
            FloorWindow one = probe.measure(Math.min(window, seconds - done));
            total = total == null ? one : total.plus(one);
            System.err.printf(Locale.ROOT, "tactus floor: %d of %d s, %d late, maximum %d usecs%n",
                    Math.min(done + window, seconds), seconds, one.late(), one.maxNanos() / 1000);
        }
        System.out.print(FloorLines.format(total));
        return 0;
    }

    static FloorWait parseWait(String text) {
        return switch (text) {
            case "nanosleep" -> FloorWait.NANOSLEEP;
            case "park" -> FloorWait.PARK;
            default -> throw new IllegalArgumentException("--wait must be nanosleep or park, not '" + text + "'");
        };
    }

    private SchedulingSettings scheduling(long period) {
        if ((sched.equals("fifo") || sched.equals("rr")) && (priority < 1 || priority > 99)) {
            throw new IllegalArgumentException("--priority must be from 1 to 99, not " + priority);
        }
        return switch (SchedulingPolicy.parse(sched)) {
            case FIFO -> SchedulingSettings.fifo(priority);
            case RR -> SchedulingSettings.rr(priority);
            case OTHER -> SchedulingSettings.other(0);
            case DEADLINE -> SchedulingSettings.deadline(period / 10, period, period);
        };
    }
}
