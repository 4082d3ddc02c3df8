package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.bench.load.LoadKind;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;

/**
 * One stress run's configuration, with jack_test3's defaults: 20 clients, 4 ports each, 64 frames at
 * 48 kHz, 300 seconds.
 *
 * @param clients        jack_test3 clients
 * @param ports          port pairs per client
 * @param frames         frames per period
 * @param rate           sample rate
 * @param seconds        measured seconds (after warm-up)
 * @param warmupSeconds  seconds run before measuring (JIT), left out of every figure
 * @param scheduling     the engine thread's scheduling class
 * @param work           one-pole stages per output sample in each client
 * @param chain          connect capture -> client 1 -> ... -> client N -> playback
 * @param spinMicros     spin before each period instead of parking; -1 spins always
 * @param load           background load during the run
 * @param staggerSeconds seconds between two clients joining (0: all join before the warm-up)
 * @param degradation    watchdog policy, hogs, RT limit and client priorities
 * @param clientMode     clients on the engine thread, or each in a JVM of its own
 * @param dsp            what each Java client computes for its work: jack_test3's mixer, or JACK2's reference cascade
 */
public record StressSettings(int clients, int ports, int frames, int rate, int seconds, int warmupSeconds,
                             SchedulingSettings scheduling, int work, boolean chain, long spinMicros,
                             LoadKind load, int staggerSeconds, Degradation degradation, ClientMode clientMode,
                             ClientDsp dsp) {

    /** jack_test3's mixer clients. */
    public StressSettings(int clients, int ports, int frames, int rate, int seconds, int warmupSeconds,
                          SchedulingSettings scheduling, int work, boolean chain, long spinMicros, LoadKind load,
                          int staggerSeconds, Degradation degradation, ClientMode clientMode) {
        this(clients, ports, frames, rate, seconds, warmupSeconds, scheduling, work, chain, spinMicros, load,
                staggerSeconds, degradation, clientMode, ClientDsp.MIXER);
    }

    /** In-process clients. */
    public StressSettings(int clients, int ports, int frames, int rate, int seconds, int warmupSeconds,
                          SchedulingSettings scheduling, int work, boolean chain, long spinMicros, LoadKind load,
                          int staggerSeconds, Degradation degradation) {
        this(clients, ports, frames, rate, seconds, warmupSeconds, scheduling, work, chain, spinMicros, load,
                staggerSeconds, degradation, ClientMode.INPROC);
    }

    /** A run with the default degradation settings (the evict policy, no hogs, the kernel's RT budget). */
    public StressSettings(int clients, int ports, int frames, int rate, int seconds, int warmupSeconds,
                          SchedulingSettings scheduling, int work, boolean chain, long spinMicros, LoadKind load,
                          int staggerSeconds) {
        this(clients, ports, frames, rate, seconds, warmupSeconds, scheduling, work, chain, spinMicros, load,
                staggerSeconds, Degradation.defaults(), ClientMode.INPROC);
    }

    public StressSettings withDegradation(Degradation d) {
        return new StressSettings(clients, ports, frames, rate, seconds, warmupSeconds, scheduling, work, chain,
                spinMicros, load, staggerSeconds, d, clientMode, dsp);
    }

    public StressSettings withClientMode(ClientMode mode) {
        return new StressSettings(clients, ports, frames, rate, seconds, warmupSeconds, scheduling, work, chain,
                spinMicros, load, staggerSeconds, degradation, mode, dsp);
    }

    public StressSettings withSeconds(int s) {
        return new StressSettings(clients, ports, frames, rate, s, warmupSeconds, scheduling, work, chain,
                spinMicros, load, staggerSeconds, degradation, clientMode, dsp);
    }

    public StressSettings withDsp(ClientDsp d) {
        return new StressSettings(clients, ports, frames, rate, seconds, warmupSeconds, scheduling, work, chain,
                spinMicros, load, staggerSeconds, degradation, clientMode, d);
    }

    /** jack_test3's defaults with the engine as the stress test runs it (docs/design.md). */
    public static StressSettings defaults() {
        return new StressSettings(20, 4, 64, 48_000, 300, 2, SchedulingSettings.fifo(70), 0, false, 1000,
                LoadKind.NONE, 0);
    }

    public void validate() {
        ServerSettings.validateFrames(frames);
        ServerSettings.validateRate(rate);
        require(clients >= 1 && clients <= 200, "--clients must be from 1 to 200, not " + clients);
        require(ports >= 1 && ports <= 64, "--ports must be from 1 to 64, not " + ports);
        require(seconds >= 1, "--seconds must be at least 1, not " + seconds);
        require(warmupSeconds >= 0, "--warmup must be 0 or more seconds, not " + warmupSeconds);
        require(work >= 0 && work <= 10_000, "--work must be from 0 to 10000 filter stages, not " + work);
        require(spinMicros >= -1, "--spin-us must be -1 (always spin) or 0 or more, not " + spinMicros);
        if (scheduling.policy() == io.tactus.rt.SchedulingPolicy.DEADLINE) {
            long runtimeMicros = scheduling.runtimeNanos() / 1000;
            require(spinMicros >= 0 && spinMicros < runtimeMicros, "--spin-us " + spinMicros
                    + " does not fit in the SCHED_DEADLINE runtime of " + runtimeMicros
                    + " usecs per period: the kernel would stop the engine mid-spin; raise --dl-budget or lower --spin-us");
        }
        require(staggerSeconds >= 0 && staggerSeconds <= 3600, "--stagger must be from 0 to 3600 seconds, not " + staggerSeconds);
        degradation.validate(clients);
        require(!clientMode.isNative() || degradation.lowPriority() + degradation.highPriority() == 0,
                "--low and --high work with Java clients only: the native jack_test3 of --client-mode jack declares no priority");
        require(!clientMode.isNative() || dsp == ClientDsp.MIXER,
                "--dsp cascade works with Java clients only: the native jack_test3 of --client-mode jack is the mixer");
        require(clientMode == ClientMode.INPROC || staggerSeconds == 0,
                "--stagger works with --client-mode inproc only; clients in their own processes all join before the warm-up");
    }

    private static void require(boolean ok, String sentence) {
        if (!ok) {
            throw new TactusException(sentence);
        }
    }

    public long periodNanos() {
        return frames * 1_000_000_000L / rate;
    }
}
