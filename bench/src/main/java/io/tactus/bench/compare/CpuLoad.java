package io.tactus.bench.compare;

import io.tactus.api.TactusException;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * {@code stress-ng --cpu 2} for the whole of one window, client start included, as JACK2's reference scenario b.
 * Its own {@code --timeout} ends it even if this JVM dies; {@link #close()} stops it by its PID (stress-ng stops
 * its workers on SIGTERM).
 */
final class CpuLoad implements AutoCloseable {

    static final List<String> COMMAND = List.of("stress-ng", "--cpu", "2");
    private final Process process;

    private CpuLoad(Process process) {
        this.process = process;
    }

    /** Starts it for at most {@code seconds}; null when {@code on} is false. */
    static CpuLoad start(boolean on, int seconds, Path log, ProcessGuard guard) {
        if (!on) {
            return null;
        }
        List<String> command = new java.util.ArrayList<>(COMMAND);
        command.addAll(List.of("--timeout", seconds + "s"));
        try {
            return new CpuLoad(guard.started(new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start()));
        } catch (IOException e) {
            throw new TactusException("cannot start stress-ng for --load cpu (" + e.getMessage()
                    + "); install it with 'apt-get install stress-ng'");
        }
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(2, TimeUnit.SECONDS);
        }
    }
}
