package io.tactus.bench.cli;

import io.tactus.api.Port;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import io.tactus.server.graph.Graph;
import io.tactus.server.watchdog.PolicyKind;
import io.tactus.server.watchdog.WatchdogSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Graph notifications and latencies seen by the command-line tools: {@code tactus evmon} in a JVM of its own hears
 * exactly the sequence of changes two other clients make (a rename, a buffer-size switch and freewheel on and off
 * among them), and {@code tactus lsp -l} prints latencies as
 * {@code jack_lsp -l} does.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class EvmonSystemTest {

    private static ServerSettings settings(String name) {
        return ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300))
                .withDriver(new DummyDriver(2, 2))
                .withScheduling(SchedulingSettings.other(0))
                .withWatchdog(WatchdogSettings.defaults(PolicyKind.NONE));
    }

    @Test
    void shouldShowAMonitorInItsOwnProcessExactlyTheChangesOtherClientsMade() throws Exception {
        String name = "evmon-test-" + ProcessHandle.current().pid();
        try (TactusServer server = TactusServer.start(settings(name)); ControlServer control = ControlServer.start(server)) {
            String java = ProcessHandle.current().info().command()
                    .orElse(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
            Process monitor = new ProcessBuilder(java, "-Xmx64m", "-cp", System.getProperty("java.class.path"),
                    TactusMain.class.getName(), "evmon", "--server", name, "-n", "20", "-s").start();
            try {
                BufferedReader err = new BufferedReader(new InputStreamReader(monitor.getErrorStream(), StandardCharsets.UTF_8));
                String ready = err.readLine();
                assertEquals("tactus: listening to server '" + name + "'", ready, "the monitor joined");

                Graph graph = server.graph();
                List<String> expected = new ArrayList<>();
                try (TactusClient alpha = server.openClient("alpha"); TactusClient beta = server.openClient("beta")) {
                    expected.add("Client alpha registered");
                    expected.add("Client beta registered");
                    Port outPort = alpha.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
                    int out = graph.port("alpha:out").id();
                    expected.add("Port " + out + " alpha:out registered");
                    Port in = beta.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
                    int inId = graph.port("beta:in").id();
                    expected.add("Port " + inId + " beta:in registered");
                    beta.connect("alpha:out", "beta:in");
                    expected.addAll(List.of("Ports alpha:out and beta:in connected", "Latency callback for capture",
                            "Latency callback for playback"));
                    alpha.disconnect("alpha:out", "beta:in");
                    expected.addAll(List.of("Ports alpha:out and beta:in disconnected", "Latency callback for capture",
                            "Latency callback for playback"));
                    beta.unregisterPort(in);
                    expected.add("Port " + inId + " beta:in unregistered");
                    alpha.renamePort(outPort, "main");
                    expected.add("Port " + out + " renamed from alpha:out to alpha:main");
                    beta.setBufferSize(128);
                    expected.addAll(List.of("Buffer size is now 128 frames", "Latency callback for capture",
                            "Latency callback for playback")); // the driver's latency follows the period
                    alpha.setFreewheel(true);
                    expected.add("Freewheel started");
                    beta.setFreewheel(false);
                    expected.add("Freewheel stopped");
                    alpha.close();
                    expected.add("Port " + out + " alpha:main unregistered");
                    expected.add("Client alpha unregistered");
                }
                expected.add("Client beta unregistered");

                assertTrue(monitor.waitFor(60, TimeUnit.SECONDS), "the monitor exits after -n 20 notifications");
                List<String> printed = new String(monitor.getInputStream().readAllBytes(), StandardCharsets.UTF_8)
                        .lines().toList();
                List<String> numbered = new ArrayList<>();
                for (int i = 0; i < expected.size(); i++) {
                    numbered.add((i + 1) + " " + expected.get(i));
                }
                assertEquals(numbered, printed);
                assertEquals(0, monitor.exitValue());
            } finally {
                monitor.destroyForcibly();
                monitor.waitFor(10, TimeUnit.SECONDS);
            }
        }
    }

    @Test
    void shouldPrintLatenciesAsJackLspDoes() {
        String name = "lsp-latency-" + ProcessHandle.current().pid();
        try (TactusServer server = TactusServer.start(settings(name)); ControlServer control = ControlServer.start(server);
             TactusClient gain = server.openClient("gain")) {
            gain.registerPort("in", PortType.AUDIO, PortFlag.INPUT);
            gain.registerPort("out", PortType.AUDIO, PortFlag.OUTPUT);
            gain.connect("system:capture_1", "gain:in");
            gain.connect("gain:out", "system:playback_1");

            CommandRun run = CommandRun.of("lsp", "-l", "--server", name);
            assertEquals(0, run.code(), run.err());
            assertEquals(String.join("\n",
                    "system:capture_1", lines(64, 64, 64), "system:capture_2", lines(64, 0, 64),
                    "system:playback_1", lines(64, 64, 64), "system:playback_2", lines(64, 64, 0),
                    "gain:in", lines(0, 64, 64), "gain:out", lines(0, 64, 64)) + "\n", run.out());
        }
    }

    private static String lines(int latency, int playback, int capture) {
        return "\tport latency = " + latency + " frames\n"
                + "\tport playback latency = [ " + playback + " " + playback + " ] frames\n"
                + "\tport capture latency = [ " + capture + " " + capture + " ] frames";
    }
}
