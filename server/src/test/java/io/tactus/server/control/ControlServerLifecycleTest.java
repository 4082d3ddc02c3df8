package io.tactus.server.control;

import io.tactus.api.TactusException;
import io.tactus.ipc.ControlDecoder;
import io.tactus.ipc.ControlFrame;
import io.tactus.ipc.Notification;
import io.tactus.ipc.Reply;
import io.tactus.ipc.Request;
import io.tactus.ipc.RuntimeDirectory;
import io.tactus.server.TactusServer;
import io.tactus.server.driver.DummyDriver;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.nio.file.attribute.UserPrincipal;
import java.nio.file.attribute.UserPrincipalLookupService;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.tactus.server.control.ControlTestSupport.PYTHON;
import static io.tactus.server.control.ControlTestSupport.helloFromAnotherProcess;
import static io.tactus.testing.Poll.within;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/** Starting and stopping the control socket: the name's lock, what a crashed server left, who may connect. */
class ControlServerLifecycleTest {


    private static final Path SETPRIV = Path.of("/usr/bin/setpriv");

    @TempDir
    Path temp;

    private static TactusServer server;

    @BeforeAll
    static void start() {
        server = ControlTestSupport.startServer(new DummyDriver(2, 2));
    }

    @AfterAll
    static void stop() {
        server.close();
        server = null; // ~100 MB of telemetry records
    }

    @Test
    void shouldRefuseASecondControlServerOfTheSameNameWithOneSentence() throws Exception {
        RuntimeDirectory dir = RuntimeDirectory.of(temp.resolve("rt"));
        try (ControlServer first = ControlServer.start(server, dir)) {
            TactusException refused = assertThrows(TactusException.class, () -> ControlServer.start(server, dir));
            assertEquals("a Tactus server named '" + server.name() + "' is already running (pid "
                    + ProcessHandle.current().pid() + "); stop it or choose another --name", refused.getMessage());
            assertEquals(ProcessHandle.current().pid() + "\n", Files.readString(first.lockPath()), "the lock names its holder");
            try (FakeClient client = FakeClient.connect(first.socketPath())) {
                client.hello("still-served");
                client.ok(new Request.Goodbye());
            }
        }
        try (ControlServer again = ControlServer.start(server, dir)) {
            assertTrue(Files.exists(again.socketPath()), "the name is free again once the first has closed");
        }
    }

    @Test
    void shouldRefuseWhileAnotherProcessHoldsTheLockAndTakeItOverOnceReleased() throws Exception {
        assumeTrue(Files.isExecutable(PYTHON), "needs " + PYTHON + " to hold a lock from another process");
        RuntimeDirectory dir = RuntimeDirectory.of(temp.resolve("rt")).createIfMissing();
        Path lock = dir.lockPath(server.name());
        String script = String.join("\n",
                "import fcntl, os, sys",
                "f = open(sys.argv[1], 'a+')",
                "fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)",
                "f.truncate(0); f.write(str(os.getpid()) + '\\n'); f.flush()",
                "print('locked', flush=True)",
                "sys.stdin.read()");
        Process holder = new ProcessBuilder(PYTHON.toString(), "-I", "-c", script, lock.toString())
                .redirectErrorStream(true).start();
        try {
            BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
            assertEquals("locked", out.readLine());
            TactusException refused = assertThrows(TactusException.class, () -> ControlServer.start(server, dir));
            assertEquals("a Tactus server named '" + server.name() + "' is already running (pid " + holder.pid()
                    + "); stop it or choose another --name", refused.getMessage());
            assertTrue(Files.exists(lock), "the holder's lock file is left alone");
            holder.getOutputStream().close(); // the holder exits, as a crashed server would
            assertTrue(holder.waitFor(5, TimeUnit.SECONDS));
            try (ControlServer control = ControlServer.start(server, dir)) {
                assertEquals(ProcessHandle.current().pid() + "\n", Files.readString(control.lockPath()));
            }
            assertFalse(Files.exists(lock), "the lock file is removed on close");
        } finally {
            holder.destroyForcibly();
        }
    }

    @Test
    void shouldDeleteAStaleSocketAndOnlyItsOwnStaleSegments() throws Exception {
        RuntimeDirectory dir = RuntimeDirectory.of(temp.resolve("rt")).createIfMissing();
        Path socket = dir.socketPath(server.name());
        Files.writeString(socket, "left by a crashed server");
        Path shm = Path.of("/dev/shm");
        Path stale = shm.resolve("tactus-" + server.name() + "-77");
        Path otherServers = shm.resolve("tactus-" + server.name() + "-7-1"); // server '<name>-7', client 1
        Path notASegment = shm.resolve("tactus-" + server.name() + "-x7");
        List<Path> made = List.of(stale, otherServers, notASegment);
        try {
            for (Path file : made) {
                Files.writeString(file, "");
            }
            try (ControlServer control = ControlServer.start(server, dir)) {
                assertTrue(Files.readAttributes(control.socketPath(), BasicFileAttributes.class).isOther(),
                        "the stale file was replaced by a socket");
                assertFalse(Files.exists(stale), "a segment of this name is a crashed server's and is deleted");
                assertTrue(Files.exists(otherServers) && Files.exists(notASegment), "other names are left alone");
            }
            assertFalse(Files.exists(socket), "the socket is removed on close");
        } finally {
            for (Path file : made) {
                Files.deleteIfExists(file);
            }
        }
    }

    @Test
    void shouldTellEveryClientServerStoppedAndRemoveItsFilesOnClose() throws Exception {
        RuntimeDirectory dir = RuntimeDirectory.of(temp.resolve("rt"));
        ControlServer control = ControlServer.start(server, dir);
        Path segment;
        try (FakeClient client = FakeClient.connect(control.socketPath())) {
            Reply.Welcome welcome = client.hello("listener");
            segment = Path.of(welcome.graphPath());
            client.ok(new Request.RegisterPort("in", true));
            client.ok(new Request.Activate());
            control.close();
            assertTrue(client.awaitEnd());
            assertTrue(client.notifications.contains(new Notification.Shutdown("server stopped")), client.notifications.toString());
        } finally {
            control.close();
        }
        assertFalse(Files.exists(segment), "graph segment deleted");
        assertFalse(Files.exists(control.socketPath()), "socket deleted");
        assertFalse(Files.exists(control.lockPath()), "lock file deleted");
        assertNull(server.graph().clientOrNull("listener"), "the client left the graph");
        assertTrue(within(1_000, () -> control.clients().isEmpty()));
    }

    @Test
    void shouldRefuseAnotherUserOnlyTheServersOwnAndRootMayConnect() throws Exception {
        UserPrincipalLookupService users = FileSystems.getDefault().getUserPrincipalLookupService();
        UserPrincipal root = users.lookupPrincipalByName("root");
        UserPrincipal nobody = users.lookupPrincipalByName("nobody");
        assertEquals("connection refused: user nobody is not the server's user root", ControlServer.refusal(nobody, root));
        assertNull(ControlServer.refusal(root, root), "the server's own user");
        assertNull(ControlServer.refusal(root, nobody), "root may connect to anyone's server");
    }

    @Test
    void shouldRefuseAConnectionFromAnotherUserByItsPeerCredentials() throws Exception {
        assumeTrue(ControlTestSupport.isRoot() && Files.isExecutable(PYTHON) && Files.isExecutable(SETPRIV),
                "needs root, " + PYTHON + " and " + SETPRIV + " to connect as user nobody");
        // The private directory alone keeps other users out; open it up so the credential check is what stops them.
        Path base = Files.createTempDirectory("tactus-peer");
        try {
            Files.setPosixFilePermissions(base, PosixFilePermissions.fromString("rwx--x--x"));
            RuntimeDirectory dir = RuntimeDirectory.of(base.resolve("rt"));
            try (ControlServer control = ControlServer.start(server, dir)) {
                Files.setPosixFilePermissions(dir.path(), PosixFilePermissions.fromString("rwx--x--x"));
                Files.setPosixFilePermissions(control.socketPath(), PosixFilePermissions.fromString("rw-rw-rw-"));
                String output = helloFromAnotherProcess(control.socketPath(),
                        new Request.Hello("intruder", 1, 2, "normal"), SETPRIV.toString(), "--reuid=65534",
                        "--regid=65534", "--clear-groups");
                ControlFrame answer = new ControlDecoder().decode(ByteBuffer.wrap(HexFormat.of().parseHex(output)));
                assertEquals(new ControlFrame(1, new Reply.Error("connection refused: user nobody is not the server's user root")),
                        answer);
                assertNull(server.graph().clientOrNull("intruder"), "no client was made for it");
            }
        } finally {
            try (var files = Files.walk(base)) {
                files.sorted(java.util.Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }
}
