package io.tactus.bench.cli;

import io.tactus.api.ClientOptions;
import io.tactus.api.TactusException;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.control.InternalClients;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.driver.javasound.JavaSoundDriver;
import io.tactus.server.driver.javasound.JavaSoundDriverSettings;
import io.tactus.server.driver.wav.WavDriver;
import io.tactus.server.driver.wav.WavDriverSettings;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.engine.PeriodWaiter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * {@code tactus server}: a server that clients in other processes join through its control socket, as
 * {@code jackd} is. Runs until SIGINT or SIGTERM (or, with {@code -d wav --input}, until the input file
 * ends), then tells every client "server stopped" and removes its socket, lock file and shared-memory
 * segments. Each driver's flags are refused with the others, so a flag is never silently ignored.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = "Runs a Tactus server that clients in other processes connect to (as jackd).")
public final class ServerCommand implements Callable<Integer> {

    static final String DEFAULT_DRIVER = "dummy";
    static final int DEFAULT_NICE = 0;
    static final int DEFAULT_PORTS = 2;
    /** The engine's own default spin, in the unit of --spin-us. */
    static final long DEFAULT_SPIN_MICROS = EngineSettings.DEFAULT_SPIN_NANOS / 1000;

    @Option(names = "-d", defaultValue = DEFAULT_DRIVER,
            description = "driver: dummy, wav or javasound (default ${DEFAULT-VALUE})")
    String driver;

    @Option(names = "--device",
            description = "javasound: the device to play on, as './tactus devices' lists it (default: the first)")
    String device;

    @Option(names = {"-n", "--periods"}, description = "javasound: periods buffered in the device's line (default "
            + JavaSoundDriverSettings.DEFAULT_PERIODS + ", at least " + JavaSoundDriverSettings.MIN_PERIODS + ")")
    Integer periods;

    @Option(names = "--input", description = "wav: capture from this WAV file; the server stops when it ends")
    Path input;

    @Option(names = "--output", description = "wav: write playback to this WAV file (at stop)")
    Path output;

    @Option(names = "--freewheel",
            description = "wav: run as fast as the graph goes instead of in real time (needs --input)")
    boolean freewheel;

    @Option(names = {"-r", "--rate"}, defaultValue = "" + ServerSettings.DEFAULT_RATE,
            description = "sample rate in Hz (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = {"-p", "--frames"}, defaultValue = "" + ServerSettings.DEFAULT_FRAMES,
            description = "frames per period (default ${DEFAULT-VALUE})")
    int frames;

    @Option(names = "--max-bufsize", defaultValue = "" + EngineSettings.DEFAULT_MAX_FRAMES,
            description = "the largest period 'tactus bufsize' may switch to; buffers are sized for it at start "
                    + "(default ${DEFAULT-VALUE}, or -p when larger; 4096 takes 17 MiB of /dev/shm instead of 4.4)")
    int maxBufsize;

    @Option(names = {"-P", "--priority"}, defaultValue = "" + ServerSettings.DEFAULT_PRIORITY,
            description = "realtime priority for fifo and rr (default ${DEFAULT-VALUE})")
    int priority;

    @Option(names = {"-R", "--realtime"}, description = "run the engine realtime (the default)")
    boolean realtime;

    @Option(names = "--no-realtime", description = "run the engine as SCHED_OTHER (with --nice)")
    boolean noRealtime;

    @Option(names = "--nice", defaultValue = "" + DEFAULT_NICE,
            description = "nice value when the engine runs as SCHED_OTHER (default ${DEFAULT-VALUE})")
    int nice;

    @Option(names = "--sched",
            description = "engine scheduling: fifo, rr, other or deadline (default fifo, or other with --no-realtime)")
    String sched;

    @Option(names = "--name", defaultValue = ClientOptions.DEFAULT_SERVER,
            description = "server name clients ask for (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--ports", defaultValue = "" + DEFAULT_PORTS,
            description = "ports of the dummy driver; wav: capture ports without --input;"
            + " javasound: channels wanted (default ${DEFAULT-VALUE})")
    int ports;

    @Option(names = "--spin-us", description = "spin this long before each period instead of sleeping; -1 always spins"
            + " (default " + DEFAULT_SPIN_MICROS + ", or 0 with --async: asynchronous clients work in that time, and "
            + "the engine outranks them)")
    Long spinMicros;

    @Option(names = "--async",
            description = "run the graph of clients in other processes asynchronously (JACK2's default): the driver"
            + " plays the previous cycle's complete output, so the whole graph has a period and every path through it"
            + " is one period late; without it the graph's output is heard in the same period (as jackd -S)")
    boolean async;

    @Mixin
    CpuLatencyOption cpuLatency = new CpuLatencyOption();

    @Option(names = "--max-connections", defaultValue = "" + ServerSettings.DEFAULT_MAX_CONNECTIONS,
            description = "control-socket connections open at once; more are refused with one sentence, and one that"
            + " says no Hello within 2 s is closed (default ${DEFAULT-VALUE})")
    int maxConnections;

    @Mixin
    WatchdogOptions watchdog;

    @Override
    public Integer call() throws InterruptedException {
        ServerSettings settings = settings();
        if (System.getProperty(InternalClients.NATIVE_DIRECTORY_PROPERTY) == null) { // where internal clients' host is
            System.setProperty(InternalClients.NATIVE_DIRECTORY_PROPERTY, NativeLibrary.locate().directory().toString());
        }
        TactusServer server = TactusServer.start(settings);
        ControlServer control;
        try {
            control = ControlServer.start(server, async ? ControlServer.Timing.ASYNC : ControlServer.Timing.SYNC);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            control.close();
            server.close();
            System.err.println("tactus server '" + name + "': stopped");
            stopped.countDown();
        }, "tactus-server-stop"));
        System.out.println("tactus server '" + name + "': " + rate + " Hz, " + frames + " frames, "
                + describe(settings.driver())
                + server.scheduling().describe() + ", " + CpuLatencyRequest.describe(server.cpuLatencyMicros())
                + ", clients " + control.timing().label()
                + ", watchdog " + settings.watchdog().policy().label()
                + "; socket " + control.socketPath());
        System.out.flush();
        while (!stopped.await(100, TimeUnit.MILLISECONDS)) {
            if (server.inputEnded()) {
                System.err.println("tactus server '" + name + "': the input file ended");
                return 0; // the shutdown hook stops the server and writes the output file
            }
        }
        return 0;
    }

    private static String describe(Driver driver) {
        if (driver instanceof JavaSoundDriver javaSound) {
            return "javasound '" + javaSound.deviceName() + "', ";
        }
        return driver instanceof WavDriver ? "wav" + (driver.isPaced() ? "" : " freewheel") + ", " : "";
    }

    /** The settings the flags describe; one sentence per mistake, before anything starts. */
    ServerSettings settings() {
        if (!driver.equals("dummy") && !driver.equals("wav") && !driver.equals("javasound")) {
            throw new TactusException("-d must be dummy, wav or javasound, not '" + driver + "'");
        }
        if (ports < 0 || ports > 64) {
            throw new TactusException("--ports must be from 0 to 64, not " + ports);
        }
        if (priority < 1 || priority > 99) {
            throw new TactusException("--priority must be from 1 to 99, not " + priority);
        }
        if (nice < -20 || nice > 19) {
            throw new TactusException("--nice must be from -20 to 19, not " + nice);
        }
        ServerSettings.validateFrames(frames);
        ServerSettings.validateFrames(maxBufsize);
        ServerSettings.validateRate(rate);
        ServerSettings.validateMaxConnections(maxConnections);
        io.tactus.ipc.RuntimeDirectory.requireServerName(name);
        EngineSettings engine = EngineSettings.of(rate, frames)
                .withSpinNanos(spinNanos())
                .withMaxFrames(maxBufsize);
        return ServerSettings.defaults()
                .withName(name)
                .withEngine(engine)
                .withDriver(driver())
                .withScheduling(scheduling())
                .withWatchdog(watchdog.settings())
                .withMaxConnections(maxConnections)
                .withCpuLatencyMicros(cpuLatency.micros());
    }

    private long spinNanos() {
        long micros = spinMicros != null ? spinMicros : async ? 0 : DEFAULT_SPIN_MICROS;
        return micros < 0 ? PeriodWaiter.FULL_SPIN : micros * 1000;
    }

    /** The driver the flags ask for, not yet opened (opening finds the device or the files). */
    private Driver driver() {
        refuseUnless("javasound", "--device", device != null);
        refuseUnless("javasound", "--periods", periods != null);
        refuseUnless("wav", "--input", input != null);
        refuseUnless("wav", "--output", output != null);
        refuseUnless("wav", "--freewheel", freewheel);
        if (async && freewheel) {
            throw new TactusException("--async needs a server that keeps time, and --freewheel runs as fast as the "
                    + "graph goes;"
                    + " drop one of them");
        }
        return switch (driver) {
            case "dummy" -> new DummyDriver(ports, ports);
            case "wav" -> {
                if (freewheel && input == null) {
                    throw new TactusException("--freewheel needs --input FILE (without an input the render would "
                            + "never end);"
                            + " add --input or drop --freewheel");
                }
                yield new WavDriver(new WavDriverSettings(input, output, ports, 0, !freewheel, 0, null));
            }
            case "javasound" -> new JavaSoundDriver(JavaSoundDriverSettings.defaults().withDevice(device)
                    .withPeriods(periods == null ? JavaSoundDriverSettings.DEFAULT_PERIODS : periods).withChannels(ports));
            default -> throw new IllegalStateException("checked in settings(): " + driver);
        };
    }

    private void refuseUnless(String wanted, String flag, boolean given) {
        if (given && !driver.equals(wanted)) {
            throw new TactusException(flag + " is a flag of -d " + wanted + ", not of -d " + driver
                    + "; drop it or add -d " + wanted);
        }
    }

    private SchedulingSettings scheduling() {
        if (realtime && noRealtime) {
            throw new TactusException("-R and --no-realtime contradict each other; give one of them");
        }
        SchedulingPolicy policy = sched == null ? (noRealtime ? SchedulingPolicy.OTHER : SchedulingPolicy.FIFO)
                : SchedulingPolicy.parse(sched);
        if (noRealtime && policy != SchedulingPolicy.OTHER) {
            throw new TactusException("--no-realtime runs the engine as SCHED_OTHER; leave out --sched " + sched
                    + " or drop --no-realtime");
        }
        long period = (long) frames * 1_000_000_000L / rate;
        return switch (policy) {
            case FIFO -> SchedulingSettings.fifo(priority);
            case RR -> SchedulingSettings.rr(priority);
            case OTHER -> SchedulingSettings.other(nice);
            case DEADLINE -> SchedulingSettings.deadline(period * 90 / 100, period, period);
        };
    }
}
