package io.tactus.bench.libjack;

import io.tactus.api.TactusClient;
import io.tactus.api.TransportPosition;
import io.tactus.api.TransportState;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import io.tactus.testing.Poll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Debian's JACK programs (package jackd2), unmodified, through Tactus's libjack.so.0 against a real server: the
 * run-time switches (jack_bufsize, jack_freewheel), aliases (jack_alias, jack_lsp -A), metadata (jack_property),
 * latency (jack_latent_client, jack_lsp -l), graph notifications (jack_evmon) and the transport (jack_transport,
 * jack_showtime, jack_wait), the rate (jack_samplerate) and the load (jack_cpu_load). Each test is skipped, saying
 * so, when its programs are not installed.
 */
class LibjackJackToolsSystemTest {

    private static final String NAME = "libjack-tools-" + ProcessHandle.current().pid();

    @Test
    void shouldSwitchTheBufferSizeAndFreewheelWithJackBufsizeAndJackFreewheel() throws Exception {
        assume("jack_bufsize", "jack_freewheel");
        String name = NAME + "-bufsize";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started cb = clients.start(clients.program("tactus_callbacks_client").toString(), "--name", "cb");
            assertTrue(cb.awaitLine("ready cb", 30).isPresent(), cb.output());
            assertEquals(List.of("64"), clients.run("jack_bufsize").lines());
            NativeClients.Started set = clients.run("jack_bufsize", "256");
            assertEquals(0, set.process().exitValue(), set.output());
            assertTrue(cb.awaitLine("process-at 256 after-callback yes", 30).isPresent(), cb.output());
            assertEquals(List.of("256"), clients.run("jack_bufsize").lines());

            assertEquals(0, clients.run("jack_freewheel", "y").process().exitValue());
            assertTrue(cb.awaitLine("freewheel-cb 1", 30).isPresent(), cb.output());
            assertEquals(0, clients.run("jack_freewheel", "n").process().exitValue());
            assertTrue(cb.awaitLine("freewheel-cb 0", 30).isPresent(), cb.output());
        }
    }

    @Test
    void shouldSetListAndUnsetAnAliasWithJackAliasAndJackLsp() throws Exception {
        assume("jack_alias", "jack_lsp");
        String name = NAME + "-alias";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            assertEquals(0, clients.run("jack_alias", "system:capture_1", "mic-left").process().exitValue());
            assertEquals(List.of("system:capture_1", "   mic-left"),
                    clients.run("jack_lsp", "-A", "system:capture_1").lines());
            assertEquals(0, clients.run("jack_alias", "-u", "system:capture_1", "mic-left").process().exitValue());
            assertEquals(List.of("system:capture_1"), clients.run("jack_lsp", "-A", "system:capture_1").lines());
        }
    }

    @Test
    void shouldSetListAndDeletePropertiesWithJackProperty() throws Exception {
        assume("jack_property");
        String name = NAME + "-property";
        String key = "http://jackaudio.org/metadata/pretty-name";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started set = clients.run("jack_property", "--port", "-s", "system:capture_1", key, "Left mic");
            assertEquals(0, set.process().exitValue(), set.output());
            assertEquals(List.of("key: " + key + " value: Left mic"),
                    clients.run("jack_property", "--port", "-l", "system:capture_1").lines());
            assertEquals(0, clients.run("jack_property", "-D").process().exitValue());
            assertEquals(List.of(), clients.run("jack_property", "--port", "-l", "system:capture_1").lines());
        }
    }

    @Test
    void shouldAddJackLatentClientsLatencyToThePathWithJackLspL() throws Exception {
        assume("jack_latent_client", "jack_lsp");
        String name = NAME + "-latent";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            clients.start("jack_latent_client", "300"); // connects the first capture and playback ports itself
            // One period of the dummy driver's capture, plus the 300 frames the client declares in its callback.
            assertTrue(Poll.within(30_000, () -> lsp(clients, "system:playback_1")
                    .contains("port capture latency = [ 364 364 ] frames")), "the latency reached playback_1: "
                    + lsp(clients, "system:playback_1"));
            String input = lsp(clients, "latent:input");
            assertTrue(input.contains("port playback latency = [ 364 364 ] frames"), input);
        }
    }

    @Test
    void shouldPrintOtherClientsAndPortsWithJackEvmon() throws Exception {
        assume("jack_evmon");
        String name = NAME + "-evmon";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started evmon = clients.start("stdbuf", "-oL", "jack_evmon");
            // Active, not only joined: JACK tells a client of the graph only once it has activated (the library
            // listens from just before its Activate request, so the server's active flag means it hears).
            assertTrue(Poll.within(30_000, () -> {
                var monitor = server.graph().clientOrNull("event-monitor");
                return monitor != null && monitor.isActive();
            }), "jack_evmon joined and activated");
            TactusClient other = server.openClient("other");
            other.close();
            assertTrue(evmon.awaitLine("Client other unregistered", 30).isPresent(), evmon.output());
            assertTrue(evmon.lines().indexOf("Client other registered")
                    < evmon.lines().indexOf("Client other unregistered"), evmon.output());
        }
    }

    @Test
    void shouldLocateAndRollWithJackTransportAndShowItWithJackShowtimeAndJackWait() throws Exception {
        assume("jack_transport", "jack_showtime", "jack_wait");
        String name = NAME + "-transport";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             TactusClient probe = server.openClient("probe");
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            assertEquals(List.of("running"), clients.run("jack_wait", "-c").lines());
            NativeClients.Started transport = clients.start("jack_transport");
            transport.process().getOutputStream().write("locate 48000\nplay\n".getBytes(StandardCharsets.UTF_8));
            transport.process().getOutputStream().flush();
            TransportPosition position = new TransportPosition();
            assertTrue(Poll.within(30_000, () -> probe.transport().query(position) == TransportState.ROLLING
                    && position.frame() >= 48_000), "jack_transport located and started the transport");
            transport.process().getOutputStream().write("stop\nquit\n".getBytes(StandardCharsets.UTF_8));
            transport.process().getOutputStream().flush();
            assertTrue(Poll.within(30_000, () -> probe.transport().query(position) == TransportState.STOPPED),
                    "and stopped it");
            NativeClients.Started showtime = clients.start("jack_showtime");
            assertTrue(showtime.awaitLine("frame = ", 30).orElse("").endsWith("state: Stopped"), showtime.output());
        }
    }

    @Test
    void shouldPrintTheServersRateWithJackSamplerate() throws Exception {
        assume("jack_samplerate");
        String name = NAME + "-rate";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started rate = clients.run("jack_samplerate");
            assertEquals(0, rate.process().exitValue(), rate.output());
            assertEquals(List.of("48000"), rate.lines());
        }
    }

    @Test
    void shouldPrintLoadsWithinZeroAndAHundredWithJackCpuLoadAndExitWhenAsked() throws Exception {
        assume("jack_cpu_load");
        String name = NAME + "-load";
        try (TactusServer server = TactusServer.start(settings(name));
             ControlServer control = ControlServer.start(server);
             NativeClients clients = new NativeClients(name, control.directory().path())) {
            NativeClients.Started load = clients.start("stdbuf", "-oL", "jack_cpu_load");
            assertTrue(Poll.within(30_000, () -> load.lines().size() >= 3), "three loads, one a second: " + load.output());
            for (String line : List.copyOf(load.lines())) {
                assertTrue(line.startsWith("jack DSP load "), line);
                double percent = Double.parseDouble(line.substring("jack DSP load ".length()));
                assertTrue(percent >= 0 && percent <= 100, "a load in percent: " + line);
            }
            System.out.println("jack_cpu_load on Tactus: " + load.lines().subList(0, 3));
            load.process().destroy(); // SIGTERM: its handler closes the client and exits 0
            assertTrue(load.process().waitFor(10, java.util.concurrent.TimeUnit.SECONDS), "it exited when asked");
            assertEquals(0, load.process().exitValue());
            assertTrue(Poll.within(10_000, () -> server.graph().clientOrNull("jack_cpu_load") == null),
                    "and left the graph");
        }
    }

    /** What {@code jack_lsp -l PORT} prints. */
    private static String lsp(NativeClients clients, String port) {
        try {
            return clients.run("jack_lsp", "-l", port).output();
        } catch (java.io.IOException | InterruptedException failed) {
            throw new IllegalStateException("jack_lsp did not run: " + failed.getMessage(), failed);
        }
    }

    private static void assume(String... programs) {
        for (String program : programs) {
            Assumptions.assumeTrue(NativeClients.installed(program),
                    program + " is not installed (apt-get install jackd2); skipped");
        }
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
