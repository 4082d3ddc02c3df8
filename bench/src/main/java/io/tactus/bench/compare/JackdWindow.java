package io.tactus.bench.compare;

import io.tactus.api.TactusException;
import io.tactus.bench.os.CpuUsage;
import io.tactus.bench.os.ProcStat;
import io.tactus.bench.stress.NativeJt3;
import io.tactus.bench.stress.ProcessClients;
import io.tactus.bench.stress.StressSettings;
import io.tactus.bench.stress.StressTest;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * One JACK2 window: jackd started, the native jack_test3 clients on the system's libjack (joined when each prints
 * its "active" line; one that does not is retried once, then named), chained with {@code jack_connect} as the
 * stress run chains them, the warm-up, then the measured seconds between the clients' SIGUSR1 and SIGUSR2. The
 * figures are the clients' own summaries and the xruns jackd logged in between; everything is stopped after.
 */
final class JackdWindow {

    /** How long the clients have to print their summaries after SIGUSR2. */
    private static final long SUMMARY_SECONDS = 5;

    private final CompareSettings settings;
    private final NativeJt3 jt3;
    private final ProcessGuard guard;
    private final PrintStream progress;

    JackdWindow(CompareSettings settings, NativeJt3 jt3, ProcessGuard guard, PrintStream progress) {
        this.settings = settings;
        this.jt3 = jt3.onSystemLibjack();
        this.guard = guard;
        this.progress = progress;
    }

    WindowFigures run(String serverName, Path directory) throws InterruptedException {
        StressSettings s = settings.stress();
        try (JackdServer jackd = JackdServer.start(serverName, settings, directory.resolve("jackd.log"), guard);
             ProcessClients clients = new ProcessClients(serverName, null, progress).withOutput(directory)) {
            for (int c = 1; c <= s.clients(); c++) {
                clients.startNative(jt3, StressTest.CLIENT_PREFIX + c, "--ports", Integer.toString(s.ports()),
                        "--work", Integer.toString(s.work()), "--measure", c == 1 ? "1" : "0");
            }
            List<ProcessClients.NotJoined> missing = clients.awaitJoined(activeLines(directory));
            int joined = s.clients() - missing.size();
            if (joined == 0) {
                throw new TactusException("none of the " + s.clients() + " jack_test3 clients joined jackd ("
                        + missing.get(0).describe() + "); their output is in " + directory);
            }
            if (s.chain()) {
                chain(jackd, clients, directory.resolve("connect.log"));
            }
            TimeUnit.SECONDS.sleep(s.warmupSeconds());
            long from = jackd.logLength();
            clients.signal("USR1");
            StealFreeSeconds stealFree = measure(jackd, from, s.seconds());
            clients.signal("USR2");
            long to = jackd.logLength();
            List<Jt3Summary> summaries = awaitSummaries(clients, directory);
            return new WindowFigures("JACK2", s.clients(), joined, summaries, jackd.xrunsBetween(from, to), stealFree,
                    null, directory.toString());
        }
    }

    /**
     * The measured seconds, sampled once a second as the stress run samples Tactus's: the host's steal from
     * {@code /proc/stat}, and jackd's xruns since {@code from} (counted over the whole log each time, so a burst of
     * engine xrun lines across a second's mark is still one xrun).
     */
    private static StealFreeSeconds measure(JackdServer jackd, long from, int seconds) throws InterruptedException {
        List<Double> steal = new ArrayList<>();
        List<Long> xruns = new ArrayList<>();
        ProcStat previous = ProcStat.read();
        long counted = 0;
        long t0 = System.nanoTime();
        for (int second = 1; second <= seconds; second++) {
            long due = t0 + TimeUnit.SECONDS.toNanos(second);
            TimeUnit.NANOSECONDS.sleep(Math.max(0, due - System.nanoTime()));
            ProcStat now = ProcStat.read();
            long total = jackd.xrunsBetween(from, jackd.logLength());
            steal.add(CpuUsage.between(previous, now).steal());
            xruns.add(total - counted);
            previous = now;
            counted = total;
        }
        return StealFreeSeconds.of(steal, xruns);
    }

    /** A client has joined jackd once it printed "jt3 NAME active" (after jack_activate). */
    private static ProcessClients.JoinProbe activeLines(Path directory) {
        return new ProcessClients.JoinProbe() {
            @Override
            public boolean active(String name) {
                try {
                    return Files.readString(directory.resolve(name + ".log"), StandardCharsets.UTF_8)
                            .contains("jt3 " + name + " active");
                } catch (IOException e) {
                    return false;
                }
            }

            @Override
            public boolean present(String name) {
                return false; // jackd lets go of a client's name when its process is gone
            }
        };
    }

    /** capture -> client 1 -> ... -> playback over the clients that joined, as the stress run wires them. */
    private void chain(JackdServer jackd, ProcessClients clients, Path log) throws InterruptedException {
        int ports = settings.stress().ports();
        String from = "system:capture_";
        int failed = 0;
        List<String> joined = new ArrayList<>(clients.alive().keySet());
        for (String client : joined) {
            for (int p = 1; p <= ports; p++) {
                failed += connect(jackd, from + p, client + ":in_" + p, log);
            }
            from = client + ":out_";
        }
        for (int p = 1; p <= ports; p++) {
            failed += connect(jackd, from + p, "system:playback_" + p, log);
        }
        if (failed > 0) {
            progress.printf("tactus compare: %d connections on jackd failed (see %s); the window goes on%n", failed, log);
        }
    }

    private static int connect(JackdServer jackd, String from, String to, Path log) throws InterruptedException {
        return JackTools.run(jackd.name(), List.of("jack_connect", from, to), log) == 0 ? 0 : 1;
    }

    /** The summaries of the clients alive at the window's end, in client order, once all printed or after a while. */
    private static List<Jt3Summary> awaitSummaries(ProcessClients clients, Path directory) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(SUMMARY_SECONDS);
        while (true) {
            List<Jt3Summary> found = new ArrayList<>();
            int alive = 0;
            for (var client : clients.alive().entrySet()) {
                alive += client.getValue() ? 1 : 0;
                Jt3Summary.read(directory.resolve(client.getKey() + ".log")).ifPresent(found::add);
            }
            if (found.size() >= alive || System.nanoTime() > deadline) {
                return found;
            }
            TimeUnit.MILLISECONDS.sleep(50);
        }
    }
}
