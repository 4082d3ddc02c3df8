package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.bench.stress.ClientMode;
import io.tactus.server.ServerSettings;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every stress run takes, shared by {@code stress} and {@code matrix} as a picocli mixin so
 * that the two commands cannot drift apart in names, defaults or help text.
 */
public final class RunOptions {

    static final int DEFAULT_CLIENTS = 20;
    static final int DEFAULT_PORTS = 4;
    static final int DEFAULT_WARMUP = 2;
    static final int DEFAULT_DL_BUDGET = 90;
    static final int DEFAULT_WORK = 0;
    static final String DEFAULT_CONNECT = "none";

    @Option(names = "--clients", defaultValue = "" + DEFAULT_CLIENTS,
            description = "jack_test3 clients (default ${DEFAULT-VALUE})")
    public int clients;

    @Option(names = "--ports", defaultValue = "" + DEFAULT_PORTS,
            description = "input/output port pairs per client (default ${DEFAULT-VALUE})")
    public int ports;

    @Option(names = {"--frames", "-p"}, defaultValue = "" + ServerSettings.DEFAULT_FRAMES,
            description = "frames per period (default ${DEFAULT-VALUE})")
    public int frames;

    @Option(names = {"--rate", "-r"}, defaultValue = "" + ServerSettings.DEFAULT_RATE,
            description = "sample rate in Hz (default ${DEFAULT-VALUE})")
    public int rate;

    @Option(names = "--warmup", defaultValue = "" + DEFAULT_WARMUP,
            description = "seconds run before measuring, left out of the figures (default ${DEFAULT-VALUE})")
    public int warmup;

    @Option(names = {"--priority", "-P"}, defaultValue = "" + ServerSettings.DEFAULT_PRIORITY,
            description = "realtime priority for fifo and rr (default ${DEFAULT-VALUE})")
    public int priority;

    @Option(names = "--dl-budget", defaultValue = "" + DEFAULT_DL_BUDGET,
            description = "SCHED_DEADLINE runtime as a percentage of the period; it must cover --spin-us and the "
            + "work (default ${DEFAULT-VALUE})")
    public int dlBudget;

    @Option(names = "--work", defaultValue = "" + DEFAULT_WORK,
            description = "one-pole filter stages per output sample (default ${DEFAULT-VALUE}; 16 compares with JACK2,"
                    + " with stress --dsp cascade the reference client's arithmetic)")
    public int work;

    @Option(names = "--connect", defaultValue = DEFAULT_CONNECT,
            description = "none (the original test) or chain (capture -> client 1 -> ... -> playback)")
    public String connect;

    // 1000 rather than the server's 200: on a virtual machine an idle vCPU wakes late, and a longer spin
    // covers that wake-up (docs/measurements/from-code-apibench.md has the runs). Not while asynchronous
    // clients work: see spinMicros(ClientMode).
    @Option(names = "--spin-us", description = "spin this long before each period instead of sleeping; -1 always spins"
            + " (default " + DEFAULT_SPIN_MICROS + ", or 0 with --client-mode process-async or jack-async; the server's default is "
            + ServerCommand.DEFAULT_SPIN_MICROS + ")")
    Long spinMicros;

    public static final long DEFAULT_SPIN_MICROS = 1000;

    @Mixin
    public CpuLatencyOption cpuLatency = new CpuLatencyOption();

    /**
     * The spin asked for, else the default for {@code mode}: none for asynchronous clients, which do their
     * work in the time before the period, where a spinning engine (it outranks them) takes a CPU from them
     * (the runs: docs/measurements/from-code-apibench.md).
     */
    public long spinMicros(ClientMode mode) {
        if (spinMicros != null) {
            return spinMicros;
        }
        return mode == ClientMode.PROCESS_ASYNC || mode == ClientMode.JACK_ASYNC ? 0 : DEFAULT_SPIN_MICROS;
    }

    /** Whether {@code --connect} asks for a chain; one sentence for anything else. */
    public boolean chain() {
        return switch (connect) {
            case "none" -> false;
            case "chain" -> true;
            default -> throw new TactusException("--connect must be none or chain, not '" + connect + "'");
        };
    }

    /** Checks the options whose meaning does not depend on the command. */
    public void validate() {
        if (dlBudget < 1 || dlBudget > 100) {
            throw new TactusException("--dl-budget must be a percentage from 1 to 100, not " + dlBudget);
        }
        if (priority < 1 || priority > 99) {
            throw new TactusException("--priority must be from 1 to 99, not " + priority);
        }
    }

    public long periodNanos() {
        return (long) frames * 1_000_000_000L / rate;
    }
}
