package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.report.ReportFiles;
import io.tactus.bench.report.SummaryFormatter;
import io.tactus.bench.stress.ClientDsp;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.Degradation;
import io.tactus.bench.stress.HogSettings;
import io.tactus.bench.stress.StressResult;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.StressTest;
import io.tactus.clients.HogPattern;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.os.KernelRtBudget;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;

/** {@code tactus stress}: the jack_test3 run and its report. */
@Command(name = "stress", mixinStandardHelpOptions = true,
        description = "Runs N jack_test3 mixer clients on an in-process server (dummy driver) and prints the "
                + "jack_test3 summary.")
public final class StressCommand implements Callable<Integer> {

    static final int DEFAULT_SECONDS = 300;
    static final String DEFAULT_SCHED = "fifo";
    static final int DEFAULT_NICE = 0;
    static final String DEFAULT_LOAD = "none";
    static final int DEFAULT_STAGGER = 0;
    static final String DEFAULT_CLIENT_MODE = "inproc";
    static final int DEFAULT_FLOOR_SECONDS = 10;
    static final int DEFAULT_HOGS = 0;
    static final int DEFAULT_HOG_LOAD = 150;
    static final int DEFAULT_HOG_AFTER = 10;
    static final String DEFAULT_HOG_PATTERN = "steady";
    static final int DEFAULT_LOW = 0;
    static final int DEFAULT_HIGH = 0;

    @Mixin
    RunOptions run;

    @Option(names = "--seconds", defaultValue = "" + DEFAULT_SECONDS,
            description = "measured seconds (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--floor-seconds", defaultValue = "" + DEFAULT_FLOOR_SECONDS,
            description = "seconds of the floor (a bare realtime thread sleeping to each period at the engine's"
                    + " scheduling), half before the run and half after it, at most --seconds; 0 for none"
                    + " (default ${DEFAULT-VALUE})")
    int floorSeconds;

    @Option(names = "--sched", defaultValue = DEFAULT_SCHED,
            description = "engine scheduling: fifo, rr, other or deadline (default ${DEFAULT-VALUE})")
    String sched;

    @Option(names = "--nice", defaultValue = "" + DEFAULT_NICE,
            description = "nice value for --sched other (default ${DEFAULT-VALUE})")
    int nice;

    @Option(names = "--load", defaultValue = DEFAULT_LOAD,
            description = "background load: none, cpu (a busy process per core) or compile (javac in a loop) "
            + "(default ${DEFAULT-VALUE})")
    String load;

    @Option(names = "--stagger", defaultValue = "" + DEFAULT_STAGGER,
            description = "seconds between two clients joining, as jack_test3 did (default ${DEFAULT-VALUE}: all "
            + "join before the warm-up)")
    int stagger;

    @Option(names = "--midi", description = "also MIDI through the clients: a MIDI port pair each, 1000 events a second "
            + "from a source through every client, in client order, into a sink that counts what arrived")
    boolean midi;

    @Option(names = "--switch-bufsize", split = ",", paramLabel = "N[,N...]",
            description = "switch the period size to each N in turn during the measured time, evenly spaced, as "
                    + "'tactus bufsize N' does (e.g. 256,64); each switch is reported")
    java.util.List<Integer> switchBufsize = java.util.List.of();

    @Option(names = "--out",
            description = "also write summary.txt, summary.json, per-second.csv and graph.png into this directory")
    java.nio.file.Path out;

    @Option(names = "--client-mode", defaultValue = DEFAULT_CLIENT_MODE,
            description = "inproc (clients on the engine thread), process (each client a JVM of its own, over the "
            + "control socket,"
            + " the graph's output heard in the same period) or process-async (as process, the whole graph"
            + " asynchronous as JACK2's default: every path one period late) or jack (as process, each client the"
            + " native tactus_jt3 through Tactus's libjack)"
            + " (default ${DEFAULT-VALUE})")
    String clientMode;

    @Mixin
    WatchdogOptions watchdog;

    @Option(names = "--hogs", defaultValue = "" + DEFAULT_HOGS,
            description = "hyperactive clients to add to --clients (default ${DEFAULT-VALUE})")
    int hogs;

    @Option(names = "--hog-load", defaultValue = "" + DEFAULT_HOG_LOAD,
            description = "what a hog burns per cycle, percent of the period (default ${DEFAULT-VALUE})")
    double hogLoad;

    @Option(names = "--hog-after", defaultValue = "" + DEFAULT_HOG_AFTER,
            description = "seconds into the measured time when the hogs turn hyperactive (default ${DEFAULT-VALUE})")
    double hogAfter;

    @Option(names = "--hog-pattern", defaultValue = DEFAULT_HOG_PATTERN,
            description = "steady, ramp (to the load over 10 s) or burst (250 ms of every second) (default "
            + "${DEFAULT-VALUE})")
    String hogPattern;

    @Option(names = "--rt-limit",
            description = "kernel RT budget in percent of sched_rt_period_us for the run; needs root; always restored")
    Double rtLimit;

    @Option(names = "--low", defaultValue = "" + DEFAULT_LOW,
            description = "the first N jack_test3 clients declare low priority (the governor sheds them first)")
    int low;

    @Option(names = "--high", defaultValue = "" + DEFAULT_HIGH,
            description = "the last N jack_test3 clients declare high priority")
    int high;

    @Option(names = "--dsp", defaultValue = "mixer",
            description = "what each Java client computes: mixer (jack_test3: every output the mean of all inputs, then"
            + " --work stages) or cascade (each input through --work stages to its own output, as JACK2's reference"
            + " client for the chained comparison; the first of a chain adds a sawtooth) (default ${DEFAULT-VALUE})")
    String dsp;

    @Override
    public Integer call() throws InterruptedException {
        run.validate();
        ClientMode mode = ClientMode.parse(clientMode);
        StressSettings settings = new StressSettings(run.clients, run.ports, run.frames, run.rate, seconds,
                run.warmup, scheduling(), run.work, run.chain(), run.spinMicros(mode), LoadKind.parse(load), stagger,
                degradation(), mode, ClientDsp.parse(dsp));
        settings.validate();
        StressTest test = new StressTest(settings, System.err).withFloorSeconds(Math.min(floorSeconds, seconds))
                .withMidi(midi).withBufsizeSwitches(switchBufsize).withCpuLatencyMicros(run.cpuLatency.micros());
        if (mode.isNative()) {
            test.withNativeClient(NativeLibrary.locate().jt3());
        }
        StressResult result = test.run();
        System.out.print(SummaryFormatter.format(result));
        if (out != null) {
            ReportFiles.write(out, result, ReportFiles.marks(result));
            System.err.println("tactus stress: wrote summary.txt, summary.json, per-second.csv and graph.png to "
                    + out);
        }
        return 0;
    }

    Degradation degradation() {
        if (rtLimit != null && !KernelRtBudget.systemWritable()) {
            throw new TactusException("--rt-limit needs root to write " + KernelRtBudget.SYSCTL_PATH
                    + "; run as root or leave --rt-limit out");
        }
        return new Degradation(watchdog.settings(), new HogSettings(hogs, hogLoad, hogAfter, HogPattern.parse(hogPattern)),
                rtLimit == null ? 0 : rtLimit, low, high);
    }

    private SchedulingSettings scheduling() {
        SchedulingPolicy policy = SchedulingPolicy.parse(sched);
        return switch (policy) {
            case FIFO -> SchedulingSettings.fifo(run.priority);
            case RR -> SchedulingSettings.rr(run.priority);
            case OTHER -> SchedulingSettings.other(nice);
            case DEADLINE -> SchedulingSettings.deadline(run.periodNanos() * run.dlBudget / 100, run.periodNanos(),
                    run.periodNanos());
        };
    }
}
