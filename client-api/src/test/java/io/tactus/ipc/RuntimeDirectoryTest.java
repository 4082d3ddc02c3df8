package io.tactus.ipc;

import io.tactus.api.TactusException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

class RuntimeDirectoryTest {

    @TempDir
    Path temp;

    @Test
    void shouldUseXdgRuntimeDirWhenItIsAWritableDirectoryElseTmp() throws Exception {
        assertEquals(temp.resolve("tactus"), RuntimeDirectory.locate(temp.toString(), 1000));
        assertEquals(Path.of("/tmp/tactus-1000"), RuntimeDirectory.locate(null, 1000));
        assertEquals(Path.of("/tmp/tactus-1000"), RuntimeDirectory.locate("", 1000));
        assertEquals(Path.of("/tmp/tactus-1000"), RuntimeDirectory.locate(temp.resolve("missing").toString(), 1000));
        assertEquals(Path.of("/tmp/tactus-1000"), RuntimeDirectory.locate("relative/dir", 1000));
        Path file = Files.writeString(temp.resolve("file"), "");
        assertEquals(Path.of("/tmp/tactus-7"), RuntimeDirectory.locate(file.toString(), 7));
    }

    @Test
    void shouldReadTheUidFromProcSelf() throws Exception {
        assertEquals(Files.getAttribute(Path.of("/proc/self"), "unix:uid"), RuntimeDirectory.currentUid());
    }

    @Test
    void shouldHonourTheOverrideProperty() {
        String old = System.getProperty(RuntimeDirectory.OVERRIDE_PROPERTY);
        System.setProperty(RuntimeDirectory.OVERRIDE_PROPERTY, temp.toString());
        try {
            assertEquals(temp, RuntimeDirectory.ofCurrentUser().path());
        } finally {
            if (old == null) {
                System.clearProperty(RuntimeDirectory.OVERRIDE_PROPERTY);
            } else {
                System.setProperty(RuntimeDirectory.OVERRIDE_PROPERTY, old);
            }
        }
    }

    @Test
    void shouldNameTheSocketAndLockAfterTheServer() {
        RuntimeDirectory dir = RuntimeDirectory.of(temp);
        assertEquals(temp.resolve("default.sock"), dir.socketPath("default"));
        assertEquals(temp.resolve("default.lock"), dir.lockPath("default"));
    }

    @Test
    void shouldCreateAPrivateDirectoryAndAcceptItAgain() throws Exception {
        RuntimeDirectory dir = RuntimeDirectory.of(temp.resolve("a/b"));
        assertFalse(dir.existsSecurely());
        dir.createIfMissing();
        assertEquals("rwx------", PosixFilePermissions.toString(Files.getPosixFilePermissions(dir.path())));
        assertTrue(dir.existsSecurely());
        dir.createIfMissing(); // an existing private directory is fine
    }

    @Test
    void shouldRefuseADirectoryOthersCanEnter() throws Exception {
        Path open = Files.createDirectory(temp.resolve("open"));
        Files.setPosixFilePermissions(open, PosixFilePermissions.fromString("rwxr-xr-x"));
        TactusException e = assertThrows(TactusException.class, () -> RuntimeDirectory.of(open).createIfMissing());
        assertEquals("the runtime directory " + open + " is open to other users (mode rwxr-xr-x); make it private with"
                + " chmod 700 " + open, e.getMessage());
        assertThrows(TactusException.class, () -> RuntimeDirectory.of(open).existsSecurely());
    }

    @Test
    void shouldRefuseAFileWhereTheDirectoryShouldBe() throws Exception {
        Path file = Files.writeString(temp.resolve("plain"), "");
        TactusException e = assertThrows(TactusException.class, () -> RuntimeDirectory.of(file).createIfMissing());
        assertEquals("the runtime directory " + file + " is not a directory; remove it or set XDG_RUNTIME_DIR to a"
                + " directory of your own", e.getMessage());
    }

    @Test
    void shouldRefuseADirectoryOfAnotherUser() throws Exception {
        assumeTrue(RuntimeDirectory.currentUid() == 0, "only root can give a directory away");
        Path theirs = Files.createDirectory(temp.resolve("theirs"));
        Files.setPosixFilePermissions(theirs, PosixFilePermissions.fromString("rwx------"));
        Files.setAttribute(theirs, "unix:uid", 65534);
        TactusException e = assertThrows(TactusException.class, () -> RuntimeDirectory.of(theirs).createIfMissing());
        assertEquals("the runtime directory " + theirs + " belongs to uid 65534, not to you (uid 0); remove it or set"
                + " XDG_RUNTIME_DIR to a directory of your own", e.getMessage());
    }

    @Test
    void shouldRefuseServerNamesThatCannotBeFileNames() {
        for (String bad : new String[]{"", "a/b", "..", ".hidden", "-dash", "a b", "x".repeat(65), "ünï"}) {
            TactusException e = assertThrows(TactusException.class, () -> RuntimeDirectory.of(temp).socketPath(bad), bad);
            assertEquals("server name '" + bad + "' is not valid: use 1 to 64 letters, digits, '.', '_' or '-',"
                    + " starting with a letter, digit or '_'", e.getMessage());
        }
        assertEquals("a-1.b_2", RuntimeDirectory.requireServerName("a-1.b_2"));
    }

    @Test
    void shouldRefuseASocketPathTooLongForUnixSockets() {
        Path deep = temp.resolve("d".repeat(100));
        TactusException e = assertThrows(TactusException.class, () -> RuntimeDirectory.of(deep).socketPath("default"));
        assertTrue(e.getMessage().startsWith("the socket path " + deep.resolve("default.sock") + " is "), e.getMessage());
        assertTrue(e.getMessage().endsWith("but a Unix socket path may have at most 107; choose a shorter server name or runtime directory"),
                e.getMessage());
    }
}
