package io.tactus.ipc;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where a user's Tactus servers keep their control sockets and lock files: {@code $XDG_RUNTIME_DIR/tactus}
 * when that is a writable directory, else {@code /tmp/tactus-<uid>}. Server and clients compute it here, in
 * one place, so they cannot disagree.
 *
 * <p>MINIMAL STAND-IN written by the client side so it compiles on its own: it only computes the paths and
 * neither creates nor checks the directory. The server side's version of this class (same name, same
 * {@link #forCurrentUser()} and {@link #socket(String)}) replaces it at the merge.
 */
public final class RuntimeDirectory {

    private final Path directory;

    private RuntimeDirectory(Path directory) {
        this.directory = directory;
    }

    /** The current user's runtime directory, as the contract defines it. */
    public static RuntimeDirectory forCurrentUser() {
        String xdg = System.getenv("XDG_RUNTIME_DIR");
        if (xdg != null && !xdg.isEmpty()) {
            Path base = Path.of(xdg);
            if (Files.isDirectory(base) && Files.isWritable(base)) {
                return new RuntimeDirectory(base.resolve("tactus"));
            }
        }
        return new RuntimeDirectory(Path.of("/tmp", "tactus-" + uid()));
    }

    /** The control socket of the server named {@code serverName}: {@code <runtime>/<serverName>.sock}. */
    public Path socket(String serverName) {
        return directory.resolve(serverName + ".sock");
    }

    private static int uid() {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (Exception e) {
            return -1;
        }
    }
}
