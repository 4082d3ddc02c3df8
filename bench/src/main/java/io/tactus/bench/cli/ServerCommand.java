package io.tactus.bench.cli;

import io.tactus.api.TactusException;
import io.tactus.rt.SchedulingPolicy;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.engine.PeriodWaiter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code tactus server}: a server that clients in other processes join through its control socket, as
 * {@code jackd} is. Runs until SIGINT or SIGTERM, then tells every client "server stopped" and removes its
 * socket, lock file and shared-memory segments.
 */
@Command(name = "server", mixinStandardHelpOptions = true,
        description = "Runs a Tactus server that clients in other processes connect to (as jackd).")
public final class ServerCommand implements Callable<Integer> {

    @Option(names = "-d", defaultValue = "dummy", description = "driver: dummy (default; wav and javasound are not available for the server yet)")
    String driver;

    @Option(names = {"-r", "--rate"}, defaultValue = "48000", description = "sample rate in Hz (default ${DEFAULT-VALUE})")
    int rate;

    @Option(names = {"-p", "--frames"}, defaultValue = "64", description = "frames per period (default ${DEFAULT-VALUE})")
    int frames;

    @Option(names = {"-P", "--priority"}, defaultValue = "70", description = "realtime priority for fifo and rr (default ${DEFAULT-VALUE})")
    int priority;

    @Option(names = {"-R", "--realtime"}, description = "run the engine realtime (the default)")
    boolean realtime;

    @Option(names = "--no-realtime", description = "run the engine as SCHED_OTHER (with --nice)")
    boolean noRealtime;

    @Option(names = "--nice", defaultValue = "0", description = "nice value when the engine runs as SCHED_OTHER (default ${DEFAULT-VALUE})")
    int nice;

    @Option(names = "--sched", description = "engine scheduling: fifo, rr, other or deadline (default fifo, or other with --no-realtime)")
    String sched;

    @Option(names = "--name", defaultValue = "default", description = "server name clients ask for (default ${DEFAULT-VALUE})")
    String name;

    @Option(names = "--ports", defaultValue = "2", description = "capture and playback ports of the dummy driver (default ${DEFAULT-VALUE})")
    int ports;

    @Option(names = "--spin-us", defaultValue = "200", description = "spin this long before each period instead of sleeping; -1 always spins (default ${DEFAULT-VALUE})")
    long spinMicros;

    @Mixin
    WatchdogOptions watchdog;

    @Override
    public Integer call() throws InterruptedException {
        ServerSettings settings = settings();
        TactusServer server = TactusServer.start(settings);
        ControlServer control;
        try {
            control = ControlServer.start(server);
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
                + server.scheduling().describe() + ", watchdog " + settings.watchdog().policy().label()
                + "; socket " + control.socketPath());
        System.out.flush();
        stopped.await();
        return 0;
    }

    /** The settings the flags describe; one sentence per mistake, before anything starts. */
    ServerSettings settings() {
        if (!driver.equals("dummy")) {
            throw new TactusException(driver.equals("wav") || driver.equals("javasound")
                    ? "-d " + driver + " is not available yet for ./tactus server; use -d dummy"
                    : "-d must be dummy, wav or javasound, not '" + driver + "'");
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
        ServerSettings.validateRate(rate);
        io.tactus.ipc.RuntimeDirectory.requireServerName(name);
        EngineSettings engine = EngineSettings.of(rate, frames)
                .withSpinNanos(spinMicros < 0 ? PeriodWaiter.FULL_SPIN : spinMicros * 1000);
        return ServerSettings.defaults()
                .withName(name)
                .withEngine(engine)
                .withDriver(new DummyDriver(ports, ports))
                .withScheduling(scheduling())
                .withWatchdog(watchdog.settings());
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
