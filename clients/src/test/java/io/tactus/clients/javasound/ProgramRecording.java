package io.tactus.clients.javasound;

import io.tactus.ipc.RuntimeDirectory;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.wav.WavDriver;
import io.tactus.server.driver.wav.WavDriverSettings;
import io.tactus.server.driver.wav.WavSampleFormat;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server recording its playback to a file, reachable over its socket, and the unmodified programs it plays,
 * each in a JVM of its own with nothing but the client jar, JNA and the program on its class path. Every process
 * started is stopped on {@link #close}, also when the test failed.
 */
final class ProgramRecording implements AutoCloseable {

    static final int RATE = 48_000;
    /** 10.7 ms: a JVM of our own on a busy host keeps up without timeouts. */
    static final int PERIOD = 512;
    /**
     * How long the server waits for the program's process thread. The server's usual wait (until a quarter
     * period before the cycle's deadline) measures the transport on this host (a client JVM without realtime
     * priority, beside the build, misses a few periods a run: whole periods of silence in the recording); this
     * test measures the Java Sound layer, so the server waits for it whatever the deadline, and the paced
     * driver's buffer absorbs the late cycles.
     */
    private static final long CLIENT_TIMEOUT_NANOS = 200_000_000L;

    final TactusServer server;
    final ControlServer control;
    final Path runtime;
    final String name;
    final List<Process> processes = new ArrayList<>();

    private ProgramRecording(String name, TactusServer server, ControlServer control, Path runtime) {
        this.name = name;
        this.server = server;
        this.control = control;
        this.runtime = runtime;
    }

    static ProgramRecording start(String name, Path wav, Path runtime) throws Exception {
        return start(name, wav, runtime, PERIOD, 2, null);
    }

    /**
     * As {@link #start(String, Path, Path)}, at {@code period} frames, recording {@code playbackChannels} in
     * {@code format} (null: the driver's default).
     */
    static ProgramRecording start(String name, Path wav, Path runtime, int period, int playbackChannels,
            WavSampleFormat format) throws Exception {
        Files.createDirectories(runtime);
        Files.setPosixFilePermissions(runtime, PosixFilePermissions.fromString("rwx------"));
        TactusServer server = TactusServer.start(ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(RATE, period))
                .withDriver(new WavDriver(new WavDriverSettings(null, wav, 2, playbackChannels, true, 0, format)))
                .withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE)));
        try {
            ControlServer control = ControlServer.start(server, RuntimeDirectory.of(runtime), CLIENT_TIMEOUT_NANOS);
            return new ProgramRecording(name, server, control, runtime);
        } catch (RuntimeException e) {
            server.close();
            throw e;
        }
    }

    /** The program in its own JVM: client jar, JNA and the program itself on the class path, nothing else. */
    Process launch(Class<?> program, String... args) throws Exception {
        return launch(program, List.of(), args);
    }

    /** As {@link #launch(Class, String...)}, with {@code properties} ({@code -Dkey=value}) as well. */
    Process launch(Class<?> program, List<String> properties, String... args) throws Exception {
        return launch(program, properties, List.of(), args);
    }

    /** As {@link #launch(Class, List, String...)}, with the jars of {@code libraries} on the class path too. */
    Process launch(Class<?> program, List<String> properties, List<Class<?>> libraries, String... args)
            throws Exception {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java")));
        command.addAll(io.tactus.rt.JvmSafepoints.OPTIONS);
        command.addAll(properties);
        command.addAll(List.of("-Xmx128m", "-Djava.awt.headless=true",
                "-Djavax.sound.sampled.SourceDataLine=#Tactus", "-Dtactus.server=" + name,
                "-Dtactus.runtime.dir=" + runtime, "-Djava.util.prefs.userRoot=" + runtime.resolve("prefs"),
                "-cp", classPath(program, libraries),
                program.getName()));
        command.addAll(List.of(args));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        processes.add(process);
        return process;
    }

    /** Waits for the program to end and returns its output; fails if it does not end in time or fails. */
    String finish(Process process, int seconds) throws Exception {
        CompletableFuture<String> output = CompletableFuture.supplyAsync(() -> {
            try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream()))) {
                return in.lines().map(l -> l + System.lineSeparator()).collect(Collectors.joining());
            } catch (java.io.IOException e) {
                return "(output lost: " + e.getMessage() + ")";
            }
        });
        assertTrue(process.waitFor(seconds, TimeUnit.SECONDS), "the program ends within " + seconds + " s");
        String text = output.get(5, TimeUnit.SECONDS);
        assertEquals(0, process.exitValue(), "the program succeeds: " + text);
        return text;
    }

    @Override
    public void close() throws Exception {
        for (Process p : processes) {
            if (p.isAlive()) {
                p.destroyForcibly();
                p.waitFor(5, TimeUnit.SECONDS);
            }
        }
        try {
            control.close();
        } finally {
            server.close();
        }
    }

    private static String classPath(Class<?> program, List<Class<?>> libraries) throws Exception {
        List<String> entries = new ArrayList<>(List.of(location(io.tactus.api.Tactus.class),
                location(com.sun.jna.Native.class), location(program)));
        for (Class<?> library : libraries) {
            entries.add(location(library));
        }
        return String.join(java.io.File.pathSeparator, entries);
    }

    private static String location(Class<?> type) throws Exception {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI()).toString();
    }
}
