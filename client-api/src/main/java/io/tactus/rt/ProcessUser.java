package io.tactus.rt;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** This process's user id, as the kernel reports it for /proc/self: the owner the runtime directory must have. */
public final class ProcessUser {

    private ProcessUser() {
    }

    /**
     * The real user id of this process.
     *
     * @throws IOException when /proc/self cannot say (not Linux, or /proc not mounted)
     */
    public static int currentUid() throws IOException {
        try {
            return (Integer) Files.getAttribute(Path.of("/proc/self"), "unix:uid");
        } catch (UnsupportedOperationException | IllegalArgumentException e) {
            throw new IOException(e.getMessage(), e);
        }
    }
}
