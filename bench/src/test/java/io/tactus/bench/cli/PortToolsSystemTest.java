package io.tactus.bench.cli;

import io.tactus.api.MetadataKeys;
import io.tactus.api.PortFlag;
import io.tactus.api.PortType;
import io.tactus.api.TactusClient;
import io.tactus.rt.SchedulingSettings;
import io.tactus.server.ServerSettings;
import io.tactus.server.TactusServer;
import io.tactus.server.control.ControlServer;
import io.tactus.server.driver.DummyDriver;
import io.tactus.server.engine.EngineSettings;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * alias, property, lsp and status against a real server and its control socket, as a user meets them: what the
 * tools change is what a client of the server sees, and what a client set is what the tools print.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class PortToolsSystemTest {

    @Test
    void shouldAliasNameAndListPortsOfARealServer() {
        String name = "h20-tools-" + ProcessHandle.current().pid();
        TactusServer server = TactusServer.start(ServerSettings.defaults().withName(name)
                .withEngine(EngineSettings.of(48_000, 64).withWarmupCycles(300)).withDriver(new DummyDriver(2, 2))
                .withScheduling(SchedulingSettings.other(0)));
        ControlServer control = null;
        try (TactusClient synth = server.openClient("synth")) {
            control = ControlServer.start(server);
            synth.registerPort("out_l", PortType.AUDIO, PortFlag.OUTPUT, PortFlag.TERMINAL);
            synth.registerPort("out_r", PortType.AUDIO, PortFlag.OUTPUT, PortFlag.TERMINAL);

            assertEquals(0, CommandRun.of("alias", "--server", name, "synth:out_l", "Synth left").code());
            assertEquals(0, CommandRun.of("property", "-s", "-p", "--server", name, "Synth left",
                    MetadataKeys.PRETTY_NAME, "Left").code());
            assertEquals(List.of("Synth left"), synth.getAliases("synth:out_l"));
            long left = synth.portByName("synth:out_l").id();
            assertEquals("Left", synth.getProperty(left, MetadataKeys.PRETTY_NAME).orElseThrow().value());

            CommandRun lsp = CommandRun.of("lsp", "-A", "-p", "-U", "--server", name, "synth:");
            assertEquals(0, lsp.code(), lsp.err());
            assertEquals(String.join("\n",
                    "synth:out_l",
                    "\tpretty name: Left",
                    "   Synth left",
                    "\tproperties: output,terminal,",
                    "\tuuid: " + left,
                    "synth:out_r",
                    "\tproperties: output,terminal,",
                    "\tuuid: " + synth.portByName("synth:out_r").id()) + "\n", lsp.out());

            assertEquals("Left\n", CommandRun.of("property", "--server", name, Long.toString(left),
                    MetadataKeys.PRETTY_NAME).out());
            assertEquals(0, CommandRun.of("alias", "-u", "--server", name, "synth:out_l", "Synth left").code());
            assertEquals(List.of(), synth.getAliases("synth:out_l"));
            assertEquals("tactus: port 'synth:out_l' has no alias 'Synth left'",
                    CommandRun.errorOf("alias", "-u", "--server", name, "synth:out_l", "Synth left"));
            assertEquals("tactus: no client or port has id 987654321; lsp -U shows the ids there are",
                    CommandRun.errorOf("property", "-s", "--server", name, "987654321", MetadataKeys.PRETTY_NAME, "x"));

            String status = CommandRun.of("status", "--server", name).out();
            assertTrue(status.contains("Delay Maximum . . . . . . . . : ") && status.contains("Last XRUN Delay . . . . . . . : "),
                    status);
        } finally {
            if (control != null) {
                control.close();
            }
            server.close();
        }
    }
}
