package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.bench.os.ProportionalSetSize;
import io.tactus.bench.os.TransparentHugePages;
import io.tactus.rt.JvmSafepoints;
import io.tactus.server.TactusServer;
import io.tactus.server.graph.ClientNode;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.io.File;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * The stress test's clients in JVMs of their own: each is {@code tactus client KIND} started with this
 * JVM's classpath and a small heap, joined over the server's control socket. Everything started here is
 * stopped by {@link #close()} (politely, then by force), also when the run fails.
 *
 * <p>Joining is given time in proportion to the processes starting together (a score of cold JVMs on a busy
 * machine share its cores), and a client that exits before it joins, or has not joined in that time, is started
 * again, up to {@value #ATTEMPTS} times in all; one that never joins is stopped and handed back as a
 * {@link NotJoined}, so the run goes on with the others and its report names it.
 *
 * <p>The serial collector, not ZGC: a client allocates nothing once it plays, so it never collects after its
 * start (its few young collections come while it joins), and the serial collector's footprint is a fraction
 * of ZGC's, which maps its heap three times and cannot use the compressed-oops class-data archive. The rest
 * is what a JVM touches and keeps (docs/measurements/ has the figures): a small young generation, since what
 * the collector has touched once stays resident; the JDK's class-data archive mapped where it was built, so
 * that its pages are shared by all the clients instead of copied into each by relocation (this JDK relocates
 * by default, for address randomisation, which a benchmark client does not need); two malloc arenas instead
 * of one per thread, and the native heap trimmed every few seconds of what the start-up's compilers freed.
 */
public final class ProcessClients implements AutoCloseable {

    private static final String HEAP = "24m";
    private static final String YOUNG_GENERATION = "2m";
    private static final int TRIM_NATIVE_HEAP_MILLIS = 3000;
    private static final String MALLOC_ARENAS = "2";
    /** Starts of one client before it is given up on: one retry. */
    static final int ATTEMPTS = 2;
    /** The time one attempt to join has: this much, plus {@link #JOIN_SECONDS_PER_PROCESS} per process starting. */
    static final int JOIN_SECONDS = 30;
    static final int JOIN_SECONDS_PER_PROCESS = 3;
    /** Named, not referenced: the command line sits above this package and the child runs it by name. */
    private static final String TACTUS_MAIN = "io.tactus.bench.cli.TactusMain";

    /** Environment variable with more JVM options for the client processes, after (so over) the defaults. */
    static final String EXTRA_OPTIONS = "TACTUS_CLIENT_JAVA_OPTS";

    private final String serverName;
    private final Path runtimeDirectory;
    private final PrintStream progress;
    /** Every client started and not stopped, in start order. */
    private final List<Launch> launches = new ArrayList<>();
    private Path outputDirectory;

    /** A client that did not join: its name, why (the last attempt's end) and how often it was started. */
    public record NotJoined(String name, String reason, int attempts) {
        /** One line for a report: "jack_test3_3 (exited with status 1 before it joined; started 3 times)". */
        public String describe() {
            return name + " (" + reason + "; started " + attempts + (attempts == 1 ? " time)" : " times)");
        }
    }

    /** One client process and what started it, so that a failed join can start it again. */
    private static final class Launch {
        final String name;
        final List<String> command;
        final Map<String, String> environment;
        /** Where its standard output goes; null: discarded. */
        final Path output;
        Process process;
        int attempts;
        long startedNanos;
        boolean joined;

        Launch(String name, List<String> command, Map<String, String> environment, Path output) {
            this.name = name;
            this.command = command;
            this.environment = environment;
            this.output = output;
        }
    }

    /**
     * Where a client is seen joining: Tactus's graph by default, a native client's own "active" line on another
     * server (JACK2's, in {@code tactus compare jackd}).
     */
    public interface JoinProbe {
        /** The client has joined and activated. */
        boolean active(String name);

        /** The server still holds the name (a late attempt not yet let go of): wait before starting it again. */
        boolean present(String name);

        static JoinProbe of(TactusServer server) {
            return new JoinProbe() {
                @Override
                public boolean active(String name) {
                    ClientNode node = server.graph().clientOrNull(name);
                    return node != null && node.isActive();
                }

                @Override
                public boolean present(String name) {
                    return server.graph().clientOrNull(name) != null;
                }
            };
        }
    }

    public ProcessClients(String serverName, Path runtimeDirectory) {
        this(serverName, runtimeDirectory, System.err);
    }

    public ProcessClients(String serverName, Path runtimeDirectory, PrintStream progress) {
        this.serverName = serverName;
        this.runtimeDirectory = runtimeDirectory;
        this.progress = progress;
    }

    /** With each client's standard output and error in {@code directory}/NAME.log (of its last start). */
    public ProcessClients withOutput(Path directory) {
        this.outputDirectory = directory;
        return this;
    }

    /** Starts {@code tactus client KIND --name NAME ARGS...}; returns at once. */
    public void start(String kind, String name, String... args) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-XX:+UseSerialGC", "-Xms" + HEAP, "-Xmx" + HEAP,
                "-Xmn" + YOUNG_GENERATION, "-XX:TieredStopAtLevel=4"));
        if (knowsVmOption("TrimNativeHeapInterval")) { // since 17.0.9
            command.add("-XX:TrimNativeHeapInterval=" + TRIM_NATIVE_HEAP_MILLIS);
        }
        if (TransparentHugePages.available()) { // the process thread's code and heap on fewer TLB entries
            command.add("-XX:+UseTransparentHugePages");
        }
        command.addAll(JvmSafepoints.OPTIONS); // unlocks the diagnostic option that follows
        command.add("-XX:ArchiveRelocationMode=0");
        String extra = System.getenv(EXTRA_OPTIONS);
        if (extra != null && !extra.isBlank()) {
            command.addAll(List.of(extra.trim().split("\\s+")));
        }
        command.addAll(List.of("-Dtactus.runtime.dir=" + runtimeDirectory,
                "-cp", System.getProperty("java.class.path"), TACTUS_MAIN, "client", kind,
                "--server", serverName, "--name", name));
        command.addAll(List.of(args));
        add(new Launch(name, command, Map.of("MALLOC_ARENA_MAX", System.getenv().getOrDefault("MALLOC_ARENA_MAX",
                MALLOC_ARENAS)), output(name)));
    }

    /**
     * Starts the native jack_test3 client {@code NAME} with {@code ARGS} (its own options), through the libjack
     * {@code jt3} names: Tactus's for a Tactus server, the system's for JACK2; returns at once.
     */
    public void startNative(NativeJt3 jt3, String name, String... args) {
        List<String> command = new ArrayList<>(List.of(jt3.program().toString(), "--name", name, "--server", serverName));
        command.addAll(List.of(args));
        add(new Launch(name, command, jt3.environment(runtimeDirectory), output(name)));
    }

    private Path output(String name) {
        return outputDirectory == null ? null : outputDirectory.resolve(name + ".log");
    }

    private void add(Launch launch) {
        launch(launch);
        launches.add(launch);
    }

    private void launch(Launch launch) {
        ProcessBuilder builder = new ProcessBuilder(launch.command);
        if (launch.output == null) {
            builder.redirectOutput(ProcessBuilder.Redirect.DISCARD).redirectError(ProcessBuilder.Redirect.INHERIT);
        } else {
            builder.redirectOutput(launch.output.toFile()).redirectErrorStream(true);
        }
        launch.environment.forEach((key, value) -> {
            if (value == null) {
                builder.environment().remove(key);
            } else {
                builder.environment().put(key, value);
            }
        });
        try {
            launch.process = builder.start();
            launch.attempts++;
            launch.startedNanos = System.nanoTime();
            launch.joined = false;
        } catch (java.io.IOException e) {
            throw new TactusException("cannot start client process '" + launch.name + "': " + e.getMessage());
        }
    }

    /**
     * Waits until every client started is active in the graph, starting again one that exits first or takes
     * longer than {@link #joinSeconds} for the clients still joining; returns those given up on after
     * {@value #ATTEMPTS} starts (their processes stopped and forgotten), empty when all joined.
     */
    public List<NotJoined> awaitJoined(TactusServer server) throws InterruptedException {
        return awaitJoined(JoinProbe.of(server));
    }

    /** As {@link #awaitJoined(TactusServer)}, seen by {@code probe}. */
    public List<NotJoined> awaitJoined(JoinProbe probe) throws InterruptedException {
        return awaitJoined(probe, joinSeconds((int) launches.stream().filter(l -> !l.joined).count()));
    }

    /** The time one attempt to join has when {@code starting} processes start together. */
    static int joinSeconds(int starting) {
        return JOIN_SECONDS + JOIN_SECONDS_PER_PROCESS * starting;
    }

    /** As {@link #awaitJoined(TactusServer)}, but all must join (each attempt within the time given): else one sentence. */
    public void awaitActive(TactusServer server, long timeout, TimeUnit unit) throws InterruptedException {
        List<NotJoined> missing = awaitJoined(JoinProbe.of(server), (int) Math.max(1, unit.toSeconds(timeout)));
        if (!missing.isEmpty()) {
            throw new TactusException(missing.size() + " client process(es) did not join the server: "
                    + String.join(", ", missing.stream().map(NotJoined::describe).toList()));
        }
    }

    private List<NotJoined> awaitJoined(JoinProbe probe, int attemptSeconds) throws InterruptedException {
        long attemptNanos = TimeUnit.SECONDS.toNanos(attemptSeconds);
        List<NotJoined> given = new ArrayList<>();
        while (true) {
            boolean waiting = false;
            for (Iterator<Launch> it = launches.iterator(); it.hasNext(); ) {
                Launch launch = it.next();
                if (launch.joined) {
                    continue;
                }
                if (probe.active(launch.name) && launch.process.isAlive()) {
                    launch.joined = true;
                    continue;
                }
                String failure = failure(launch, attemptNanos, attemptSeconds);
                if (failure == null) {
                    waiting = true;
                } else if (launch.attempts >= ATTEMPTS) {
                    stop(launch.process);
                    given.add(new NotJoined(launch.name, failure, launch.attempts));
                    progress.printf("tactus: client '%s' did not join (%s); the run goes on without it%n", launch.name,
                            failure);
                    it.remove();
                } else {
                    stop(launch.process); // at once for one that exited; one that is late ends its connection now
                    if (!probe.present(launch.name)) { // the server has let go of the last attempt: the name is free again
                        progress.printf("tactus: client '%s' %s; starting it again (%d of %d)%n", launch.name,
                                failure, launch.attempts + 1, ATTEMPTS);
                        launch(launch);
                    }
                    waiting = true;
                }
            }
            if (!waiting) {
                return given;
            }
            Thread.sleep(50);
        }
    }

    /** Why this attempt failed, or null while it may still join. */
    private static String failure(Launch launch, long attemptNanos, int attemptSeconds) {
        if (!launch.process.isAlive()) {
            return "exited with status " + launch.process.exitValue() + " before it joined";
        }
        if (System.nanoTime() - launch.startedNanos > attemptNanos) {
            return "had not joined within " + attemptSeconds + " s";
        }
        return null;
    }

    /** The {@code index}-th client started and not stopped. */
    Process process(int index) {
        return launches.get(index).process;
    }

    /** The process of client {@code name}, if it was started here and not stopped. */
    public java.util.Optional<Process> process(String name) {
        return launches.stream().filter(l -> l.name.equals(name)).map(l -> l.process).findFirst();
    }

    /** Stops the clients named (they leave the server cleanly), all at once, and forgets them. */
    public void stop(java.util.Collection<String> names) {
        List<Launch> stopping = launches.stream().filter(l -> names.contains(l.name)).toList();
        launches.removeAll(stopping);
        stopping.forEach(l -> l.process.destroy());
        stopping.forEach(l -> stop(l.process));
    }

    /**
     * Sends {@code signal} (a name: USR1, USR2) to every client started here and alive, by its PID: a native
     * jack_test3 starts its window's account on USR1 and prints it on USR2.
     */
    public void signal(String signal) throws InterruptedException {
        for (Launch launch : launches) {
            if (launch.process.isAlive()) {
                io.tactus.bench.os.Signals.send(signal, launch.process.pid());
            }
        }
    }

    /** The clients started here and not stopped, by name, with whether their process is alive. */
    public Map<String, Boolean> alive() {
        Map<String, Boolean> alive = new java.util.LinkedHashMap<>();
        launches.forEach(l -> alive.put(l.name, l.process.isAlive()));
        return alive;
    }

    /** Asks every client to stop (SIGTERM: it leaves the server cleanly), then ends the stragglers by force. */
    @Override
    public void close() {
        stop(launches.stream().map(l -> l.name).toList());
    }

    /** SIGTERM, then SIGKILL after 3 s. */
    private static void stop(Process p) {
        p.destroy();
        try {
            if (!p.waitFor(3, TimeUnit.SECONDS)) {
                p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            p.destroyForcibly();
        }
    }

    /** Whether this JVM (the clients run the same binary) has the option: an unknown one would stop them starting. */
    private static boolean knowsVmOption(String name) {
        try {
            return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name) != null;
        } catch (IllegalArgumentException | NullPointerException e) {
            return false;
        }
    }

    private static String javaBinary() {
        return ProcessHandle.current().info().command()
                .orElse(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    }

    /** The server's (this JVM's) and the client processes' proportional set sizes now. */
    Footprint footprint() {
        long sum = 0;
        int measured = 0;
        for (Launch launch : launches) {
            long kb = launch.process.isAlive() ? ProportionalSetSize.kilobytes(launch.process.pid()) : -1;
            if (kb >= 0) {
                sum += kb;
                measured++;
            }
        }
        return new Footprint(ProportionalSetSize.selfKilobytes(), sum, measured);
    }
}
