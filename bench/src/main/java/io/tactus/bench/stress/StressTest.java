package io.tactus.bench.stress;

import io.tactus.api.ClientOptions;
import io.tactus.api.ClientPriority;
import io.tactus.api.Tactus;
import io.tactus.api.TactusClient;
import io.tactus.api.TactusException;
import io.tactus.bench.load.BackgroundLoad;
import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.os.ProcStat;
import io.tactus.bench.os.ProportionalSetSize;
import io.tactus.bench.os.ResidentMemory;
import io.tactus.bench.floor.FloorWindow;
import io.tactus.clients.CascadeClient;
import io.tactus.clients.HogClient;
import io.tactus.clients.Jt3Client;
import io.tactus.rt.CpuLatencyRequest;
import io.tactus.rt.RealtimeScheduler;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.engine.PeriodWaiter;
import io.tactus.server.control.ControlServer;
import io.tactus.server.telemetry.MetricsSnapshot;
import io.tactus.server.os.KernelRtBudget;
import io.tactus.server.os.RtLimit;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The jack_test3 stress run: background load if asked, an in-process server on the dummy driver, N
 * mixer clients joined through the client API as any user's would be (all before the warm-up, or one
 * every {@code --stagger} seconds during the measured time, as jack_test3 did), a warm-up left out of
 * the figures, then the measured seconds with a progress line every 10 s. Everything it starts it
 * stops, also on failure.
 */
public final class StressTest {

    static final String SERVER_NAME = "tactus-stress";
    /** The jack_test3 clients' names: this and their number from 1. */
    public static final String CLIENT_PREFIX = "jack_test3_";
    private static final int PROGRESS_SECONDS = 10;
    private static final int RSS_SECOND = 30;

    private final StressSettings settings;
    private final PrintStream progress;
    private final List<TactusClient> clients = new ArrayList<>();
    private final List<TactusClient> hogClients = new ArrayList<>();
    private final List<HogClient> hogs = new ArrayList<>();
    private final AtomicInteger evicted = new AtomicInteger();
    private final List<String> notJoined = new ArrayList<>();
    private FloorWindows floor;
    /** The jack_test3 client started so that it exits at once, every time; 0 for none (a test's). */
    private int failingClient;
    private boolean midi;
    private List<Integer> bufsizeSwitches = List.of();
    private NativeJt3 nativeJt3;
    private java.nio.file.Path clientOutput;
    private int cpuLatencyMicros = ServerSettings.DEFAULT_CPU_LATENCY_MICROS;

    public StressTest(StressSettings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
        this.floor = new FloorWindows(settings, progress, 0);
    }

    public StressResult run() throws InterruptedException {
        settings.validate();
        if (settings.clientMode().isNative() && nativeJt3 == null) {
            throw new IllegalStateException("--client-mode jack needs the native client: withNativeClient");
        }
        if (midi && settings.clientMode().isNative()) {
            throw new TactusException("--midi works with Java clients only: the native jack_test3 of --client-mode jack has no MIDI ports");
        }
        if (midi && settings.dsp() != ClientDsp.MIXER) {
            throw new TactusException("--midi works with --dsp mixer only: the cascade client has no MIDI ports");
        }
        if (midi && settings.staggerSeconds() > 0) {
            throw new TactusException("--midi works without --stagger: the MIDI chain is wired once every client has joined");
        }
        long warmupCycles = (long) settings.warmupSeconds() * settings.rate() / settings.frames();
        EngineSettings engine = EngineSettings.of(settings.rate(), settings.frames())
                .withSpinNanos(settings.spinMicros() < 0 ? PeriodWaiter.FULL_SPIN : settings.spinMicros() * 1000)
                .withWarmupCycles((int) Math.max(64, warmupCycles));
        ServerSettings server = ServerSettings.defaults()
                .withName(SERVER_NAME)
                .withEngine(engine)
                .withDriver(new DummyDriver(settings.ports(), settings.ports()))
                .withScheduling(settings.scheduling())
                .withWatchdog(settings.degradation().watchdog())
                .withCpuLatencyMicros(cpuLatencyMicros);
        // Held for the floor windows too, so that the bare thread sleeps on the CPUs the engine has.
        try (CpuLatencyRequest cpuLatency = RealtimeScheduler.system().holdCpuLatency(cpuLatencyMicros);
             RtLimit limit = limitRtBudget();
             BackgroundLoad load = BackgroundLoad.start(settings.load())) {
            FloorWindow before = floor.measure("before");
            StressResult result = runServer(server, limit, load);
            FloorWindow after = floor.measure("after");
            return before == null ? result : result.withFloor(before.plus(after));
        }
    }

    /**
     * This run with the floor measured beside it ({@link FloorWindows}): half of {@code seconds} before the
     * server starts and half after it stops, under the same background load; 0 measures none.
     */
    public StressTest withFloorSeconds(double seconds) {
        this.floor = new FloorWindows(settings, progress, seconds);
        return this;
    }

    /**
     * The most an idle CPU may take to wake during the whole run, floor windows included (a PM QoS request,
     * {@link ServerSettings#cpuLatencyMicros}); -1 asks nothing.
     */
    public StressTest withCpuLatencyMicros(int micros) {
        ServerSettings.validateCpuLatency(micros);
        this.cpuLatencyMicros = micros;
        return this;
    }

    /** With MIDI through the chain of clients beside their audio ({@code --midi}, {@link MidiTraffic}). */
    public StressTest withMidi(boolean on) {
        this.midi = on;
        return this;
    }

    /**
     * Switches the period size to each of {@code sizes} in turn during the measured time, evenly spaced (issue 20):
     * each switch is reported with the clients on the server before and after it and what it allocated.
     */
    public StressTest withBufsizeSwitches(List<Integer> sizes) {
        for (int size : sizes) {
            io.tactus.server.ServerSettings.validateFrames(size);
        }
        this.bufsizeSwitches = List.copyOf(sizes);
        return this;
    }

    /** The native client {@code --client-mode jack} starts (through Tactus's libjack). */
    public StressTest withNativeClient(NativeJt3 jt3) {
        this.nativeJt3 = jt3;
        return this;
    }

    /**
     * Keeps each client process's output in {@code directory}/NAME.log; a native jack_test3 prints there its own
     * summary of the measured window ({@code tactus compare jackd} reads it).
     */
    public StressTest withClientOutput(java.nio.file.Path directory) {
        this.clientOutput = directory;
        return this;
    }

    /**
     * For tests: client number {@code c} is started with an option its command refuses, so its process exits at
     * once, every time it is started; the run reports it as not joined and goes on with the rest.
     */
    StressTest withFailingClient(int c) {
        this.failingClient = c;
        return this;
    }

    private StressResult runServer(ServerSettings server, RtLimit limit, BackgroundLoad load)
            throws InterruptedException {
        try (TactusServer tactus = TactusServer.start(server)) {
            String rtLimit = limit == null ? "unchanged" : String.format(java.util.Locale.ROOT,
                    "%.0f %% (sched_rt_runtime_us %d of %d, for the whole run, restored after it)", limit.percent(),
                    limit.runtimeUs(), limit.periodUs());
            progress.printf("tactus stress: %d clients x %d ports, %d frames at %d Hz, engine %s, %s, load %s, watchdog %s%s%n",
                    settings.clients(), settings.ports(), settings.frames(), settings.rate(),
                    tactus.scheduling().describe(), CpuLatencyRequest.describe(tactus.cpuLatencyMicros()), load.describe(),
                    settings.degradation().watchdog().policy().label(),
                    settings.degradation().hogs().count() == 0 ? "" : ", hogs " + settings.degradation().hogs().describe());
            ControlServer control = null;
            ProcessClients processes = null;
            MidiTraffic traffic = null;
            try {
                if (settings.clientMode().isProcess()) {
                    control = ControlServer.start(tactus, settings.clientMode().timing());
                    processes = new ProcessClients(SERVER_NAME, control.directory().path(), progress)
                            .withOutput(clientOutput);
                    startProcesses(tactus, processes);
                } else {
                    int upFront = settings.staggerSeconds() > 0 ? 1 : settings.clients();
                    for (int c = 1; c <= upFront; c++) {
                        join(c);
                    }
                    for (int h = 1; h <= settings.degradation().hogs().count(); h++) {
                        joinHog(h);
                    }
                }
                if (midi) {
                    traffic = new MidiTraffic(tactus);
                    traffic.chain(joinedClients(tactus));
                }
                TimeUnit.SECONDS.sleep(settings.warmupSeconds());
                tactus.restartMetrics();
                if (settings.clientMode().isNative()) {
                    processes.signal("USR1"); // the native clients' own account of the window
                }
                MidiTraffic.Counts midiStart = traffic == null ? null : traffic.counts();
                ProcStat before = ProcStat.read();
                Sampling sampling = measure(tactus, before);
                if (settings.clientMode().isNative()) {
                    processes.signal("USR2");
                }
                ProcStat after = ProcStat.read();
                MidiOutcome midiCarried = traffic == null ? null : traffic.counts().since(midiStart);
                Footprint footprint = processes == null ? new Footprint(ProportionalSetSize.selfKilobytes(), 0, 0)
                        : processes.footprint();
                MetricsSnapshot metrics = tactus.stopMetrics(5, TimeUnit.SECONDS);
                boolean inProcess = settings.clientMode() == ClientMode.INPROC;
                WatchdogOutcome watchdog = new WatchdogOutcome(settings.degradation().watchdog().policy().label(),
                        tactus.watchdog().events(), tactus.watchdog().observedEventsDropped(), tactus.watchdog().clients(),
                        metrics.windowStartNanos(), inProcess ? hogClients.stream().map(TactusClient::name).toList() : hogNames(),
                        inProcess ? hogs.stream().map(HogClient::hyperactiveSinceNanos).toList()
                                : hogNames().stream().map(n -> -1L).toList(), rtLimit);
                int evictions = inProcess ? evicted.get() : (int) watchdog.actions().stream()
                        .filter(e -> e.action() == io.tactus.server.watchdog.WatchdogEvent.Action.EVICT).count();
                return new StressResult(settings, metrics, CpuUsage.between(before, after),
                        tactus.scheduling().describe(), evictions, tactus.telemetryDropped(), load.describe(),
                        List.copyOf(sampling.steal), sampling.rssAt30s, ResidentMemory.kilobytes(), watchdog, footprint,
                        null, notJoined, midiCarried);
            } finally {
                if (traffic != null) {
                    traffic.close();
                }
                if (processes != null) {
                    processes.close();
                }
                if (control != null) {
                    control.close();
                }
                for (TactusClient client : clients) {
                    client.close();
                }
                for (TactusClient client : hogClients) {
                    client.close();
                }
            }
        }
    }

    /** The jack_test3 clients on the server now, in number order. */
    private List<String> joinedClients(TactusServer tactus) {
        List<String> names = new ArrayList<>();
        for (int c = 1; c <= settings.clients(); c++) {
            if (tactus.graph().clientOrNull(CLIENT_PREFIX + c) != null) {
                names.add(CLIENT_PREFIX + c);
            }
        }
        return names;
    }

    /** What the run samples once a second besides the engine's own figures. */
    private static final class Sampling {
        final List<Double> steal = new ArrayList<>();
        long rssAt30s = -1;
    }

    private Sampling measure(TactusServer tactus, ProcStat start) throws InterruptedException {
        Sampling sampling = new Sampling();
        int switched = 0;
        ProcStat previous = start;
        long t0 = System.nanoTime();
        for (int second = 1; second <= settings.seconds(); second++) {
            long due = t0 + TimeUnit.SECONDS.toNanos(second);
            TimeUnit.NANOSECONDS.sleep(Math.max(0, due - System.nanoTime()));
            ProcStat now = ProcStat.read();
            sampling.steal.add(CpuUsage.between(previous, now).steal());
            previous = now;
            if (second == RSS_SECOND) {
                sampling.rssAt30s = ResidentMemory.kilobytes();
            }
            if (settings.staggerSeconds() > 0 && second % settings.staggerSeconds() == 0
                    && clients.size() < settings.clients()) {
                join(clients.size() + 1);
            }
            int switchesDue = Math.min(bufsizeSwitches.size(), (bufsizeSwitches.size() + 1) * second / settings.seconds());
            if (switched < switchesDue && second < settings.seconds()) {
                switchBufsize(tactus, bufsizeSwitches.get(switched), second);
                switched++;
            }
            if (second % PROGRESS_SECONDS == 0 && second < settings.seconds()) {
                MetricsSnapshot m = tactus.metrics();
                progress.printf("[%4d s] DSP load %5.1f %% (max %5.1f %%), xruns %d, delay max %.0f usecs, clients %d, "
                                + "watchdog actions %d, steal %.1f %%%n",
                        second, m.dspLoadMean(), m.dspLoadMax(), m.xruns(), m.delayMaxMicros(), m.clientsAtEnd(),
                        tactus.watchdog().actionsTaken(), CpuUsage.between(start, now).steal());
            }
        }
        return sampling;
    }

    /** One switch of {@code --switch-bufsize}, reported: the clients before and after, the switch's own allocation. */
    private void switchBufsize(TactusServer tactus, int nframes, int second) {
        int before = tactus.graph().clientNames().size() - 1;
        long bytes = tactus.switchAllocatedBytes();
        long t0 = System.nanoTime();
        tactus.setBufferSize(nframes);
        double millis = (System.nanoTime() - t0) / 1e6;
        int after = tactus.graph().clientNames().size() - 1;
        progress.printf("[%4d s] bufsize %d: the engine switched in %.1f ms, clients %d before and %d after, the switch "
                        + "allocated %d bytes on the engine thread, RT allocated bytes so far %d%n", second, nframes, millis,
                before, after, tactus.switchAllocatedBytes() - bytes, tactus.metrics().rtAllocatedBytes());
    }

    /**
     * The kernel RT budget for the whole run, or null when the run leaves it alone; always restored by the
     * caller. Set before the server starts, as in the 2005 test: lowered mid-run, the budget would already
     * be spent for the current second and the kernel would stop every realtime thread at once.
     */
    private RtLimit limitRtBudget() {
        double percent = settings.degradation().rtLimitPercent();
        if (percent <= 0) {
            return null;
        }
        RtLimit limit = KernelRtBudget.system().limitTo(percent);
        progress.printf("tactus stress: kernel RT budget set to %.0f %% for the run (it is restored afterwards, also on Ctrl-C)%n",
                percent);
        return limit;
    }

    private List<String> hogNames() {
        List<String> names = new ArrayList<>();
        for (int h = 1; h <= settings.degradation().hogs().count(); h++) {
            names.add("hog_" + h);
        }
        return names;
    }

    /**
     * Starts every client as a JVM of its own and waits until they have joined and activated (those that never
     * do are named in the report, the run goes on without them); then wires a chain (with --connect chain) of
     * the joined through a port-less control client of this JVM.
     */
    private void startProcesses(TactusServer tactus, ProcessClients processes) throws InterruptedException {
        for (int c = 1; c <= settings.clients(); c++) {
            List<String> args = new ArrayList<>(List.of("--ports", Integer.toString(settings.ports()), "--work",
                    Integer.toString(settings.work()), "--priority", priorityOf(c).label()));
            if (c == failingClient) {
                args.add("--refused-option");
            }
            if (midi) {
                args.add("--midi");
            }
            if (settings.dsp() == ClientDsp.CASCADE && headOfItsChain(c)) {
                args.add("--saw");
            }
            if (settings.clientMode().isNative()) {
                // The first measures the server's figures (round trips on Tactus: one client asks).
                List<String> own = new ArrayList<>(List.of("--ports", Integer.toString(settings.ports()), "--work",
                        Integer.toString(settings.work()), "--measure", c == 1 ? "1" : "0"));
                if (c == failingClient) {
                    own.add("--refused-option");
                }
                processes.startNative(nativeJt3, CLIENT_PREFIX + c, own.toArray(String[]::new));
            } else {
                processes.start(settings.dsp() == ClientDsp.CASCADE ? "cascade" : "jt3", CLIENT_PREFIX + c,
                        args.toArray(String[]::new));
            }
        }
        HogSettings h = settings.degradation().hogs();
        for (int i = 1; i <= h.count(); i++) {
            processes.start("hog", "hog_" + i, "--load", Double.toString(h.loadPercent()), "--after",
                    Double.toString(settings.warmupSeconds() + h.afterSeconds()), "--pattern",
                    h.pattern().name().toLowerCase(java.util.Locale.ROOT));
        }
        progress.printf("tactus stress: starting %d client processes%n", settings.clients() + h.count());
        List<ProcessClients.NotJoined> missing = processes.awaitJoined(tactus);
        missing.forEach(n -> notJoined.add(n.describe()));
        if (missing.stream().filter(n -> n.name().startsWith(CLIENT_PREFIX)).count() == settings.clients()) {
            throw new TactusException("none of the " + settings.clients() + " jack_test3 clients joined the server ("
                    + missing.get(0).describe() + "); see the lines above for why");
        }
        if (settings.chain()) {
            TactusClient wiring = tactus.openClient("stress-wiring");
            clients.add(wiring);
            String from = "system:capture_"; // the port prefix the next client's inputs are fed from
            for (int c = 1; c <= settings.clients(); c++) {
                String client = CLIENT_PREFIX + c;
                if (processes.process(client).isEmpty()) {
                    continue;
                }
                try {
                    for (int p = 1; p <= settings.ports(); p++) {
                        wiring.connect(from + p, client + ":in_" + p);
                    }
                    from = client + ":out_";
                } catch (TactusException e) {
                    if (tactus.graph().clientOrNull(client) != null) {
                        throw e;
                    }
                    // Evicted between joining and its wiring (a long first cycle): the chain goes on without it.
                    notJoined.add("'" + client + "' left the server before it was wired into the chain");
                }
            }
            for (int p = 1; p <= settings.ports(); p++) {
                wiring.connect(from + p, "system:playback_" + p);
            }
        }
    }

    /** The priority client number {@code c} declares: the first --low are low, the last --high high. */
    private ClientPriority priorityOf(int c) {
        Degradation d = settings.degradation();
        if (c <= d.lowPriority()) {
            return ClientPriority.LOW;
        }
        return c > settings.clients() - d.highPriority() ? ClientPriority.HIGH : ClientPriority.NORMAL;
    }

    /** Opens and activates hog number {@code h}; it turns hyperactive --hog-after seconds into the measured time. */
    private void joinHog(int h) {
        HogSettings settings = this.settings.degradation().hogs();
        TactusClient client = Tactus.open("hog_" + h, ClientOptions.defaults().withServer(SERVER_NAME));
        hogClients.add(client);
        hogs.add(new HogClient(client, settings.loadPercent(), this.settings.warmupSeconds() + settings.afterSeconds(),
                settings.pattern()));
        client.setShutdownCallback(reason -> {
            if (!reason.equals("server stopped")) {
                evicted.incrementAndGet();
            }
        });
        client.activate();
    }

    /** Opens, activates and (with --connect chain) wires in client number {@code c}. */
    private void join(int c) {
        TactusClient client = Tactus.open(CLIENT_PREFIX + c, ClientOptions.defaults().withServer(SERVER_NAME)
                .withPriority(priorityOf(c)));
        clients.add(client);
        if (settings.dsp() == ClientDsp.CASCADE) {
            new CascadeClient(client, settings.ports(), settings.work(), headOfItsChain(c));
        } else {
            new Jt3Client(client, settings.ports(), settings.work(), midi);
        }
        client.setShutdownCallback(reason -> {
            if (!reason.equals("server stopped")) {
                evicted.incrementAndGet();
            }
        });
        client.activate();
        if (settings.chain()) {
            chainIn(client, c == 1 ? null : clients.get(c - 2));
        }
    }

    /**
     * Whether client {@code c} is fed by nothing but the dummy capture's silence, and so adds the cascade's sawtooth
     * (as the first of JACK2's reference chain does): the first of a chain, every client of an unconnected run.
     */
    private boolean headOfItsChain(int c) {
        return !settings.chain() || c == 1;
    }

    /** capture -> first client; each newcomer goes between the previous last client and playback. */
    private void chainIn(TactusClient client, TactusClient previous) {
        for (int p = 1; p <= settings.ports(); p++) {
            String playback = "system:playback_" + p;
            String in = client.name() + ":in_" + p;
            if (previous == null) {
                client.connect("system:capture_" + p, in);
            } else {
                String out = previous.name() + ":out_" + p;
                client.disconnect(out, playback);
                client.connect(out, in);
            }
            client.connect(client.name() + ":out_" + p, playback);
        }
    }
}
