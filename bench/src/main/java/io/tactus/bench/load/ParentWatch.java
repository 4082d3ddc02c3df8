package io.tactus.bench.load;

import java.io.IOException;
import java.io.InputStream;

/**
 * Child side of a background load process: notices that the parent has gone by its standard input
 * reaching end of file, which the kernel guarantees even when the parent is killed with SIGKILL and
 * never runs its shutdown hook. It costs one blocked daemon thread and needs the parent to keep the
 * pipe open (never to redirect the child's stdin).
 */
final class ParentWatch {

    private ParentWatch() {
    }

    /** Starts a daemon thread that drains stdin and runs {@code onParentGone} at end of file. */
    static void onParentGone(Runnable onParentGone) {
        Thread watch = new Thread(() -> {
            try (InputStream in = System.in) {
                byte[] sink = new byte[256];
                while (in.read(sink) >= 0) {
                    // the parent never writes; anything that arrives is ignored
                }
            } catch (IOException e) {
                // a broken pipe means the same as end of file
            }
            onParentGone.run();
        }, "tactus-parent-watch");
        watch.setDaemon(true);
        watch.start();
    }
}
