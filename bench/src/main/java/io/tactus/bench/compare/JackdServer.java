package io.tactus.bench.compare;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One JACK2 server for a comparison window: {@code jackd -n NAME -R -P PRIO [-S] -d dummy -r RATE -p FRAMES -C N
 * -P N}, its standard output and error in a log file, up once {@code jack_lsp} answers. The name is unique so that
 * no other JACK server (or another run) is met; {@link #close()} stops it by its PID, politely, then by force.
 */
final class JackdServer implements AutoCloseable {

    private static final int START_SECONDS = 30;

    private final String name;
    private final Path log;
    private final Process process;

    private JackdServer(String name, Path log, Process process) {
        this.name = name;
        this.log = log;
        this.process = process;
    }

    /** The jackd command line of {@code settings}. */
    static List<String> command(String name, CompareSettings settings) {
        List<String> command = new ArrayList<>(List.of("jackd", "-n", name, "-R", "-P",
                Integer.toString(settings.stress().scheduling().priority())));
        if (settings.sync()) {
            command.add("-S");
        }
        command.addAll(List.of("-d", "dummy", "-r", Integer.toString(settings.stress().rate()), "-p",
                Integer.toString(settings.stress().frames()), "-C", Integer.toString(settings.stress().ports()), "-P",
                Integer.toString(settings.stress().ports())));
        return command;
    }

    /** Starts jackd and waits until it answers; one sentence (with its log) when it does not come up. */
    static JackdServer start(String name, CompareSettings settings, Path log, ProcessGuard guard)
            throws InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command(name, settings)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        jackEnvironment(builder.environment(), name);
        Process process;
        try {
            process = guard.started(builder.start());
        } catch (IOException e) {
            throw new TactusException("cannot start jackd: " + e.getMessage());
        }
        JackdServer server = new JackdServer(name, log, process);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(START_SECONDS);
        while (!server.answers()) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                server.close();
                throw new TactusException("jackd did not come up within " + START_SECONDS + " s (" + lastLine(log)
                        + "); its output is in " + log);
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return server;
    }

    /** The environment of every program that talks to this JACK2 server: the system's libjack, no autostart. */
    static void jackEnvironment(Map<String, String> env, String server) {
        env.remove("LD_LIBRARY_PATH");
        env.remove("DBUS_SESSION_BUS_ADDRESS");
        env.put("JACK_NO_START_SERVER", "1");
        env.put("JACK_NO_AUDIO_RESERVATION", "1");
        env.put("JACK_DEFAULT_SERVER", server);
    }

    String name() {
        return name;
    }

    Path log() {
        return log;
    }

    /** Runs {@code jack_lsp} against it: true when it exits 0. */
    private boolean answers() throws InterruptedException {
        return JackTools.run(name, List.of("jack_lsp"), null) == 0;
    }

    /** The log's length in bytes now: marks a window's start and end in it. */
    long logLength() {
        try {
            return Files.size(log);
        } catch (IOException e) {
            return 0;
        }
    }

    /**
     * The xruns jackd logged between two marks, counted as JACK2's own reference scripts do: each driver xrun
     * line, and each run of consecutive engine xrun lines (one per client not finished) as one.
     */
    long xrunsBetween(long from, long to) {
        String text;
        try {
            byte[] all = Files.readAllBytes(log);
            text = new String(all, (int) Math.min(from, all.length), (int) Math.max(0, Math.min(to, all.length) - from),
                    StandardCharsets.UTF_8);
        } catch (IOException e) {
            return 0;
        }
        long xruns = 0;
        boolean inBurst = false;
        for (String line : text.split("\n")) {
            if (line.contains("JackTimedDriver::Process XRun")) {
                xruns++;
                inBurst = false;
            } else if (line.contains("JackEngine::XRun")) {
                xruns += inBurst ? 0 : 1;
                inBurst = true;
            } else {
                inBurst = false;
            }
        }
        return xruns;
    }

    private static String lastLine(Path log) {
        try {
            List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
            return lines.isEmpty() ? "it printed nothing" : "its last line: " + lines.get(lines.size() - 1).trim();
        } catch (IOException e) {
            return "no output";
        }
    }

    /** SIGTERM, then SIGKILL after 5 s. */
    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
        }
    }
}
