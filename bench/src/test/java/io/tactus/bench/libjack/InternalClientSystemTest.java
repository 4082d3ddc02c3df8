package io.tactus.bench.libjack;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.bench.cli.NativeLibrary;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.control.InternalClients;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.FloatBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Internal clients (jack_internal_client_load and friends) against a real server: the project's C test client
 * loads the project's test internal client (a pass-through, so no jackd2 is needed), whose host process the
 * server starts; data passes through it; it is found by name and unloaded, its ports and its host gone. Failures
 * give JACK's status bits; a host killed with -9 is forgotten; a server that stops stops its hosts. With jackd2
 * installed, Debian's jack_load and jack_unload load JACK's own {@code inprocess}.
 */
class InternalClientSystemTest {

    private static final String NAME = "intclient-" + ProcessHandle.current().pid();
    private static final NativeLibrary LIBRARY = NativeLibrary.locate();
    private static final String OBJECT = LIBRARY.libraryDirectory().resolve("tactus_test_intclient.so").toString();
    private static String previousDirectory;

    @BeforeAll
    static void pointAtTheHost() {
        previousDirectory = System.setProperty(InternalClients.NATIVE_DIRECTORY_PROPERTY, LIBRARY.directory().toString());
    }

    @AfterAll
    static void restore() {
        if (previousDirectory == null) {
            System.clearProperty(InternalClients.NATIVE_DIRECTORY_PROPERTY);
        } else {
            System.setProperty(InternalClients.NATIVE_DIRECTORY_PROPERTY, previousDirectory);
        }
    }

    @Test
    void shouldPassDataThroughALoadedInternalClientAndRemoveItsPortsAndHostWhenUnloaded() throws Exception {
        String name = NAME + "-load";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             TactusClient source = server.openClient("source");
             TactusClient sink = server.openClient("sink");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            Port out = source.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
            source.setProcessCallback(n -> {
                FloatBuffer b = out.getFloatBuffer();
                for (int i = 0; i < n; i++) {
                    b.put(i, 0.25f);
                }
            });
            Port in = sink.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
            AtomicInteger heard = new AtomicInteger(); // the last sample's bits
            sink.setProcessCallback(n -> heard.set(Float.floatToRawIntBits(in.getFloatBuffer().get(n - 1))));
            source.activate();
            sink.activate();

            NativeClients.Started cb = clients.start(clients.program("tactus_callbacks_client").toString(), "--name", "cb");
            assertTrue(cb.awaitLine("ready cb", 30).isPresent(), cb.output());
            say(cb, "load ic " + OBJECT + " -");
            assertEquals(Optional.of("load 1 0x0 ic"), cb.awaitLine("load ", 30), cb.output());
            assertTrue(server.graph().portNames().containsAll(List.of("ic:input", "ic:output")), "the client's ports");
            long host = control.internalClients().hostPids().get("ic");

            source.connect("source:out", "ic:input");
            source.connect("ic:output", "sink:in");
            assertTrue(Poll.within(10_000, () -> Float.intBitsToFloat(heard.get()) == 0.25f),
                    "source's 0.25 came through ic to sink: " + Float.intBitsToFloat(heard.get()));

            say(cb, "handle ic");
            assertEquals(Optional.of("handle 1 0x0"), cb.awaitLine("handle ", 30), cb.output());
            say(cb, "unload 1");
            assertEquals(Optional.of("unload 0x0"), cb.awaitLine("unload ", 30), cb.output());
            assertFalse(server.graph().portNames().contains("ic:input"), "ports gone: " + server.graph().portNames());
            assertFalse(ProcessHandle.of(host).map(ProcessHandle::isAlive).orElse(false), "host " + host + " gone");
            assertTrue(Poll.within(10_000, () -> Float.intBitsToFloat(heard.get()) == 0f), "sink hears silence without ic");
        }
    }

    @Test
    void shouldAnswerJackStatusBitsWhenALoadFailsOrTheNameIsTaken() throws Exception {
        String name = NAME + "-fail";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started cb = clients.start(clients.program("tactus_callbacks_client").toString(), "--name", "cb");
            assertTrue(cb.awaitLine("ready cb", 30).isPresent(), cb.output());

            say(cb, "load a " + LIBRARY.libraryDirectory().resolve("no-such-object.so") + " -");
            assertEquals(Optional.of("load 0 0x81 -"), cb.awaitLine("load ", 30), "JackFailure|JackLoadFailure");
            cb.lines().clear();
            say(cb, "load b " + OBJECT + " fail");
            assertEquals(Optional.of("load 0 0x101 -"), cb.awaitLine("load ", 30), "JackFailure|JackInitFailure");
            cb.lines().clear();
            say(cb, "loadx cb " + OBJECT + " -");
            assertEquals(Optional.of("load 0 0x5 -"), cb.awaitLine("load ", 30), "JackFailure|JackNameNotUnique");
            assertEquals(Map.of(), control.internalClients().hostPids(), "no host left by a failed load");
            cb.lines().clear();
            say(cb, "load cb " + OBJECT + " -");
            assertEquals(Optional.of("load 1 0x4 cb-01"), cb.awaitLine("load ", 30), "a unique name, JackNameNotUnique");
            cb.lines().clear();
            say(cb, "handle nobody");
            assertEquals(Optional.of("handle 0 0x41"), cb.awaitLine("handle ", 30), "JackFailure|JackNoSuchClient");
            say(cb, "unload 7");
            assertEquals(Optional.of("unload 0x41"), cb.awaitLine("unload ", 30), "JackFailure|JackNoSuchClient");
        }
    }

    @Test
    void shouldForgetAHostKilledWithSigkillAndStopTheRestWhenTheServerStops() throws Exception {
        String name = NAME + "-crash";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            long survivor;
            try {
                NativeClients.Started cb = clients.start(clients.program("tactus_callbacks_client").toString(), "--name", "cb");
                assertTrue(cb.awaitLine("ready cb", 30).isPresent(), cb.output());
                say(cb, "load doomed " + OBJECT + " -");
                assertTrue(cb.awaitLine("load 1 0x0 doomed", 30).isPresent(), cb.output());
                say(cb, "load kept " + OBJECT + " -");
                assertTrue(cb.awaitLine("load 2 0x0 kept", 30).isPresent(), cb.output());
                long doomed = control.internalClients().hostPids().get("doomed");
                survivor = control.internalClients().hostPids().get("kept");

                ProcessHandle.of(doomed).orElseThrow().destroyForcibly();
                assertTrue(Poll.within(10_000, () -> !control.internalClients().hostPids().containsKey("doomed")
                        && !server.graph().portNames().contains("doomed:input")), "the killed host forgotten, its client gone");
                cb.lines().clear();
                say(cb, "handle doomed");
                assertEquals(Optional.of("handle 0 0x41"), cb.awaitLine("handle ", 30), cb.output());
                assertTrue(server.graph().portNames().contains("kept:input"), "the other internal client plays on");
            } finally {
                control.close(); // idempotent: the try's close does nothing more
            }
            assertTrue(Poll.within(10_000, () -> ProcessHandle.of(survivor).map(p -> !p.isAlive()).orElse(true)),
                    "the server's stop stopped host " + survivor);
        }
    }

    @Test
    void shouldLoadAndUnloadJacksInprocessWithJackLoadAndJackUnload() throws Exception {
        Assumptions.assumeTrue(NativeClients.installed("jack_load") && NativeClients.installed("jack_unload")
                        && java.nio.file.Files.exists(java.nio.file.Path.of("/usr/lib/x86_64-linux-gnu/jack/inprocess.so")),
                "jackd2's jack_load, jack_unload and inprocess.so are not installed (apt-get install jackd2); skipped");
        String name = NAME + "-inprocess";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started load = clients.run("jack_load", "inprocess");
            assertEquals(0, load.process().exitValue(), load.output());
            assertTrue(server.graph().portNames().containsAll(List.of("inprocess:input", "inprocess:output")),
                    server.graph().portNames().toString());
            assertEquals(List.of("inprocess:output"), server.graph().connectionsOf("system:playback_1"),
                    "inprocess connected itself to the first playback port");
            NativeClients.Started unload = clients.run("jack_unload", "inprocess");
            assertEquals(List.of("inprocess unloaded."), unload.lines());
            assertFalse(server.graph().portNames().contains("inprocess:input"));
            assertEquals(Map.of(), control.internalClients().hostPids());
        }
    }

    private static void say(NativeClients.Started client, String command) throws IOException {
        OutputStream stdin = client.process().getOutputStream();
        stdin.write((command + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    private static ServerSettings settings(String name) {
        boolean root = "root".equals(System.getProperty("user.name"));
        return ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300).withSpinNanos(1_000_000))
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(root ? SchedulingSettings.fifo(70) : SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE));
    }
}
