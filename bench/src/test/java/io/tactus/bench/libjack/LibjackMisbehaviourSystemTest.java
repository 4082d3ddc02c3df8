package io.tactus.bench.libjack;

import io.tactus.api.TactusClient;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.control.RemoteClient;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogEvent;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.Test;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static io.tactus.bench.libjack.LibjackServers.settings;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Native clients (the project's C test client through Tactus's libjack) that go wrong beside a native chain
 * (test client, two tactus_jt3) playing into an in-process recorder: one killed with -9, one stopped with SIGSTOP
 * and let go with SIGCONT, one spinning forever in its process callback. As for the Java process clients, the
 * killed one leaves the graph, the stopped one collects timeouts and answers again, the spinning one is evicted
 * and its realtime thread demoted; the chain's ramp reaches the recorder sample-exact throughout.
 */
class LibjackMisbehaviourSystemTest {

    private static final String NAME = "libjack-misbehaviour-" + ProcessHandle.current().pid();
    /** The sched policy in /proc/PID/task/TID/stat: SCHED_OTHER 0, SCHED_FIFO 1. */
    private static final int SCHED_OTHER = 0;
    private static final int SCHED_FIFO = 1;

    @Test
    void shouldPlayOnWhenANativeClientIsKilledAndWhenOneIsStoppedAndContinued() throws Exception {
        String name = NAME + "-kill-stop";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2), PolicyKind.NONE));
             ControlServer control = ControlServer.start(server);
             TactusClient recorderClient = server.openClient("recorder");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            RampRecorder recorder = chain(recorderClient, clients);
            NativeClients.Started killed = beside(recorderClient, clients, "killed");
            NativeClients.Started stopped = beside(recorderClient, clients, "stopped");
            assertTrue(Poll.within(30_000, () -> recorder.periods() >= 500), "the chain plays: " + recorder.periods());

            killed.process().destroyForcibly(); // kill -9
            assertTrue(Poll.within(5_000, () -> server.graph().clientOrNull("killed") == null), "killed left the graph");
            long afterKill = recorder.periods();
            assertTrue(Poll.within(30_000, () -> recorder.periods() >= afterKill + 500), "the chain plays on");

            RemoteClient remote = control.client("stopped").orElseThrow();
            long timeoutsBefore = remote.timeouts();
            signal(stopped.process().pid(), "STOP");
            long stoppedTimeouts;
            try {
                assertTrue(Poll.within(30_000, () -> remote.timeouts() - timeoutsBefore > 100),
                        "a stopped client collects timeouts: " + (remote.timeouts() - timeoutsBefore));
                long whileStopped = recorder.periods();
                assertTrue(Poll.within(30_000, () -> recorder.periods() >= whileStopped + 500),
                        "the chain plays on beside it");
                stoppedTimeouts = remote.timeouts() - timeoutsBefore;
            } finally {
                signal(stopped.process().pid(), "CONT");
            }
            // It answers again once half a second passes with few timeouts, within 10 s.
            long resumeDeadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
            long lateInWindow;
            do {
                long before = remote.timeouts();
                Thread.sleep(500);
                lateInWindow = remote.timeouts() - before;
            } while (lateInWindow >= 20 && System.nanoTime() < resumeDeadline);
            assertTrue(lateInWindow < 20, "after SIGCONT it answers again: " + lateInWindow + " timeouts in 0.5 s");
            System.out.printf("libjack misbehaviour: killed gone, stopped %d timeouts; the chain %d periods checked,"
                            + " %d silent, %d samples out of place%n", stoppedTimeouts, recorder.periods(),
                    recorder.silentPeriods(), recorder.mismatches());
            assertEquals(0, recorder.mismatches(), "every sample of the chain's ramp follows its predecessor");
            assertTrue(stopped.process().isAlive() && server.graph().clientOrNull("stopped") != null);
        }
    }

    @Test
    void shouldEvictAndDemoteANativeClientSpinningInItsProcessCallbackAndPlayOn() throws Exception {
        String name = NAME + "-spin";
        NativeClients.Started spinner = null;
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2), PolicyKind.EVICT));
             ControlServer control = ControlServer.start(server);
             TactusClient recorderClient = server.openClient("recorder");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            RampRecorder recorder = chain(recorderClient, clients);
            spinner = clients.start(clients.program("tactus_test_client").toString(), "--name", "spinner",
                    "--spin-after", "3000"); // past the server's grace for a new client
            assertTrue(spinner.awaitLine("ready", 30).isPresent(), spinner.output());
            RemoteClient remote = control.client("spinner").orElseThrow();
            Path stat = Path.of("/proc", Long.toString(remote.pid()), "task", Integer.toString(remote.processThreadTid()),
                    "stat");
            boolean fifo = policy(stat) == SCHED_FIFO;
            assertTrue(spinner.awaitLine("spinning", 60).isPresent(), spinner.output());

            assertTrue(Poll.within(60_000, () -> server.watchdog().events().stream()
                    .anyMatch(e -> e.action() == WatchdogEvent.Action.EVICT && e.client().equals("spinner"))),
                    "the spinning client was evicted");
            WatchdogEvent eviction = server.watchdog().events().stream()
                    .filter(e -> e.action() == WatchdogEvent.Action.EVICT).findFirst().orElseThrow();
            assertEquals("spinner", eviction.client(), "the first eviction is the spinner's: " + eviction.reason());
            assertEquals(SCHED_OTHER, policy(stat), "its process thread, still spinning, is SCHED_OTHER");
            long afterEviction = recorder.periods();
            assertTrue(Poll.within(30_000, () -> recorder.periods() >= afterEviction + 500), "the chain plays on");
            System.out.printf("libjack spinning client (%s before): %s; the chain %d periods checked, %d silent, %d"
                            + " samples out of place%n", fifo ? "SCHED_FIFO" : "SCHED_OTHER", eviction.reason(),
                    recorder.periods(), recorder.silentPeriods(), recorder.mismatches());
            assertEquals(0, recorder.mismatches(), "every sample of the chain's ramp follows its predecessor");
            assertTrue(server.watchdog().events().stream().noneMatch(e -> e.action() == WatchdogEvent.Action.EVICT
                    && !e.client().equals("spinner")), "no other client evicted");
            assertTrue(spinner.process().isAlive(), "the spinner is still there, spinning at normal priority");
        } finally {
            if (spinner != null) {
                spinner.process().destroyForcibly(); // no spinning thread is left on the machine
                assertTrue(spinner.process().waitFor(10, TimeUnit.SECONDS), "the spinner was stopped");
            }
        }
    }

    /** The test client's ramp through two tactus_jt3 into an in-process recorder. */
    private static RampRecorder chain(TactusClient recorderClient, NativeClients clients) throws Exception {
        RampRecorder recorder = new RampRecorder(recorderClient);
        recorderClient.activate();
        String jt3 = clients.program("tactus_jt3").toString();
        NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(), "--name", "tc");
        NativeClients.Started a = clients.start(jt3, "--name", "a", "--ports", "1", "--work", "0");
        NativeClients.Started b = clients.start(jt3, "--name", "b", "--ports", "1", "--work", "0");
        for (NativeClients.Started s : new NativeClients.Started[] {tc, a, b}) {
            assertTrue(s.awaitLine(s == tc ? "ready" : "jt3", 30).isPresent(), "joined: " + s.output());
        }
        recorderClient.connect("tc:out", "a:in_1");
        recorderClient.connect("a:out_1", "b:in_1");
        recorderClient.connect("b:out_1", "recorder:in");
        return recorder;
    }

    /** A test client fed by the chain's source and playing to the driver, beside the chain. */
    private static NativeClients.Started beside(TactusClient wiring, NativeClients clients, String name) throws Exception {
        NativeClients.Started s = clients.start(clients.program("tactus_test_client").toString(), "--name", name);
        assertTrue(s.awaitLine("ready", 30).isPresent(), "joined: " + s.output());
        wiring.connect("tc:out", name + ":in");
        wiring.connect(name + ":out", "system:playback_1");
        return s;
    }

    /** The thread's scheduling policy, field 41 of its stat (the fields after the command's closing parenthesis). */
    private static int policy(Path stat) throws java.io.IOException {
        String line = Files.readString(stat);
        String[] fields = line.substring(line.lastIndexOf(')') + 2).split(" ");
        return Integer.parseInt(fields[41 - 3]);
    }

    /** kill -SIGNAL PID for a process this test started. */
    private static void signal(long pid, String signal) throws Exception {
        Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(pid)).inheritIO().start();
        assertTrue(kill.waitFor(5, TimeUnit.SECONDS) && kill.exitValue() == 0, "kill -" + signal + " " + pid);
    }
}
