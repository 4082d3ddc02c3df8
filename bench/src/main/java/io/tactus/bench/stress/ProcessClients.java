package io.tactus.bench.stress;

import io.tactus.api.TactusException;
import io.tactus.bench.os.ProportionalSetSize;
import io.tactus.rt.JvmSafepoints;
import io.tactus.server.TactusServer;
import io.tactus.server.graph.ClientNode;

import com.sun.management.HotSpotDiagnosticMXBean;

import java.io.File;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The stress test's clients in JVMs of their own: each is {@code tactus client KIND} started with this
 * JVM's classpath and a small heap, joined over the server's control socket. Everything started here is
 * stopped by {@link #close()} (politely, then by force), also when the run fails.
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

    private final String serverName;
    private final Path runtimeDirectory;
    /** Named, not referenced: the command line sits above this package and the child runs it by name. */
    private static final String TACTUS_MAIN = "io.tactus.bench.cli.TactusMain";

    private final List<Process> processes = new ArrayList<>();
    private final List<String> names = new ArrayList<>();

    /** Environment variable with more JVM options for the client processes, after (so over) the defaults. */
    static final String EXTRA_OPTIONS = "TACTUS_CLIENT_JAVA_OPTS";

    public ProcessClients(String serverName, Path runtimeDirectory) {
        this.serverName = serverName;
        this.runtimeDirectory = runtimeDirectory;
    }

    /** Starts {@code tactus client KIND --name NAME ARGS...}; returns at once. */
    public void start(String kind, String name, String... args) {
        List<String> command = new ArrayList<>(List.of(javaBinary(), "-XX:+UseSerialGC", "-Xms" + HEAP, "-Xmx" + HEAP,
                "-Xmn" + YOUNG_GENERATION, "-XX:TieredStopAtLevel=4"));
        if (knowsVmOption("TrimNativeHeapInterval")) { // since 17.0.9
            command.add("-XX:TrimNativeHeapInterval=" + TRIM_NATIVE_HEAP_MILLIS);
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
        try {
            ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.INHERIT);
            builder.environment().putIfAbsent("MALLOC_ARENA_MAX", MALLOC_ARENAS);
            Process process = builder.start();
            processes.add(process);
            names.add(name);
        } catch (java.io.IOException e) {
            throw new TactusException("cannot start client process '" + name + "': " + e.getMessage());
        }
    }

    /** Waits until every started client is active in the graph; one sentence naming the missing ones on timeout. */
    public void awaitActive(TactusServer server, long timeout, TimeUnit unit) throws InterruptedException {
        long end = System.nanoTime() + unit.toNanos(timeout);
        while (true) {
            List<String> missing = new ArrayList<>();
            for (int i = 0; i < names.size(); i++) {
                ClientNode node = server.graph().clientOrNull(names.get(i));
                if (node == null || !node.isActive()) {
                    if (!processes.get(i).isAlive()) {
                        throw new TactusException("client process '" + names.get(i) + "' exited with status "
                                + processes.get(i).exitValue() + " before it joined the server");
                    }
                    missing.add(names.get(i));
                }
            }
            if (missing.isEmpty()) {
                return;
            }
            if (System.nanoTime() > end) {
                throw new TactusException(missing.size() + " client process(es) did not join within "
                        + unit.toSeconds(timeout) + " s: " + String.join(", ", missing));
            }
            Thread.sleep(50);
        }
    }

    /** The {@code index}-th process started. */
    Process process(int index) {
        return processes.get(index);
    }

    /** Asks every client to stop (SIGTERM: it leaves the server cleanly), then ends the stragglers by force. */
    @Override
    public void close() {
        for (Process p : processes) {
            p.destroy();
        }
        for (Process p : processes) {
            try {
                if (!p.waitFor(3, TimeUnit.SECONDS)) {
                    p.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                p.destroyForcibly();
            }
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
        for (Process process : processes) {
            long kb = process.isAlive() ? ProportionalSetSize.kilobytes(process.pid()) : -1;
            if (kb >= 0) {
                sum += kb;
                measured++;
            }
        }
        return new Footprint(ProportionalSetSize.selfKilobytes(), sum, measured);
    }
}
