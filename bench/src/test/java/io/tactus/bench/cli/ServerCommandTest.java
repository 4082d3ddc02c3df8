package io.tactus.bench.cli;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerCommandTest {

    @TempDir
    Path temp;

    private String errorOf(String... args) {
        PrintStream old = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true));
        try {
            int code = TactusMain.execute(args);
            assertTrue(code != 0, "a mistake exits non-zero");
        } finally {
            System.setErr(old);
        }
        return err.toString().trim();
    }

    @Test
    void shouldRefuseWhatItCannotDoYetAndBadOptionsWithOneSentence() {
        assertEquals("tactus: -d javasound is not available yet for ./tactus server; use -d dummy",
                errorOf("server", "-d", "javasound"));
        assertEquals("tactus: -d wav is not available yet for ./tactus server; use -d dummy", errorOf("server", "-d", "wav"));
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
    void shouldPrintOneLineRunUntilSigtermAndRemoveItsFiles() throws Exception {
        String name = "cmd-" + ProcessHandle.current().pid();
        Path runtime = temp.resolve("rt");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process server = new ProcessBuilder(java, "-Xmx128m", "-Dtactus.runtime.dir=" + runtime,
                "-cp", System.getProperty("java.class.path"), TactusMain.class.getName(),
                "server", "--name", name, "--no-realtime", "--ports", "1")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
            String line = out.readLine();
            Path socket = runtime.resolve(name + ".sock");
            assertEquals("tactus server '" + name + "': 48000 Hz, 64 frames, SCHED_OTHER nice 0, watchdog evict; socket "
                    + socket, line);
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
