package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.compare.CompareSettings;
import io.tactus.bench.compare.Comparison;
import io.tactus.bench.load.LoadKind;
import io.tactus.bench.stress.ClientMode;
import io.tactus.bench.stress.Degradation;
import io.tactus.bench.stress.StressSettings;
import io.tactus.rt.SchedulingSettings;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.Callable;

/**
 * {@code tactus compare jackd}: the same native jack_test3 clients on JACK2 and on Tactus, side by side; or JACK2's
 * native clients against Tactus's Java process clients, the path a Java program takes.
 */
@Command(name = "compare", mixinStandardHelpOptions = true,
        description = "Runs the same native jack_test3 clients (tactus_jt3) on JACK2 (jackd, dummy driver) and on Tactus"
                + " in alternating windows and prints the two summaries side by side with their ratios; with"
                + " --tactus-clients java, Tactus's windows run Java process clients instead.")
public final class CompareCommand implements Callable<Integer> {

    static final int DEFAULT_ROUNDS = 2;
    static final int DEFAULT_SECONDS = 60;
    static final String DEFAULT_LOAD = "none";
    static final String DEFAULT_TACTUS_CLIENTS = "native";

    @Parameters(index = "0", paramLabel = "PEER", description = "the server to compare with: jackd")
    String peer;

    @Mixin
    RunOptions run;

    @Option(names = "--rounds", defaultValue = "" + DEFAULT_ROUNDS,
            description = "rounds, each a JACK2 window then a Tactus window (default ${DEFAULT-VALUE})")
    int rounds;

    @Option(names = "--seconds", defaultValue = "" + DEFAULT_SECONDS,
            description = "measured seconds of each window (default ${DEFAULT-VALUE})")
    int seconds;

    @Option(names = "--load", defaultValue = DEFAULT_LOAD,
            description = "none, or cpu: stress-ng --cpu 2 for the whole of each window (default ${DEFAULT-VALUE})")
    String load;

    @Option(names = "--sync", description = "run both synchronous (jackd -S); default: both asynchronous, JACK2's default")
    boolean sync;

    @Option(names = "--cpu-latency-for-jackd", description = "JACK2's windows hold the same CPU wake-up latency as"
            + " Tactus's (--cpu-latency-us); default: each server as it starts, jackd asking for none")
    boolean cpuLatencyForJackd;

    @Option(names = "--tactus-clients", defaultValue = DEFAULT_TACTUS_CLIENTS,
            description = "native: the same tactus_jt3 on Tactus's libjack; java: Java process clients (tactus client"
                    + " jt3), as ./tactus stress --client-mode process runs them (default ${DEFAULT-VALUE})")
    String tactusClients;

    @Option(names = "--out", description = "directory of the raw outputs (default: a new /tmp/tactus-compare-DATE)")
    Path out;

    @Override
    public Integer call() throws InterruptedException {
        if (!"jackd".equals(peer)) {
            throw new TactusException("tactus compare knows one peer, jackd, not '" + peer + "'");
        }
        run.validate();
        boolean cpuLoad = switch (load) {
            case "none" -> false;
            case "cpu" -> true;
            default -> throw new TactusException("--load must be none or cpu, not '" + load + "'");
        };
        if (RunCommand.resolve("jackd") == null) {
            throw new TactusException("jackd is not installed; install JACK2 with 'apt-get install jackd2' to compare"
                    + " against it");
        }
        if (cpuLoad && RunCommand.resolve("stress-ng") == null) {
            throw new TactusException("--load cpu runs stress-ng, which is not installed; install it with 'apt-get"
                    + " install stress-ng'");
        }
        boolean java = switch (tactusClients) {
            case "native" -> false;
            case "java" -> true;
            default -> throw new TactusException("--tactus-clients must be native or java, not '" + tactusClients + "'");
        };
        // As jackd runs: -S, or its async default.
        ClientMode mode = java ? (sync ? ClientMode.PROCESS : ClientMode.PROCESS_ASYNC)
                : sync ? ClientMode.JACK : ClientMode.JACK_ASYNC;
        StressSettings stress = new StressSettings(run.clients, run.ports, run.frames, run.rate, seconds, run.warmup,
                SchedulingSettings.fifo(run.priority), run.work, run.chain(), run.spinMicros(mode),
                LoadKind.NONE, 0, Degradation.defaults(), mode);
        Path raw = out != null ? out : Path.of(System.getProperty("java.io.tmpdir"), "tactus-compare-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        new Comparison(new CompareSettings(stress, rounds, sync, cpuLoad, raw, run.cpuLatency.micros(),
                cpuLatencyForJackd), NativeLibrary.locate().jt3(), System.out,
                System.err).run();
        return 0;
    }
}
