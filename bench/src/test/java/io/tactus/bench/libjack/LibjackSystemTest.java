package io.tactus.bench.libjack;

import io.tactus.api.MidiBuffer;
import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.bench.cli.TactusMain;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.driver.Driver;
import io.tactus.server.driver.wav.WavDriver;
import io.tactus.server.driver.wav.WavDriverSettings;
import io.tactus.server.driver.wav.WavFiles;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Native processes through Tactus's libjack.so.0 against a real server and control socket (in this JVM): the
 * project's own C test client's ramp arrives sample-exact at an in-process recorder, also through a chain of
 * native jack_test3 clients and after a native client beside it is killed with -9; its process thread makes
 * no allocation after warm-up; its shutdown callback hears the server stop. When JACK's example programs are
 * installed (package jackd2), jack_lsp, jack_connect, jack_disconnect and jack_simple_client run unmodified
 * (the sine recorded by the wav driver at its frequency); without them those tests are skipped, saying why.
 */
class LibjackSystemTest {

    private static final String NAME = "libjack-" + ProcessHandle.current().pid();
    private static final int RATE = 48_000;
    private static final String NO_JACK = "JACK's example programs are not installed (apt-get install jackd2)";

    @Test
    void shouldDeliverTheNativeClientsRampSampleExactToAnInProcessRecorder() throws Exception {
        try (TactusServer server = TactusServer.start(settings(NAME + "-ramp", new DummyDriver(2, 2)));
             ControlServer control = ControlServer.start(server);
             TactusClient recorderClient = server.openClient("recorder");
             NativeClients clients = new NativeClients(NAME + "-ramp", control.directory().path())) {
            RampRecorder recorder = new RampRecorder(recorderClient);
            recorderClient.activate();
            NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(),
                    "--name", "tc", "--connect-to", "recorder:in");
            assertTrue(tc.awaitLine("ready tc", 30).isPresent(), "the test client joined: " + tc.output());
            assertTrue(Poll.within(30_000, () -> recorder.periods() >= 1_000), "1000 periods of the ramp arrived: "
                    + recorder.periods());
            System.out.printf("libjack ramp: %d periods checked, %d silent, %d samples out of place%n",
                    recorder.periods(), recorder.silentPeriods(), recorder.mismatches());
            assertEquals(0, recorder.mismatches(), "every sample follows its predecessor");
            assertEquals(java.util.List.of("recorder:in"), recorderClient.getConnections("tc:out"));
        }
    }

    @Test
    void shouldPlayThroughAChainOfNativeJt3ClientsAndSurviveOneKilled() throws Exception {
        String name = NAME + "-chain";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2)));
             ControlServer control = ControlServer.start(server);
             TactusClient recorderClient = server.openClient("recorder");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            RampRecorder recorder = new RampRecorder(recorderClient);
            recorderClient.activate();
            String jt3 = clients.program("tactus_jt3").toString();
            NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(), "--name", "tc");
            NativeClients.Started a = clients.start(jt3, "--name", "a", "--ports", "1", "--work", "0");
            NativeClients.Started b = clients.start(jt3, "--name", "b", "--ports", "1", "--work", "0");
            NativeClients.Started side = clients.start(jt3, "--name", "side", "--ports", "2", "--work", "8");
            for (NativeClients.Started s : new NativeClients.Started[] {tc, a, b, side}) {
                assertTrue(s.awaitLine(s == tc ? "ready" : "jt3", 30).isPresent(), "joined: " + s.output());
            }
            recorderClient.connect("tc:out", "a:in_1");
            recorderClient.connect("a:out_1", "b:in_1");
            recorderClient.connect("b:out_1", "recorder:in");
            recorderClient.connect("tc:out", "side:in_1");
            recorderClient.connect("side:out_1", "system:playback_1");
            assertTrue(Poll.within(30_000, () -> recorder.periods() >= 500), "the ramp came through a and b: "
                    + recorder.periods());

            side.process().destroyForcibly(); // kill -9
            long killed = System.nanoTime();
            assertTrue(Poll.within(5_000, () -> server.graph().clientOrNull("side") == null), "side left the graph");
            System.out.printf("native jt3 killed with -9: gone after %.0f ms%n", (System.nanoTime() - killed) / 1e6);
            long before = recorder.periods();
            assertTrue(Poll.within(30_000, () -> recorder.periods() >= before + 500), "the chain plays on: "
                    + (recorder.periods() - before));
            System.out.printf("libjack chain: %d periods checked, %d silent, %d samples out of place%n",
                    recorder.periods(), recorder.silentPeriods(), recorder.mismatches());
            assertEquals(0, recorder.mismatches(), "the ramp passes the two jt3 (mean of one input, no filter) exactly");
            assertTrue(a.process().isAlive() && b.process().isAlive() && tc.process().isAlive(), "the others run on");
        }
    }

    @Test
    void shouldCarryNativeMidiToAJavaClientAndToAnotherNativeClient() throws Exception {
        String name = NAME + "-midi";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2)));
             ControlServer control = ControlServer.start(server);
             TactusClient listener = server.openClient("listener");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            Port midiIn = listener.registerPort("midi_in", PortType.MIDI, PortFlag.INPUT);
            AtomicLong notes = new AtomicLong();
            AtomicLong wrong = new AtomicLong();
            listener.setProcessCallback(nframes -> {
                MidiBuffer events = midiIn.getMidiBuffer();
                for (int e = 0; e < events.eventCount(); e++) {
                    boolean noteOn = events.size(e) == 3 && events.frame(e) == 0 && events.get(e, 0) == 0x90
                            && events.get(e, 2) == 100;
                    (noteOn ? notes : wrong).incrementAndGet();
                }
            });
            listener.activate();
            String program = clients.program("tactus_test_client").toString();
            NativeClients.Started a = clients.start(program, "--name", "a");
            NativeClients.Started b = clients.start(program, "--name", "b");
            assertTrue(a.awaitLine("ready", 30).isPresent() && b.awaitLine("ready", 30).isPresent(),
                    a.output() + b.output());
            listener.connect("a:midi_out", "listener:midi_in");
            listener.connect("a:midi_out", "b:midi_in");
            assertTrue(Poll.within(30_000, () -> notes.get() >= 1_000), "a's notes reached the Java client: " + notes);

            Optional<String> summary = b.awaitLine("midi-in ", 30); // printed once 500 notes have come
            System.out.printf("libjack MIDI: the Java client read %d notes (%d wrong); native b: %s%n", notes.get(),
                    wrong.get(), summary.orElse("nothing"));
            assertEquals(0, wrong.get(), "every event is a's note-on at frame 0");
            assertTrue(summary.isPresent(), b.output());
            String[] words = summary.get().split(" "); // midi-in M bad B
            assertTrue(Long.parseLong(words[1]) >= 500, "b received a's notes: " + summary.get());
            assertEquals("0", words[3], "and nothing else: " + summary.get());
        }
    }

    @Test
    void shouldFindAClientsNameByItsUuidAndItsUuidByItsName() throws Exception {
        String name = NAME + "-uuid";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2)));
             ControlServer control = ControlServer.start(server);
             TactusClient probe = server.openClient("probe");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(), "--name", "tc",
                    "--uuid-of", "probe");
            Optional<String> line = tc.awaitLine("uuids ", 30);
            assertTrue(line.isPresent(), tc.output());
            // Its own uuid and name, probe's both ways, and NULL for an id no client has.
            assertEquals("uuids own " + server.graph().clientUuid("tc") + " tc other " + server.graph().clientUuid("probe")
                    + " probe unknown (null)", line.get());
        }
    }

    @Test
    void shouldMakeNoAllocationOnTheProcessThreadAfterWarmUp() throws Exception {
        String name = NAME + "-malloc";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2)));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            Path shim = clients.program("tactus_test_client").getParent().resolveSibling("lib")
                    .resolve("libtactus_malloc_count.so");
            NativeClients.Started tc = clients.start(Map.of("LD_PRELOAD", shim.toString()),
                    clients.program("tactus_test_client").toString(), "--name", "counted",
                    "--connect-to", "system:playback_1", "--count-mallocs", "--transport");
            Optional<String> line = tc.awaitLine("mallocs ", 60);
            assertTrue(line.isPresent(), "the client counted 1000 cycles: " + tc.output());
            Optional<String> transport = tc.awaitLine("transport ", 10);
            System.out.println("libjack process thread: " + line.get() + "; " + transport.orElse("-"));
            assertEquals("mallocs 0 in 1000 cycles", line.get());
            // The sync and timebase duties ran in the window counted (slow-sync, master, located every 50 ms).
            String[] words = transport.orElseThrow().split(" "); // transport sync S timebase T
            assertTrue(Long.parseLong(words[2]) > 0 && Long.parseLong(words[4]) > 0, transport.get());

            // The master's BBT (4/4 at 120 bpm from the frame) reaches every client's transport.
            try (TactusClient probe = server.openClient("probe")) {
                TransportPosition position = new TransportPosition();
                assertTrue(Poll.within(30_000, () -> probe.transport().query(position) == TransportState.ROLLING
                        && position.bbtValid()), "a rolling transport with the master's BBT");
                assertEquals(120.0, position.beatsPerMinute());
                assertEquals(1920.0, position.ticksPerBeat());
                assertEquals(position.frame() / (RATE / 2) / 4 + 1, position.bar(), "bar of frame " + position.frame());
            }
        }
    }

    @Test
    void shouldTellTheShutdownCallbackOnceWhenTheServerStops() throws Exception {
        String name = NAME + "-stop";
        TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2)));
        ControlServer control = ControlServer.start(server);
        try (NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(), "--name", "tc");
            assertTrue(tc.awaitLine("ready", 30).isPresent(), tc.output());
            server.close();
            Optional<String> line = tc.awaitLine("shutdown ", 10);
            assertTrue(line.isPresent(), "the shutdown callback ran: " + tc.output());
            assertTrue(tc.process().waitFor(10, java.util.concurrent.TimeUnit.SECONDS));
            assertEquals(3, tc.process().exitValue(), tc.output());
            assertEquals(1, tc.lines().stream().filter(l -> l.startsWith("shutdown ")).count());
        } finally {
            control.close(); // its socket, lock and graph segment go with it
            server.close();
        }
    }

    @Test
    void shouldListConnectAndDisconnectWithJacksOwnTools() throws Exception {
        Assumptions.assumeTrue(NativeClients.installed("jack_lsp") && NativeClients.installed("jack_connect")
                && NativeClients.installed("jack_disconnect"), NO_JACK);
        String name = NAME + "-tools";
        try (TactusServer server = TactusServer.start(settings(name, new DummyDriver(2, 2)));
             ControlServer control = ControlServer.start(server);
             TactusClient wiring = server.openClient("wiring");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started tc = clients.start(clients.program("tactus_test_client").toString(), "--name", "tc");
            assertTrue(tc.awaitLine("ready", 30).isPresent(), tc.output());

            NativeClients.Started connect = clients.run("jack_connect", "tc:out", "system:playback_2");
            assertEquals(0, connect.process().exitValue(), "jack_connect: " + connect.output());
            assertEquals(java.util.List.of("system:playback_2"), wiring.getConnections("tc:out"));

            NativeClients.Started lsp = clients.run("jack_lsp", "-c", "-t", "-p");
            System.out.println("jack_lsp -c -t -p on Tactus:\n" + lsp.output());
            assertEquals(0, lsp.process().exitValue());
            String out = lsp.output();
            assertTrue(out.contains("system:playback_1") && out.contains("tc:midi_in"), out);
            assertTrue(out.contains("tc:out\n   system:playback_2"), "the connection, indented under its port: " + out);
            assertTrue(out.contains("8 bit raw midi") && out.contains("properties: output,physical,terminal,"), out);

            NativeClients.Started disconnect = clients.run("jack_disconnect", "tc:out", "system:playback_2");
            assertEquals(0, disconnect.process().exitValue(), "jack_disconnect: " + disconnect.output());
            assertEquals(java.util.List.of(), wiring.getConnections("tc:out"));

            // The same through `tactus run`, whose exit status is the program's: 0 here, 1 for a server that is not there.
            assertEquals(0, TactusMain.execute("run", "--server", name, "jack_lsp", "system:playback_1"));
            assertEquals(1, TactusMain.execute("run", "--server", name + "-missing", "jack_lsp"));
            assertEquals(1, TactusMain.execute("run", "no-such-jack-program"));
        }
    }

    @Test
    void shouldRecordJackSimpleClientsSinesAtTheirFrequencies(@TempDir Path dir) throws Exception {
        Assumptions.assumeTrue(NativeClients.installed("jack_simple_client"), NO_JACK);
        String name = NAME + "-sine";
        Path wav = dir.resolve("simple.wav");
        TactusServer server = TactusServer.start(settings(name,
                new WavDriver(new WavDriverSettings(null, wav, 2, 2, true, 0, null))));
        try (ControlServer control = ControlServer.start(server);
             TactusClient probe = server.openClient("probe");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            RampRecorder heard = new RampRecorder(probe); // here only its count of periods that were not silent
            probe.activate();
            NativeClients.Started simple = clients.start("jack_simple_client");
            assertTrue(Poll.within(30_000, () -> !probe.getConnections("system:playback_1").isEmpty()),
                    "jack_simple_client connected its outputs to the physical playback ports");
            probe.connect("jack_simple_client:output1", "probe:in");
            assertTrue(Poll.within(30_000, () -> heard.periods() >= 1_500), "two seconds of sine: " + heard.periods());
            assertTrue(simple.process().isAlive());
        } finally {
            server.close(); // writes the file
        }
        float[][] recorded = WavFiles.readAll(wav);
        double left = SineFrequency.of(recorded[0], RATE);
        double right = SineFrequency.of(recorded[1], RATE);
        System.out.printf("jack_simple_client on Tactus, recorded by the wav driver: %.2f Hz and %.2f Hz%n", left, right);
        // Its table of 200 samples, stepped by 1 and 3: rate / 200 and 3 rate / 200.
        assertEquals(RATE / 200.0, left, RATE / 200.0 * 0.01);
        assertEquals(3 * RATE / 200.0, right, 3 * RATE / 200.0 * 0.01);
    }

    static ServerSettings settings(String name, Driver driver) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(RATE, 64).withWarmupCycles(300).withSpinNanos(1_000_000))
                .withDriver(driver)
                .withScheduling(root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE));
    }
}
