package io.tactus.bench.cli;

import io.tactus.api.ClientOptions;
import io.tactus.api.ClientPriority;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.clients.AllocatorClient;
import io.tactus.clients.CascadeClient;
import io.tactus.clients.CrasherClient;
import io.tactus.clients.GainClient;
import io.tactus.clients.HogClient;
import io.tactus.clients.HogPattern;
import io.tactus.clients.Jt3Client;
import io.tactus.clients.SineClient;
import io.tactus.clients.SleeperClient;
import io.tactus.clients.midi.MetroClient;
import io.tactus.clients.midi.MidiDumpClient;
import io.tactus.clients.midi.MidiFileClient;
import io.tactus.clients.midi.MidiFileSchedule;
import io.tactus.clients.midi.SynthClient;
import io.tactus.clients.midi.TransposeClient;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * {@code tactus client KIND}: one of the ready clients, in this process, joined to a running server. It
 * runs until Ctrl-C (it then leaves the server cleanly) or until the server shuts it down, when it exits 0
 * with the server's reason on standard error. Every option is checked before the server is asked anything.
 */
@Command(name = "client", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Runs a ready client in this process, joined to a running server, until Ctrl-C or until the "
                + "server shuts it down.",
                "Kinds: jt3 (--ports, --work, --midi), sine (--freq, --gain), gain (--gain, --ports), hog (--load, --after, "
                        + "--pattern),",
                "sleeper (--sleep-ms, --after-cycles, --every-cycle), allocator (--bytes), crasher (--at-cycle, "
                        + "--mode),",
                "midi-file FILE (a Standard MIDI File to MIDI out, following the transport), transpose (--semitones: "
                        + "MIDI in to MIDI out),",
                "midi-dump (prints its MIDI input), metro (--bpm, --key, --velocity: a click and a note on every beat),",
                "synth (--soundfont, --ahead: the JDK's synthesizer, MIDI in to stereo out)."})
public final class ClientCommand implements Callable<Integer> {

    // --ports and --gain mean different things per kind, so their defaults are per kind too.
    static final int DEFAULT_JT3_PORTS = 4;
    static final int DEFAULT_GAIN_CHANNELS = 2;
    static final float DEFAULT_SINE_AMPLITUDE = 0.5f;
    static final float DEFAULT_GAIN_FACTOR = 1.0f;

    static final String DEFAULT_PRIORITY = "normal";
    static final int DEFAULT_WORK = 0;
    /** Enough calls for HotSpot's C2 (about 5000 invocations, sooner for the loops); a fraction of a second. */
    static final int DEFAULT_REHEARSAL = 5000;
    static final int DEFAULT_FREQ = 440;
    static final int DEFAULT_LOAD = 150;
    static final int DEFAULT_AFTER = 10;
    static final String DEFAULT_PATTERN = "steady";
    static final int DEFAULT_SLEEP_MS = 5;
    static final long DEFAULT_AFTER_CYCLES = 1000;
    static final int DEFAULT_BYTES = 1024;
    static final long DEFAULT_AT_CYCLE = 1000;
    static final String DEFAULT_MODE = "throw";
    static final int DEFAULT_SEMITONES = 12;
    static final int DEFAULT_BPM = 120;

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "KIND", description = "jt3, cascade, sine, gain, hog, sleeper, allocator, "
            + "crasher, midi-file, transpose, midi-dump, metro or synth")
    String kindName;

    @Parameters(index = "1", arity = "0..1", paramLabel = "FILE", description = "midi-file: the Standard MIDI File to play")
    Path file;

    @Mixin
    ServerOption server;

    @Option(names = "--name", description = "the client's name (default: the kind)")
    String name;

    @Option(names = "--connect",
            description = "connect system:capture_N to the client's inputs and its outputs to system:playback_N")
    boolean connect;

    @Option(names = "--priority", defaultValue = DEFAULT_PRIORITY,
            description = "low, normal or high: who the governor sheds first (default ${DEFAULT-VALUE})")
    String priority;

    @Option(names = "--ports", description = "jt3, cascade: input/output port pairs (default " + DEFAULT_JT3_PORTS
            + "); gain: channels (default " + DEFAULT_GAIN_CHANNELS + ")")
    Integer ports;

    @Option(names = "--work", defaultValue = "" + DEFAULT_WORK,
            description = "jt3, cascade: one-pole filter stages per output sample (default ${DEFAULT-VALUE})")
    int work;

    @Option(names = "--saw", description = "cascade: add a -20 dBFS 100 Hz sawtooth to the inputs (the head of a chain,"
            + " as JACK2's reference client does)")
    boolean saw;

    @Option(names = "--midi", description = "jt3: also a MIDI input and output, every event passed on (stress --midi)")
    boolean midi;

    @Option(names = "--rehearse", defaultValue = "" + DEFAULT_REHEARSAL,
            description = "jt3, cascade, gain, transpose: cycles run unheard at normal priority before turning realtime,"
            + " so the JIT has"
            + " compiled the callback when the graph first waits for it (default ${DEFAULT-VALUE})")
    int rehearse;

    @Option(names = "--freq", defaultValue = "" + DEFAULT_FREQ,
            description = "sine: frequency in Hz (default ${DEFAULT-VALUE})")
    double frequency;

    @Option(names = "--gain", description = "sine: amplitude (default " + DEFAULT_SINE_AMPLITUDE
            + "); gain: factor (default " + DEFAULT_GAIN_FACTOR + ")")
    Float gain;

    @Option(names = "--load", defaultValue = "" + DEFAULT_LOAD,
            description = "hog: burn per cycle, percent of the period (default ${DEFAULT-VALUE})")
    double load;

    @Option(names = "--after", defaultValue = "" + DEFAULT_AFTER,
            description = "hog: seconds of good behaviour first (default ${DEFAULT-VALUE})")
    double after;

    @Option(names = "--pattern", defaultValue = DEFAULT_PATTERN,
            description = "hog: steady, ramp or burst (default ${DEFAULT-VALUE})")
    String pattern;

    @Option(names = "--sleep-ms", defaultValue = "" + DEFAULT_SLEEP_MS,
            description = "sleeper: milliseconds blocked in a sleeping cycle (default ${DEFAULT-VALUE})")
    double sleepMillis;

    @Option(names = "--after-cycles", defaultValue = "" + DEFAULT_AFTER_CYCLES,
            description = "sleeper: the first sleeping cycle (default ${DEFAULT-VALUE})")
    long afterCycles;

    @Option(names = "--every-cycle", description = "sleeper: sleep in every cycle from then on, not once")
    boolean everyCycle;

    @Option(names = "--bytes", defaultValue = "" + DEFAULT_BYTES,
            description = "allocator: bytes allocated per cycle (default ${DEFAULT-VALUE})")
    int bytes;

    @Option(names = "--at-cycle", defaultValue = "" + DEFAULT_AT_CYCLE,
            description = "crasher: the failing cycle, 0 = the first (default ${DEFAULT-VALUE})")
    long atCycle;

    @Option(names = "--mode", defaultValue = DEFAULT_MODE,
            description = "crasher: throw (from the process callback) or exit (the whole JVM) (default "
            + "${DEFAULT-VALUE})")
    String mode;

    @Option(names = "--soundfont", paramLabel = "FILE",
            description = "synth: a SoundFont 2 (.sf2) or DLS file to play with (default: the JDK's own instruments)")
    Path soundfont;

    @Option(names = "--ahead", description = "synth: periods the synthesizer renders ahead of the graph, "
            + SynthClient.MIN_AHEAD + " to " + SynthClient.MAX_AHEAD + " (default: 10 ms, rounded up to periods)")
    Integer ahead;

    @Option(names = "--semitones", defaultValue = "" + DEFAULT_SEMITONES,
            description = "transpose: semitones every note moves, -127 to 127 (default ${DEFAULT-VALUE})")
    int semitones;

    @Option(names = "--bpm", defaultValue = "" + DEFAULT_BPM,
            description = "metro: beats per minute, " + MetroClient.MIN_BPM + " to " + MetroClient.MAX_BPM
            + " (default ${DEFAULT-VALUE})")
    int bpm;

    @Option(names = "--key", defaultValue = "" + MetroClient.DEFAULT_KEY,
            description = "metro: the beat's MIDI note on channel 10, 0 to 127 (default ${DEFAULT-VALUE}, a wood block)")
    int key;

    @Option(names = "--velocity", defaultValue = "" + MetroClient.DEFAULT_VELOCITY,
            description = "metro: the beat's note-on velocity, 1 to 127 (default ${DEFAULT-VALUE})")
    int velocity;

    @Override
    public Integer call() throws InterruptedException {
        ClientKind kind = ClientKind.parse(kindName);
        refuseOptionsOfOtherKinds(kind);
        ClientPriority clientPriority = parsePriority();
        validate(kind);
        String clientName = name != null ? name : kind.label();
        if (clientName.isBlank()) {
            throw new TactusException("--name needs a client name");
        }

        // no position moves, nothing written
        boolean unheard = kind == ClientKind.JT3 || kind == ClientKind.CASCADE || kind == ClientKind.GAIN
                || kind == ClientKind.TRANSPOSE;
        TactusClient opened = Tactus.open(clientName, ClientOptions.defaults().withServer(server.name)
                .withPriority(clientPriority).withRehearsal(unheard ? rehearse : 0));
        PortRecorder client = new PortRecorder(opened);
        CountDownLatch shutDown = new CountDownLatch(1);
        AtomicReference<String> reason = new AtomicReference<>();
        Thread leaveOnExit = new Thread(client::close, "tactus-client-exit");
        try {
            client.setShutdownCallback(why -> {
                reason.set(why);
                shutDown.countDown();
            });
            build(kind, client);
            client.activate();
            if (connect) {
                SystemWiring.connect(client);
            }
            Runtime.getRuntime().addShutdownHook(leaveOnExit);
            System.err.println("tactus client: '" + clientName + "' (" + kind.label() + ") runs on server '"
                    + server.name + "'; Ctrl-C stops it");
            shutDown.await();
            System.err.println("tactus client: '" + clientName + "' was shut down: " + reason.get());
            return 0;
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(leaveOnExit);
            } catch (IllegalStateException | IllegalArgumentException exiting) {
                // Already exiting (the hook runs), or it was never added.
            }
            client.close();
        }
    }

    /** An option of another kind is a mistake worth a sentence, not something to ignore. */
    private void refuseOptionsOfOtherKinds(ClientKind kind) {
        for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
            String flag = option.longestName();
            if (ClientKind.isKindOption(flag) && !kind.takes(flag)) {
                throw new TactusException(flag + " does not apply to a " + kind.label() + " client; it is for "
                        + ClientKind.kindsTaking(flag));
            }
        }
    }

    private ClientPriority parsePriority() {
        try {
            return ClientPriority.parse(priority.trim());
        } catch (TactusException e) {
            throw new TactusException("--priority must be low, normal or high, not '" + priority + "'");
        }
    }

    /** The checks that need no server; the sine's upper frequency limit waits for the sample rate. */
    private void validate(ClientKind kind) {
        if (file != null && kind != ClientKind.MIDI_FILE) {
            throw new TactusException("only a midi-file client takes a file, not a " + kind.label() + " client ('"
                    + file + "')");
        }
        switch (kind) {
            case JT3, CASCADE -> {
                requireRange("--ports", ports == null ? DEFAULT_JT3_PORTS : ports, 1, 32);
                requireRange("--work", work, 0, 100_000);
                requireRange("--rehearse", rehearse, 0, ClientOptions.MAX_REHEARSAL_CYCLES);
            }
            case SINE -> {
                if (!(frequency > 0 && frequency <= 1e6)) {
                    throw new TactusException("--freq must be a frequency above 0 Hz, not " + frequency);
                }
                requireAmplitude();
            }
            case GAIN -> {
                requireRange("--ports", ports == null ? DEFAULT_GAIN_CHANNELS : ports, 1, 32);
                requireRange("--rehearse", rehearse, 0, ClientOptions.MAX_REHEARSAL_CYCLES);
                requireAmplitude();
            }
            case HOG -> {
                if (!(load >= 0 && load <= 10_000)) {
                    throw new TactusException("--load must be a percentage of the period from 0 to 10000, not " + load);
                }
                if (!(after >= 0 && after <= 1e6)) {
                    throw new TactusException("--after must be 0 or more seconds, not " + after);
                }
                hogPattern();
            }
            case SLEEPER -> {
                if (!(sleepMillis >= 0 && sleepMillis <= 3_600_000)) {
                    throw new TactusException("--sleep-ms must be from 0 to 3600000, not " + sleepMillis);
                }
                if (afterCycles < 0) {
                    throw new TactusException("--after-cycles must be 0 or more, not " + afterCycles);
                }
            }
            case ALLOCATOR -> requireRange("--bytes", bytes, 0, 64 * 1024 * 1024);
            case MIDI_FILE -> {
                if (file == null) {
                    throw new TactusException("a midi-file client needs the MIDI file to play: tactus client midi-file FILE.mid");
                }
                if (!Files.isRegularFile(file)) {
                    throw new TactusException("there is no MIDI file " + file);
                }
            }
            case TRANSPOSE -> {
                requireRange("--semitones", semitones, -TransposeClient.MAX_SEMITONES, TransposeClient.MAX_SEMITONES);
                requireRange("--rehearse", rehearse, 0, ClientOptions.MAX_REHEARSAL_CYCLES);
            }
            case MIDI_DUMP -> {
                // Nothing to check: it has no options of its own.
            }
            case SYNTH -> {
                if (ahead != null) {
                    requireRange("--ahead", ahead, SynthClient.MIN_AHEAD, SynthClient.MAX_AHEAD);
                }
                if (soundfont != null && !Files.isRegularFile(soundfont)) {
                    throw new TactusException("there is no soundbank file " + soundfont);
                }
            }
            case METRO -> {
                requireRange("--bpm", bpm, MetroClient.MIN_BPM, MetroClient.MAX_BPM);
                requireRange("--key", key, 0, 127);
                requireRange("--velocity", velocity, 1, 127);
            }
            case CRASHER -> {
                if (atCycle < 0) {
                    throw new TactusException("--at-cycle must be 0 or more, not " + atCycle);
                }
                crashMode();
            }
        }
    }

    private void requireAmplitude() {
        if (gain != null && !(Float.isFinite(gain) && Math.abs(gain) <= 1000)) {
            throw new TactusException("--gain must be a finite factor from -1000 to 1000, not " + gain);
        }
    }

    private static void requireRange(String option, long value, long min, long max) {
        if (value < min || value > max) {
            throw new TactusException(option + " must be from " + min + " to " + max + ", not " + value);
        }
    }

    private HogPattern hogPattern() {
        try {
            return HogPattern.parse(pattern);
        } catch (TactusException e) {
            throw new TactusException("--pattern must be steady, ramp or burst, not '" + pattern + "'");
        }
    }

    private CrasherClient.Mode crashMode() {
        try {
            return CrasherClient.Mode.parse(mode);
        } catch (TactusException e) {
            throw new TactusException("--mode must be throw or exit, not '" + mode + "'");
        }
    }

    /** Registers the kind's ports and sets its process callback on {@code client}. */
    private void build(ClientKind kind, TactusClient client) {
        switch (kind) {
            case JT3 -> new Jt3Client(client, ports == null ? DEFAULT_JT3_PORTS : ports, work, midi);
            case CASCADE -> new CascadeClient(client, ports == null ? DEFAULT_JT3_PORTS : ports, work, saw);
            case SINE -> new SineClient(client, frequency, gain == null ? DEFAULT_SINE_AMPLITUDE : gain);
            case GAIN -> new GainClient(client, ports == null ? DEFAULT_GAIN_CHANNELS : ports,
                    gain == null ? DEFAULT_GAIN_FACTOR : gain);
            case HOG -> new HogClient(client, load, after, hogPattern());
            case SLEEPER -> new SleeperClient(client, sleepMillis, afterCycles, everyCycle);
            case ALLOCATOR -> new AllocatorClient(client, bytes);
            case CRASHER -> new CrasherClient(client, atCycle, crashMode());
            case MIDI_FILE -> new MidiFileClient(client, MidiFileSchedule.read(file, client.sampleRate()));
            case TRANSPOSE -> new TransposeClient(client, semitones);
            case MIDI_DUMP -> new MidiDumpClient(client, System.out::println);
            case METRO -> new MetroClient(client, bpm, key, velocity);
            case SYNTH -> {
                SynthClient synth = new SynthClient(client, soundfont,
                        ahead != null ? ahead : SynthClient.defaultAhead(client.sampleRate(), client.bufferSize()));
                System.err.printf(Locale.ROOT, "tactus client: the synthesizer renders %d periods ahead on a thread of its"
                                + " own; a note sounds %d frames (%.1f ms) after the frame it arrives at%n", synth.ahead(),
                        synth.latencyFrames(), synth.latencyFrames() * 1000.0 / client.sampleRate());
            }
        }
    }
}
