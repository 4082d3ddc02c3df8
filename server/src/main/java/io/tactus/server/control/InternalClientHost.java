package io.tactus.server.control;

import io.tactus.ipc.Request;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * One internal client's host: the native process {@code tactus_intclient} that dlopens the client's shared object,
 * opens it as a client of this server through Tactus's libjack and calls its {@code jack_initialize}. Trade-off:
 * a JVM cannot run a C plug-in in its own address space safely, so the "internal" client pays a process and a
 * socket like any process client, and in return a crash in it costs only itself. The host reports on its stdout in
 * one line ({@code loaded STATUS NAME} or {@code failed STATUS SENTENCE}); it ends when its stdin closes (the
 * server is gone), when its client is shut down, or on SIGTERM, which is how {@link #stop} unloads it.
 */
final class InternalClientHost {

    /** How long a host may take to open its client and run {@code jack_initialize}. */
    static final long REPORT_SECONDS = 8;
    /** How long {@code jack_finish} and the client's close may take after SIGTERM before SIGKILL. */
    static final long STOP_SECONDS = 5;

    /** What the host reported: JACK's status bits, and the client's name or the failure's sentence. */
    record Report(boolean loaded, int status, String text) {
    }

    private final Process process;
    private final CompletableFuture<String> firstLine = new CompletableFuture<>();

    private InternalClientHost(Process process) {
        this.process = process;
        Thread reader = new Thread(this::readReport, "tactus-intclient-" + process.pid());
        reader.setDaemon(true);
        reader.start();
    }

    /** Starts the host of {@code request} for the server {@code serverName} (its socket in {@code runtimeDirectory}). */
    static InternalClientHost start(Path program, Path libraryDirectory, String serverName, Path runtimeDirectory,
                                    Request.LoadInternalClient request) throws IOException {
        List<String> command = new ArrayList<>(List.of(program.toString(), serverName, request.clientName(),
                request.loadName(), request.loadInit(), request.exactName() ? "exact" : "unique"));
        ProcessBuilder builder = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT);
        Map<String, String> env = builder.environment();
        String libraries = env.get("LD_LIBRARY_PATH");
        env.put("LD_LIBRARY_PATH", libraryDirectory + (libraries == null || libraries.isEmpty() ? "" : ":" + libraries));
        env.put("TACTUS_RUNTIME_DIR", runtimeDirectory.toString());
        env.put("JACK_DEFAULT_SERVER", serverName);
        return new InternalClientHost(builder.start());
    }

    private void readReport() {
        try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            String line = in.readLine();
            firstLine.complete(line);
            while (in.readLine() != null) {
                // a plug-in that prints: drained, so that it never blocks on a full pipe
            }
        } catch (IOException e) {
            firstLine.complete(null);
        }
    }

    /** Waits for the host's report; a host that exits or stays silent is a load failure, and is stopped. */
    Report awaitReport(int loadFailure) {
        String line;
        try {
            line = firstLine.get(REPORT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            stop();
            return new Report(false, loadFailure, "the internal client's host did not report within " + REPORT_SECONDS
                    + " s; its jack_initialize may hang, so it was stopped");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            stop();
            return new Report(false, loadFailure, "the server was interrupted while the internal client loaded");
        } catch (ExecutionException e) {
            line = null;
        }
        Report report = parse(line);
        if (report == null) {
            stop();
            return new Report(false, loadFailure, "the internal client's host ended without a report ("
                    + exitDescription() + "); its shared object may have crashed it");
        }
        return report;
    }

    private static Report parse(String line) {
        if (line == null) {
            return null;
        }
        String[] parts = line.split(" ", 3);
        if (parts.length < 3 || !(parts[0].equals("loaded") || parts[0].equals("failed"))) {
            return null;
        }
        try {
            return new Report(parts[0].equals("loaded"), Integer.parseInt(parts[1]), parts[2]);
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private String exitDescription() {
        try {
            if (process.waitFor(1, TimeUnit.SECONDS)) {
                int code = process.exitValue();
                return code > 128 ? "killed by signal " + (code - 128) : "exit status " + code;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        return "still running";
    }

    long pid() {
        return process.pid();
    }

    boolean isAlive() {
        return process.isAlive();
    }

    /** Runs {@code action} once the host has exited, however it ended. */
    void onExit(Runnable action) {
        process.onExit().thenRun(action);
    }

    /** SIGTERM (the host closes its client and calls jack_finish), then SIGKILL after {@link #STOP_SECONDS}. */
    void stop() {
        process.destroy();
        awaitStopped();
    }

    /** SIGTERM only; {@link #awaitStopped} waits (so that many hosts are told at once). */
    void signalStop() {
        process.destroy();
    }

    /** Waits up to {@link #STOP_SECONDS} after the SIGTERM, then sends SIGKILL. */
    void awaitStopped() {
        try {
            if (!process.waitFor(STOP_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(STOP_SECONDS, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }
}
