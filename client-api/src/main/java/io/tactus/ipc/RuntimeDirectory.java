package io.tactus.ipc;

import io.tactus.api.TactusException;
import io.tactus.rt.ProcessUser;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Where a user's Tactus servers keep their control sockets and lock files: {@code $XDG_RUNTIME_DIR/tactus}
 * when that is a writable directory, else {@code /tmp/tactus-<uid>}. The directory is private (mode 0700,
 * owned by the user), which is the socket's real protection: the peer-credential check behind it only
 * catches what slips past. One class computes it for server and client, so they cannot disagree.
 *
 * <p>For tests, the system property {@value #OVERRIDE_PROPERTY} names another directory (the environment
 * cannot be changed inside a JVM); {@link #of(Path)} does the same for one object.
 */
public final class RuntimeDirectory {

    /** System property that replaces the computed directory (tests, and anyone who needs two sets of servers). */
    public static final String OVERRIDE_PROPERTY = "tactus.runtime.dir";

    /** A server name becomes part of file names; the longest one still leaves room in a socket path. */
    public static final int MAX_SERVER_NAME = 64;

    /** sun_path holds 108 bytes including the terminating NUL. */
    static final int MAX_SOCKET_PATH_BYTES = 107;

    private static final Pattern SERVER_NAME = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9._-]*");
    private static final Set<PosixFilePermission> PRIVATE = PosixFilePermissions.fromString("rwx------");

    private final Path path;

    private RuntimeDirectory(Path path) {
        this.path = path.toAbsolutePath().normalize();
    }

    /** The current user's directory, computed (not created, not checked): what a client looks in. */
    public static RuntimeDirectory ofCurrentUser() {
        String override = System.getProperty(OVERRIDE_PROPERTY);
        if (override != null && !override.isBlank()) {
            return new RuntimeDirectory(Path.of(override));
        }
        return new RuntimeDirectory(locate(System.getenv("XDG_RUNTIME_DIR"), currentUid()));
    }

    /** An explicit directory, with the same rules for creating and checking it. */
    public static RuntimeDirectory of(Path directory) {
        return new RuntimeDirectory(directory);
    }

    /**
     * The rule of the contract: {@code <xdg>/tactus} when {@code xdg} is a writable directory, else
     * {@code /tmp/tactus-<uid>}.
     */
    static Path locate(String xdgRuntimeDir, int uid) {
        if (xdgRuntimeDir != null && !xdgRuntimeDir.isEmpty()) {
            Path xdg = Path.of(xdgRuntimeDir);
            if (xdg.isAbsolute() && Files.isDirectory(xdg) && Files.isWritable(xdg)) {
                return xdg.resolve("tactus");
            }
        }
        return Path.of("/tmp", "tactus-" + uid);
    }

    /** This process's user id, as the kernel reports it for /proc/self. */
    public static int currentUid() {
        try {
            return ProcessUser.currentUid();
        } catch (IOException e) {
            throw new TactusException("cannot read this process's user id from /proc/self (" + e.getMessage()
                    + "); out-of-process clients need Linux");
        }
    }

    public Path path() {
        return path;
    }

    /** {@code <dir>/<name>.sock}, the server's control socket; one sentence for a name that cannot be a file name. */
    public Path socketPath(String serverName) {
        Path socket = path.resolve(requireServerName(serverName) + ".sock");
        int bytes = socket.toString().getBytes(StandardCharsets.UTF_8).length;
        if (bytes > MAX_SOCKET_PATH_BYTES) {
            throw new TactusException("the socket path " + socket + " is " + bytes + " bytes long but a Unix socket path"
                    + " may have at most " + MAX_SOCKET_PATH_BYTES + "; choose a shorter server name or runtime directory");
        }
        return socket;
    }

    /** {@code <dir>/<name>.lock}, which the running server holds locked and which names its pid. */
    public Path lockPath(String serverName) {
        return path.resolve(requireServerName(serverName) + ".lock");
    }

    /** Checks a server name: letters, digits, '.', '_' and '-', not starting with '.' or '-', at most 64 characters. */
    public static String requireServerName(String name) {
        if (name == null || name.length() > MAX_SERVER_NAME || !SERVER_NAME.matcher(name).matches()) {
            throw new TactusException("server name '" + name + "' is not valid: use 1 to " + MAX_SERVER_NAME
                    + " letters, digits, '.', '_' or '-', starting with a letter, digit or '_'");
        }
        return name;
    }

    /**
     * Creates the directory with mode 0700 if it is missing, then checks that it is this user's and private.
     * Server side. Returns this.
     */
    public RuntimeDirectory createIfMissing() {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            try {
                Files.createDirectories(path.getParent());
                Files.createDirectory(path, PosixFilePermissions.asFileAttribute(PRIVATE));
                Files.setPosixFilePermissions(path, PRIVATE); // whatever the umask did
            } catch (FileAlreadyExistsException raced) {
                // another server created it meanwhile; check it below like any existing one
            } catch (IOException | UnsupportedOperationException e) {
                throw new TactusException("cannot create the runtime directory " + path + " (" + e.getMessage()
                        + "); set XDG_RUNTIME_DIR to a directory you can write");
            }
        }
        requireSecure();
        return this;
    }

    /**
     * True when the directory exists and is this user's and private; false when it does not exist; one sentence
     * otherwise.
     */
    public boolean existsSecurely() {
        if (!Files.exists(path, LinkOption.NOFOLLOW_LINKS)) {
            return false;
        }
        requireSecure();
        return true;
    }

    private void requireSecure() {
        try {
            if (!Files.isDirectory(path, LinkOption.NOFOLLOW_LINKS)) {
                throw new TactusException("the runtime directory " + path + " is not a directory; remove it or set"
                        + " XDG_RUNTIME_DIR to a directory of your own");
            }
            int owner = (Integer) Files.getAttribute(path, "unix:uid", LinkOption.NOFOLLOW_LINKS);
            int uid = currentUid();
            if (owner != uid) {
                throw new TactusException("the runtime directory " + path + " belongs to uid " + owner + ", not to you (uid "
                        + uid + "); remove it or set XDG_RUNTIME_DIR to a directory of your own");
            }
            Set<PosixFilePermission> mode = Files.getPosixFilePermissions(path, LinkOption.NOFOLLOW_LINKS);
            if (mode.stream().anyMatch(p -> !p.name().startsWith("OWNER_"))) {
                throw new TactusException("the runtime directory " + path + " is open to other users (mode "
                        + PosixFilePermissions.toString(mode) + "); make it private with chmod 700 " + path);
            }
        } catch (IOException | UnsupportedOperationException e) {
            throw new TactusException("cannot check the runtime directory " + path + " (" + e.getMessage() + ")");
        }
    }

    @Override
    public String toString() {
        return path.toString();
    }
}
