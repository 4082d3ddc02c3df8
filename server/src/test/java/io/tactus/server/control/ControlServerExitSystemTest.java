package io.tactus.server.control;

import io.tactus.ipc.RuntimeDirectory;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A JVM that holds a control server and ends on SIGTERM without closing it (a stress or soak run stopped with
 * Ctrl-C or kill) leaves neither its graph segment in /dev/shm nor its socket behind.
 */
class ControlServerExitSystemTest {

    @TempDir
    Path temp;

    @Test
    void shouldRemoveTheSegmentAndTheSocketWhenTheJvmEndsWithoutClosing() throws Exception {
        Path runtime = temp.resolve("rt");
        String java = ProcessHandle.current().info().command().orElse("java");
        Process holder = new ProcessBuilder(java, "-Xmx128m", "-cp", System.getProperty("java.class.path"),
                Holder.class.getName(), runtime.toString())
                .redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            String segmentLine = out.readLine();
            String socketLine = out.readLine();
            assertNotNull(socketLine, "the holder printed its segment and socket");
            Path segment = Path.of(segmentLine);
            Path socket = Path.of(socketLine);
            assertTrue(Files.exists(segment) && Files.exists(socket), "both exist while it runs");
            holder.destroy(); // SIGTERM
            assertTrue(holder.waitFor(20, TimeUnit.SECONDS), "the holder ends on SIGTERM");
            assertFalse(Files.exists(segment), "segment " + segment + " removed");
            assertFalse(Files.exists(socket), "socket " + socket + " removed");
        } finally {
            holder.destroyForcibly();
        }
    }

    /** Starts a server and its control socket, prints the two paths, and waits to be killed. */
    public static final class Holder {
        public static void main(String[] args) throws InterruptedException {
            TactusServer server = ControlTestSupport.startServer(new DummyDriver(1, 1));
            ControlServer control = ControlServer.start(server, RuntimeDirectory.of(Path.of(args[0])));
            System.out.println(control.sharedGraph().segment().path());
            System.out.println(control.socketPath());
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }
}
