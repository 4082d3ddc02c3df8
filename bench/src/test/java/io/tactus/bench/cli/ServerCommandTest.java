package io.tactus.bench.cli;

import io.tactus.rt.CpuLatencyRequest;
import io.tactus.server.ServerSettings;
import io.tactus.server.driver.javasound.JavaSoundDevice;
import io.tactus.server.driver.wav.WavFiles;
import io.tactus.server.driver.wav.WavSampleFormat;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static io.tactus.bench.cli.CommandRun.errorOf;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class ServerCommandTest {

    @TempDir
    Path temp;

    @Test
    void shouldSayInOneSentenceThatThereIsNoSoundDeviceAndWhatToUseInstead() {
        assumeTrue(JavaSoundDevice.list().isEmpty(), "this machine has a sound device");
        assertEquals("tactus: no Java Sound playback device found (AudioSystem lists no mixer with a SourceDataLine);"
                + " use -d dummy or -d wav", errorOf("server", "-d", "javasound", "--no-realtime"));
        assertEquals("tactus: Java Sound device 'USB Audio' not found, and AudioSystem lists no playback device at all;"
                + " use -d dummy or -d wav", errorOf("server", "-d", "javasound", "--device", "USB Audio", "--no-realtime"));
        assertEquals("tactus: no Java Sound devices found; use -d dummy or -d wav", errorOf("devices"));
    }

    @Test
    void shouldRefuseAnotherDriversFlagsAndBadDriverFlagsWithOneSentence() {
        assertEquals("tactus: --device is a flag of -d javasound, not of -d dummy; drop it or add -d javasound",
                errorOf("server", "--device", "hw0"));
        assertEquals("tactus: --periods is a flag of -d javasound, not of -d wav; drop it or add -d javasound",
                errorOf("server", "-d", "wav", "-n", "3"));
        assertEquals("tactus: --input is a flag of -d wav, not of -d javasound; drop it or add -d wav",
                errorOf("server", "-d", "javasound", "--input", "in.wav"));
        assertEquals("tactus: --periods must be at least 2, not 1", errorOf("server", "-d", "javasound", "--periods", "1"));
        assertEquals("tactus: --freewheel needs --input FILE (without an input the render would never end); add --input or"
                + " drop --freewheel", errorOf("server", "-d", "wav", "--freewheel"));
        assertEquals("tactus: --async needs a server that keeps time, and --freewheel runs as fast as the graph goes;"
                + " drop one of them", errorOf("server", "-d", "wav", "--freewheel", "--async", "--input", "in.wav"));
        assertEquals("tactus: capture file " + temp.resolve("missing.wav") + " does not exist; check the path",
                errorOf("server", "-d", "wav", "--no-realtime", "--input", temp.resolve("missing.wav").toString()));
    }

    @Test
    void shouldRenderTheInputFileThroughTheServerAndStopWhenItEnds() throws Exception {
        int frames = 48_000 / 4;
        float[][] samples = new float[2][frames];
        for (int i = 0; i < frames; i++) {
            samples[0][i] = (i % 100) / 200f;
        }
        Path in = temp.resolve("in.wav");
        Path out = temp.resolve("out.wav");
        WavFiles.write(in, samples, 48_000, WavSampleFormat.PCM16);
        String name = "wav-" + ProcessHandle.current().pid();
        String java = ProcessHandle.current().info().command().orElse("java");
        Process server = new ProcessBuilder(java, "-Xmx128m", "-Dtactus.runtime.dir=" + temp.resolve("rt"),
                "-cp", System.getProperty("java.class.path"), TactusMain.class.getName(),
                "server", "--name", name, "--no-realtime", "-d", "wav", "--input", in.toString(), "--output", out.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            String line = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8)).readLine();
            assertTrue(line.startsWith("tactus server '" + name + "': 48000 Hz, 64 frames, wav, SCHED_OTHER"), line);
            assertTrue(server.waitFor(20, TimeUnit.SECONDS), "the server stops when its input ends (a quarter second, paced)");
            assertEquals(0, server.exitValue());
        } finally {
            server.destroyForcibly();
        }
        float[][] rendered = WavFiles.readAll(out);
        assertEquals(2, rendered.length, "as many playback ports as the input has channels");
        assertEquals(frames, rendered[0].length, "the output is as long as the input");
        for (float sample : rendered[0]) {
            assertEquals(0f, sample, "nothing was connected: playback is silence");
        }
    }

    @Test
    void shouldRefuseBadOptionsWithOneSentence() {
        assertEquals("tactus: -d must be dummy, wav or javasound, not 'alsa'", errorOf("server", "-d", "alsa"));
        assertEquals("tactus: frames per period must be a power of two from 16 to 4096, not 100", errorOf("server", "-p", "100"));
        assertEquals("tactus: --no-realtime runs the engine as SCHED_OTHER; leave out --sched fifo or drop --no-realtime",
                errorOf("server", "--no-realtime", "--sched", "fifo"));
        assertEquals("tactus: server name 'a/b' is not valid: use 1 to 64 letters, digits, '.', '_' or '-', starting with"
                + " a letter, digit or '_'", errorOf("server", "--name", "a/b"));
        assertEquals("tactus: --watchdog must be none, jack, evict, bypass or governor, not 'kill'",
                errorOf("server", "--watchdog", "kill"));
    }

    @Test
    void shouldPassMaxConnectionsToTheSettingsAndRefuseABadCountWithOneSentence() {
        ServerCommand defaults = new ServerCommand();
        new CommandLine(defaults).parseArgs();
        assertEquals(ServerSettings.DEFAULT_MAX_CONNECTIONS, defaults.settings().maxConnections());
        ServerCommand many = new ServerCommand();
        new CommandLine(many).parseArgs("--max-connections", "5000");
        assertEquals(5000, many.settings().maxConnections());
        assertEquals("tactus: --max-connections, the connections open at once, must be from 1 to 100000, not 0",
                errorOf("server", "--max-connections", "0"));
        assertEquals("tactus: --max-connections, the connections open at once, must be from 1 to 100000, not 100001",
                errorOf("server", "--max-connections", "100001"));
    }

    @Test
    void shouldPrintOneLineRunUntilSigtermAndRemoveItsFiles() throws Exception {
        String name = "cmd-" + ProcessHandle.current().pid();
        Path runtime = temp.resolve("rt");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process server = new ProcessBuilder(java, "-Xmx128m", "-Dtactus.runtime.dir=" + runtime,
                "-cp", System.getProperty("java.class.path"), TactusMain.class.getName(),
                "server", "--name", name, "--no-realtime", "--ports", "1", "--async")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            Path socket = runtime.resolve(name + ".sock");
            String idle = Files.isWritable(CpuLatencyRequest.DEVICE) ? "idle CPUs poll (PM QoS 0 usecs)"
                    : "idle CPUs as the system sets them";
            assertEquals("tactus server '" + name + "': 48000 Hz, 64 frames, SCHED_OTHER nice 0, " + idle
                    + ", clients async, watchdog evict; socket " + socket, line);
            assertTrue(Files.exists(socket) && Files.exists(runtime.resolve(name + ".lock")));
            server.destroy(); // SIGTERM
            assertTrue(server.waitFor(10, TimeUnit.SECONDS), "the server stops on SIGTERM");
            assertFalse(Files.exists(socket), "socket removed");
            assertFalse(Files.exists(runtime.resolve(name + ".lock")), "lock file removed");
        } finally {
            server.destroyForcibly();
        }
    }
}
