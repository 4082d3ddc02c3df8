package io.tactus.bench.stress;

import io.tactus.api.ClientOptions;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Reply;
import io.tactus.ipc.RuntimeDirectory;
import io.tactus.ipc.client.ProcessTransport;
import io.tactus.ipc.client.RemoteTactusClient;
import io.tactus.rt.JvmSafepoints;
import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The control plane holds a flood, as {@code ./tactus server} runs it in a JVM of its own: 5000 connections
 * that never say Hello, opened as fast as this side can against {@code --max-connections 1000}, then a stream of more
 * while a jack_test3 client in its own process joins. The server's threads stay under 64 and its resident
 * memory grows under 50 MB; each connection hears one sentence, the refusal at once or the Hello deadline's
 * error, and is closed within 3 s of that deadline; the jack_test3 client connects, activates and runs
 * cycles. Everything started is stopped, also on failure.
 */
class ConnectionFloodSystemTest {

    private static final int FLOOD = 5_000;
    /** Low enough that a loaded machine, opening some 500 connections a second, reaches it within the deadline. */
    private static final int MAX_CONNECTIONS = 1_000;
    private static final int BATCH = 500;
    /** The stream while the client joins: this many at a time, at most the cap less the headroom open. */
    private static final int STREAM_BATCH = 100;
    private static final int HEADROOM = 100;
    private static final int STREAM_AT_LEAST = 1_000;
    /** Descriptors this JVM needs besides the flood's: class path, pipes, the observer, the selector. */
    private static final int DESCRIPTOR_MARGIN = 500;
    private static final long HELLO_MILLIS = 2_000;
    private static final long CLOSE_WITHIN_MILLIS = 3_000;
    private static final int THREAD_LIMIT = 64;
    private static final long RESIDENT_GROWTH_LIMIT_KB = 50 * 1024;
    private static final String CLIENT = "flood-jt3";

    @Test
    void shouldHoldFiveThousandSilentConnectionsWithBoundedThreadsAndMemoryWhileAProcessClientJoins() throws Exception {
        int flood = FLOOD;
        int cap = MAX_CONNECTIONS;
        long limit = openFileLimit(Path.of("/proc/self/limits"));
        if (limit < FLOOD + DESCRIPTOR_MARGIN) {
            flood = (int) (limit - DESCRIPTOR_MARGIN);
            cap = flood * 4 / 5;
            System.out.printf("assumption: this JVM may open %d descriptors, so the flood is %d connections against a"
                    + " cap of %d, not %d against %d%n", limit, flood, cap, FLOOD, MAX_CONNECTIONS);
        }
        assumeTrue(flood >= 1_000, "too few descriptors for a flood: " + limit);

        String name = "flood-" + ProcessHandle.current().pid();
        Path runtime = RuntimeDirectory.ofCurrentUser().createIfMissing().path();
        Process server = startServer(runtime, name, cap);
        try (ProcessClients clients = new ProcessClients(name, runtime)) {
            assertTrue(waitForLine(server, "tactus server '" + name + "'", 60), "the server started");
            long serverLimit = openFileLimit(Path.of("/proc/" + server.pid() + "/limits"));
            assertTrue(serverLimit >= cap + DESCRIPTOR_MARGIN, "the server may open " + serverLimit + " descriptors");
            try (RemoteTactusClient observer = ProcessTransport.system().connect("flood-observer",
                         ClientOptions.defaults().withServer(name));
                 SilentPeers peers = new SilentPeers(runtime.resolve(name + ".sock"));
                 StatusSampler sampler = new StatusSampler(server.pid())) {
                observer.status(); // the server's workers have run a request: they count in the baseline
                Thread.sleep(1_000);
                ProcStatus before = sampler.start();

                // The burst: as fast as this side can, so the cap is reached and the rest refused.
                long burstStart = System.nanoTime();
                List<SilentPeers.Peer> burst = new ArrayList<>();
                int peakOpen = 0;
                while (burst.size() < flood) {
                    burst.addAll(peers.open(Math.min(BATCH, flood - burst.size())));
                    peakOpen = Math.max(peakOpen, peers.openNow());
                }
                long burstMillis = (System.nanoTime() - burstStart) / 1_000_000;
                assertTrue(peers.awaitAllEnded(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                        HELLO_MILLIS + CLOSE_WITHIN_MILLIS + 2_000)), peers.openNow() + " still open");

                // The stream, while a jack_test3 client joins: below the cap, so the client finds a place.
                clients.start("jt3", CLIENT, "--ports", "2");
                long streamStart = System.nanoTime();
                List<SilentPeers.Peer> stream = new ArrayList<>();
                Optional<Reply.TopLine> playing = Optional.empty();
                long nextLook = streamStart;
                while (playing.isEmpty() || stream.size() < STREAM_AT_LEAST) {
                    assertTrue(System.nanoTime() - streamStart < TimeUnit.SECONDS.toNanos(90),
                            "the jack_test3 client did not play within 90 s: " + playing);
                    assertTrue(clients.process(0).isAlive(), "the jack_test3 client exited before it played");
                    if (peers.openNow() + STREAM_BATCH <= cap - HEADROOM) {
                        stream.addAll(peers.open(STREAM_BATCH));
                    }
                    peers.poll(20);
                    if (System.nanoTime() >= nextLook && playing.isEmpty()) {
                        nextLook = System.nanoTime() + 250_000_000L;
                        playing = playingLine(observer);
                    }
                }
                double joinedSeconds = (System.nanoTime() - streamStart) / 1e9;
                long cyclesBefore = observer.status().cycles();
                Thread.sleep(500);
                Optional<Reply.TopLine> after = playingLine(observer);
                long cycles = observer.status().cycles() - cyclesBefore;
                assertTrue(peers.awaitAllEnded(System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(
                        HELLO_MILLIS + CLOSE_WITHIN_MILLIS + 2_000)), peers.openNow() + " still open");
                ProcStatus peak = sampler.stop();

                String refusal = "connection refused: the server already has " + cap + " connections, the most it"
                        + " accepts at once; try again when some have closed";
                String noHello = "no Hello within " + HELLO_MILLIS + " ms of connecting; the connection is closed";
                Tally burstTally = Tally.of(burst, refusal, noHello, cap);
                Tally streamTally = Tally.of(stream, refusal, noHello, cap);
                System.out.printf("control flood: %d silent connections in %d ms, up to %d open at once (%d held to"
                                + " the Hello deadline, %d refused), then %d more while %s joined (%.1f s) and ran %d cycles in"
                                + " 0.5 s; server threads %d before, %d at the peak; VmRSS %d MB before, +%.1f MB at"
                                + " the peak (anonymous +%.1f MB); the slowest closed %d ms after its deadline,"
                                + " the slowest refusal %d ms after connecting%n", flood, burstMillis, peakOpen,
                        burstTally.timedOut, burstTally.refused, stream.size(), CLIENT, joinedSeconds, cycles,
                        before.threads(), peak.threads(), before.residentKb() / 1024,
                        (peak.residentKb() - before.residentKb()) / 1024.0,
                        (peak.anonymousKb() - before.anonymousKb()) / 1024.0,
                        Math.max(burstTally.slowestAfterDeadline, streamTally.slowestAfterDeadline),
                        burstTally.slowestRefusal);

                assertEquals(List.of(), burstTally.odd, "every connection heard one sentence and then the end");
                assertEquals(List.of(), streamTally.odd, "every connection heard one sentence and then the end");
                assertEquals(flood, burstTally.timedOut + burstTally.refused);
                // How many are refused depends on how fast this side opens them against the deadline, so the rule
                // is checked one by one: none while the server had room; and the burst must have reached the cap.
                assertTrue(burstTally.refused > 0 && peakOpen + 1 >= cap, "the burst reached the cap: " + peakOpen
                        + " open at most, " + burstTally.refused + " refused");
                assertEquals(stream.size(), streamTally.timedOut, "the stream stayed below the cap");
                assertTrue(burstTally.earliestAfterDeadline >= -100 && streamTally.earliestAfterDeadline >= -100,
                        "none closed before its Hello deadline");
                assertTrue(burstTally.slowestAfterDeadline <= CLOSE_WITHIN_MILLIS
                                && streamTally.slowestAfterDeadline <= CLOSE_WITHIN_MILLIS,
                        "each closed within 3 s of its deadline");
                assertTrue(burstTally.slowestRefusal <= CLOSE_WITHIN_MILLIS, "refused at once");
                assertTrue(peak.threads() < THREAD_LIMIT, "server threads at the peak: " + peak.threads());
                assertTrue(peak.residentKb() - before.residentKb() < RESIDENT_GROWTH_LIMIT_KB,
                        "resident growth: " + (peak.residentKb() - before.residentKb()) + " KiB");
                assertTrue(after.isPresent(), "the jack_test3 client still plays after the flood");
                assertTrue(cycles > 100, "the engine cycled on: " + cycles);
                assertTrue(observer.listPorts(false).stream().anyMatch(p -> p.name().equals(CLIENT + ":in_1")),
                        "its ports are in the graph");
            }
        } finally {
            stop(server);
        }
    }

    /** The jack_test3 client's line in {@code top} once it is active and has done work in the last second. */
    private static Optional<Reply.TopLine> playingLine(RemoteTactusClient observer) {
        return observer.top().clients().stream()
                .filter(l -> l.name().equals(CLIENT) && (l.state().equals("ACTIVE") || l.state().equals("GRACE"))
                        && l.busyMicros() > 0)
                .findFirst();
    }

    /** The connections of one phase by what they heard: exactly one Error frame and the end, or odd. */
    private static final class Tally {
        int refused;
        int timedOut;
        long slowestRefusal;
        long slowestAfterDeadline = Long.MIN_VALUE;
        long earliestAfterDeadline = Long.MAX_VALUE;
        final List<String> odd = new ArrayList<>();

        /** A refusal is odd too when the server had room: it never holds more than this side has seen open, plus the observer. */
        static Tally of(List<SilentPeers.Peer> peers, String refusal, String noHello, int cap) {
            Tally t = new Tally();
            for (SilentPeers.Peer peer : peers) {
                String said = peer.frames.size() == 1 && peer.fault == null && peer.endedAt != 0
                        ? said(peer.frames.get(0)) : null;
                if (refusal.equals(said) && peer.openBefore + 1 >= cap) {
                    t.refused++;
                    t.slowestRefusal = Math.max(t.slowestRefusal, peer.millisOpen());
                } else if (noHello.equals(said)) {
                    t.timedOut++;
                    long afterDeadline = peer.millisOpen() - HELLO_MILLIS;
                    t.slowestAfterDeadline = Math.max(t.slowestAfterDeadline, afterDeadline);
                    t.earliestAfterDeadline = Math.min(t.earliestAfterDeadline, afterDeadline);
                } else if (t.odd.size() < 5) {
                    t.odd.add(peer.frames + " with " + peer.openBefore + " open before it"
                            + (peer.fault == null ? "" : ", fault " + peer.fault)
                            + (peer.endedAt == 0 ? " still open" : ""));
                }
            }
            return t;
        }

        private static String said(ControlFrame frame) {
            return frame.requestId() == 0 && frame.message() instanceof Reply.Error e ? e.message() : null;
        }
    }

    /**
     * {@code tactus server} in a JVM as the launcher starts it (ZGC, a fixed 128 MB heap), its errors in the log;
     * but with the heap pre-touched, so the heap is resident before the baseline and the growth measured is what
     * connections cost beyond it (threads, native buffers): the heap itself cannot grow, and without pre-touch
     * any allocation makes more of its pages resident, in ZGC's three views of it.
     */
    private static Process startServer(Path runtime, String name, int cap) throws IOException {
        List<String> command = new ArrayList<>(List.of(ProcessHandle.current().info().command().orElse("java"),
                "-XX:+UseZGC", "-Xms128m", "-Xmx128m", "-XX:+AlwaysPreTouch"));
        command.addAll(JvmSafepoints.OPTIONS);
        command.addAll(List.of("-Dtactus.runtime.dir=" + runtime, "-cp", System.getProperty("java.class.path"),
                "io.tactus.bench.cli.TactusMain", "server", "--name", name, "--watchdog", "none",
                "--max-connections", Integer.toString(cap)));
        return new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    }

    private static void stop(Process server) throws InterruptedException {
        server.destroy(); // SIGTERM: the server tells its clients and removes its files
        if (!server.waitFor(10, TimeUnit.SECONDS)) {
            server.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }

    private static boolean waitForLine(Process process, String text, int seconds) throws Exception {
        BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        AtomicBoolean found = new AtomicBoolean();
        Thread scan = new Thread(() -> {
            try {
                for (String line; (line = reader.readLine()) != null; ) {
                    if (line.contains(text)) {
                        found.set(true);
                        return;
                    }
                }
            } catch (IOException ended) {
                // the process is gone
            }
        }, "server-output");
        scan.setDaemon(true);
        scan.start();
        scan.join(TimeUnit.SECONDS.toMillis(seconds));
        return found.get();
    }

    /** The soft limit on open files in a process's {@code limits} file (the JVM raises it to the hard one). */
    private static long openFileLimit(Path limits) throws IOException {
        for (String line : Files.readAllLines(limits)) {
            if (line.startsWith("Max open files")) {
                String soft = line.substring("Max open files".length()).trim().split("\\s+")[0];
                return soft.equals("unlimited") ? Long.MAX_VALUE : Long.parseLong(soft);
            }
        }
        throw new IllegalStateException("no open-files limit in " + limits);
    }

    /** A process's thread count and resident memory, from {@code /proc/PID/status}. */
    private record ProcStatus(int threads, long residentKb, long anonymousKb) {
        static ProcStatus of(long pid) {
            int threads = -1;
            long resident = -1;
            long anonymous = -1;
            try {
                for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
                    if (line.startsWith("Threads:")) {
                        threads = Integer.parseInt(line.replaceAll("[^0-9]", ""));
                    } else if (line.startsWith("VmRSS:")) {
                        resident = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    } else if (line.startsWith("RssAnon:")) {
                        anonymous = Long.parseLong(line.replaceAll("[^0-9]", ""));
                    }
                }
            } catch (IOException gone) {
                throw new IllegalStateException("the server process " + pid + " is gone", gone);
            }
            return new ProcStatus(threads, resident, anonymous);
        }

        ProcStatus max(ProcStatus other) {
            return new ProcStatus(Math.max(threads, other.threads), Math.max(residentKb, other.residentKb),
                    Math.max(anonymousKb, other.anonymousKb));
        }
    }

    /** Samples the server's status every 20 ms between start and stop; keeps the peaks. */
    private static final class StatusSampler implements AutoCloseable {
        private final long pid;
        private final AtomicReference<ProcStatus> peak = new AtomicReference<>();
        private final AtomicBoolean running = new AtomicBoolean();
        private Thread thread;

        StatusSampler(long pid) {
            this.pid = pid;
        }

        ProcStatus start() {
            ProcStatus now = ProcStatus.of(pid);
            peak.set(now);
            running.set(true);
            thread = new Thread(() -> {
                while (running.get()) {
                    peak.accumulateAndGet(ProcStatus.of(pid), ProcStatus::max);
                    try {
                        Thread.sleep(20);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }, "server-status-sampler");
            thread.setDaemon(true);
            thread.start();
            return now;
        }

        ProcStatus stop() throws InterruptedException {
            running.set(false);
            thread.join();
            return peak.get().max(ProcStatus.of(pid));
        }

        @Override
        public void close() throws InterruptedException {
            running.set(false);
            if (thread != null) {
                thread.join();
            }
        }
    }
}
